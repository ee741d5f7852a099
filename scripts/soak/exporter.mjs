#!/usr/bin/env node
// The exporter over many scrapes (not part of `npm test`):
//   node scripts/soak/exporter.mjs [--cli FILE] [--scrapes N] [--per-second N] [--interval S]
// Runs `pooltop exporter --demo --interval S` (default 5, its shortest) and scrapes /metrics N
// times (default 10,000) at N a second (default 20), reading its RSS from /proc every 10 s.
// Reports RSS after the first tenth of the scrapes and at the end, and the slope over the rest
// per 1,000 scrapes; fails (exit 1) when the RSS grows more than 1 MB over the rest, a scrape
// fails, or the exporter exits.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { slope } from './analyse.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: args } = parseArgs({
  options: {
    cli: { type: 'string', default: join(root, 'dist', 'pooltop.cjs') },
    scrapes: { type: 'string', default: '10000' },
    'per-second': { type: 'string', default: '20' },
    interval: { type: 'string', default: '5' },
  },
});
const total = Number(args.scrapes);
const everyMs = 1000 / Number(args['per-second']);
const GROWTH_LIMIT_MB = 1;

const rssMb = (pid) => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1000;
  } catch {
    return Number.NaN;
  }
};

const child = spawn(
  process.execPath,
  [resolve(args.cli), 'exporter', '--demo', '--listen', '127.0.0.1:0', '--interval', args.interval],
  {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let exited = false;
child.on('exit', () => (exited = true));
child.stderr.resume();
const url = await new Promise((res, rej) => {
  let out = '';
  const timer = setTimeout(() => rej(new Error('the exporter did not say where it serves in 60 s')), 60_000);
  child.stdout.setEncoding('utf8').on('data', (d) => {
    out += d;
    const m = /serving (http:\/\/\S+\/metrics)/.exec(out);
    if (m) {
      clearTimeout(timer);
      res(m[1]);
    }
  });
});

const samples = [];
const problems = [];
const started = Date.now();
let done = 0;
let failed = 0;
let nextSample = 0;
while (done < total && !exited) {
  const at = started + done * everyMs;
  const wait = at - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  try {
    const res = await fetch(url);
    const body = await res.text();
    if (res.status !== 200 || !body.includes('whitebit_')) failed++;
  } catch {
    failed++;
  }
  done++;
  if (Date.now() >= nextSample) {
    nextSample = Date.now() + 10_000;
    samples.push({ scrapes: done, rss: rssMb(child.pid) });
  }
}
samples.push({ scrapes: done, rss: rssMb(child.pid) });
child.kill('SIGTERM');

const warm = Math.round(total / 10);
const rest = samples.filter((s) => s.scrapes >= warm);
const perThousand = slope(rest.map((s) => ({ x: s.scrapes / 1000, y: s.rss })));
const growth = perThousand * ((total - warm) / 1000);
const atWarm = rest[0]?.rss;
const highest = Math.max(...samples.map((s) => s.rss));
console.log(
  `exporter, ${done} scrapes at ${args['per-second']}/s (${((Date.now() - started) / 60_000).toFixed(1)} min), polling every ${args.interval} s: ` +
    `RSS ${atWarm?.toFixed(1)} MB after ${warm} → ${samples.at(-1).rss.toFixed(1)} MB (highest ${highest.toFixed(1)}); ` +
    `slope ${perThousand >= 0 ? '+' : ''}${perThousand.toFixed(3)} MB per 1,000 scrapes (${growth >= 0 ? '+' : ''}${growth.toFixed(2)} MB over the rest, limit ${GROWTH_LIMIT_MB})`,
);
if (exited) problems.push('the exporter exited during the run');
if (failed > 0) problems.push(`${failed} scrapes failed`);
if (!(growth <= GROWTH_LIMIT_MB)) problems.push(`RSS grew ${growth.toFixed(2)} MB after warm-up`);
console.log(problems.length > 0 ? `FAIL\n- ${problems.join('\n- ')}` : 'PASS');
process.exit(problems.length > 0 ? 1 : 0);
