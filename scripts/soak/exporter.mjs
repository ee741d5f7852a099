#!/usr/bin/env node
// The exporter over many scrapes (not part of `npm test`):
//   node scripts/soak/exporter.mjs [--cli FILE] [--scrapes N] [--per-second N] [--interval S]
// Runs `pooltop exporter --interval S` (default 5, its shortest) against `pooltop serve` and scrapes /metrics N
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
import { residentParts } from './smaps.mjs';

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

/** Spawns `pooltop ARGV`; resolves with it and the first match of `pattern` on its stdout. */
function startCli(argv, env, pattern) {
  const proc = spawn(process.execPath, [resolve(args.cli), ...argv], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stderr.resume();
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`${argv[0]}: no start line in 60 s`)), 60_000);
    proc.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        res({ proc, match: m });
      }
    });
  });
}

// The service in a process of its own, so the RSS read is the exporter's alone.
const clean = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('WHITEBIT_') && k !== 'DEBUG'),
);
const { proc: service, match: served } = await startCli(
  ['serve', '--json'],
  { ...clean, NO_COLOR: '1' },
  /^(\{.*\})$/m,
);
const facts = JSON.parse(served[1]);
const { proc: child, match: serving } = await startCli(
  ['exporter', '--listen', '127.0.0.1:0', '--interval', args.interval],
  {
    ...clean,
    NO_COLOR: '1',
    WHITEBIT_API_URL: facts.base_url,
    WHITEBIT_API_KEY: facts.api_key,
    WHITEBIT_API_SECRET: facts.api_secret,
  },
  /serving (http:\/\/\S+\/metrics)/,
);
const url = serving[1];
let exited = false;
child.on('exit', () => (exited = true));

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
    samples.push({ scrapes: done, rss: rssMb(child.pid), parts: residentParts(child.pid) });
  }
}
samples.push({ scrapes: done, rss: rssMb(child.pid), parts: residentParts(child.pid) });
child.kill('SIGTERM');
service.kill('SIGTERM');

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
// Where the resident memory is (./smaps.mjs), after the first tenth and at the end.
const partsLine = (s) =>
  Object.entries(s?.parts ?? {})
    .map(([k, v]) => `${k} ${(v / 1e6).toFixed(1)}`)
    .join(', ');
console.log(
  `  by allocator, MB: after ${rest[0]?.scrapes}: ${partsLine(rest[0])}; at the end: ${partsLine(samples.at(-1))}`,
);
if (exited) problems.push('the exporter exited during the run');
if (failed > 0) problems.push(`${failed} scrapes failed`);
if (!(growth <= GROWTH_LIMIT_MB)) problems.push(`RSS grew ${growth.toFixed(2)} MB after warm-up`);
console.log(problems.length > 0 ? `FAIL\n- ${problems.join('\n- ')}` : 'PASS');
process.exit(problems.length > 0 ? 1 : 0);
