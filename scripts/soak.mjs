#!/usr/bin/env node
// Soak test (not part of `npm test`): `npm run soak [-- --minutes N]`.
//
// Runs the built dashboard (dist/pooltop.cjs) in a real pseudo-terminal at 1 s polling against
// the embedded service (hosted here, so its counters can be read) with a fault rate, through a
// proxy that also plays "network gone" for a while during warm-up. The dashboard samples itself
// (POOLTOP_DIAG_FILE, src/ui/diagnostics.ts): RSS, active resources by type, listener counts.
// Fails (exit 1) on a crash, on counts that grow after warm-up, on RSS growth of 5 MB or more,
// or when the dashboard does not come back clean once faults stop.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import xterm from '@xterm/headless';
import { build } from 'esbuild';
import { spawn } from 'node-pty';
import { analyse, mb, timeline } from './soak/analyse.mjs';
import { startProxy } from './soak/proxy.mjs';

const { Terminal } = xterm;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'pooltop.cjs');
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'fail-rate': { type: 'string', default: '0.2' },
    interval: { type: 'string', default: '1' },
    'outage-seconds': { type: 'string', default: '45' },
    'sample-seconds': { type: 'string', default: '5' },
  },
});
const minutes = Number(args.minutes);
const failRate = Number(args['fail-rate']);
const totalMs = Math.round(minutes * 60_000);
// Warm-up: at least 2 minutes or 30% of the run (at most half). It holds the "network gone"
// window too: the first outage allocates once for every failure path (error objects, socket
// buffers, newly compiled code), and the allocator keeps that high-water mark, which is not a
// leak. What follows warm-up must then be flat: resources, listeners, and RSS within 5 MB.
const warmupMs = Math.min(Math.round(totalMs / 2), Math.max(120_000, Math.round(totalMs * 0.3)));
const outageAt = Math.round(warmupMs / 3);
const outageMs = Math.min(Number(args['outage-seconds']) * 1000, Math.round(warmupMs / 4));
const COLS = 120;
const ROWS = 32;

if (!(minutes > 0) || !(failRate >= 0 && failRate <= 1)) {
  console.error(
    'usage: node scripts/soak.mjs [--minutes N] [--fail-rate 0..1] [--interval S] [--outage-seconds S]',
  );
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error('dist/pooltop.cjs is missing: run `npm run soak` (it builds first)');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'pooltop-soak-'));
const log = (text) =>
  console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();

// The service, bundled from source so it runs here and its stats() can be read.
const serviceFile = join(work, 'service.mjs');
await build({
  entryPoints: [join(root, 'src', 'service', 'server.ts')],
  outfile: serviceFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
const { startService } = await import(pathToFileURL(serviceFile).href);
const service = await startService({ port: 0, failRate, accessTtl: 60 });
const proxy = await startProxy(Number(new URL(service.baseUrl).port));
const c = service.credentials;
const diagFile = join(work, 'diag.jsonl');
const env = {};
for (const [k, v] of Object.entries(process.env)) {
  if (
    v !== undefined &&
    !k.startsWith('WHITEBIT_') &&
    !k.startsWith('POOLTOP_') &&
    k !== 'DEBUG' &&
    k !== 'NO_COLOR'
  ) {
    env[k] = v;
  }
}
Object.assign(env, {
  HOME: work,
  XDG_STATE_HOME: join(work, 'state'),
  XDG_CONFIG_HOME: join(work, 'config'),
  TERM: 'xterm-256color',
  WHITEBIT_API_URL: proxy.url,
  WHITEBIT_API_KEY: c.apiKey,
  WHITEBIT_API_SECRET: c.apiSecret,
  WHITEBIT_CLIENT_ID: c.clientId,
  WHITEBIT_CLIENT_SECRET: c.clientSecret,
  WHITEBIT_REFRESH_TOKEN: c.refreshToken,
  POOLTOP_DIAG_FILE: diagFile,
  POOLTOP_DIAG_EVERY_MS: String(Number(args['sample-seconds']) * 1000),
});

log(
  `${minutes} min at ${args.interval} s polling, fault rate ${failRate}, warm-up ${warmupMs / 1000} s, ` +
    `network gone for ${outageMs / 1000} s from ${outageAt / 1000} s; work dir ${work}`,
);
const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
// --expose-gc: the dashboard's samples are taken after a full collection (see diagnostics.ts).
const pty = spawn(process.execPath, ['--expose-gc', cli, '--interval', args.interval], {
  name: 'xterm-256color',
  cols: COLS,
  rows: ROWS,
  cwd: root,
  env,
});
log(`dashboard pid ${pty.pid}`);
let quitting = false;
let exit;
pty.onData((data) => term.write(data));
const exited = new Promise((resolve) =>
  pty.onExit(({ exitCode, signal }) => {
    exit = { exitCode, signal, early: !quitting };
    resolve();
  }),
);
const screen = () => {
  const buf = term.buffer.active;
  const lines = [];
  for (let y = 0; y < ROWS; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  return lines.join('\n');
};

// The run: rotate tabs, one "network gone" window, a progress line a minute.
const problems = [];
let outage;
const runStart = Date.now();
for (let tick = 0; Date.now() - runStart < totalMs && !exit; tick++) {
  await sleep(1000);
  const t = Date.now() - runStart;
  if (tick % 20 === 19) pty.write('\t');
  if (!outage && t >= outageAt && outageMs > 0) {
    outage = { at: t, requestsBefore: service.stats().requests };
    proxy.setMode('blackhole');
    log('network gone (proxy black-holes every connection)');
  }
  if (outage && !outage.end && t >= outage.at + outageMs) {
    outage.end = t;
    outage.requestsDuring = service.stats().requests - outage.requestsBefore;
    outage.requestsAtEnd = service.stats().requests;
    proxy.setMode('up');
    log('network back');
  }
  if (outage?.end && outage.resumedAfterMs === undefined && service.stats().requests > outage.requestsAtEnd) {
    outage.resumedAfterMs = t - outage.end;
  }
  if (tick % 60 === 59) {
    const s = service.stats();
    log(`requests ${s.requests}, faults ${s.faults}, connections ${s.connections}`);
  }
}
const runEnd = Date.now();
if (exit) problems.push(`the dashboard exited on its own (code ${exit.exitCode}, signal ${exit.signal})`);

// Faults stop: the Pool tab must come back clean (no error line, not stale) by itself.
service.setFailRate(0);
proxy.setMode('up');
if (!exit) {
  pty.write('1');
  const deadline = Date.now() + 45_000;
  let clean = false;
  while (!clean && Date.now() < deadline && !exit) {
    await sleep(500);
    const s = screen();
    clean = /updated (just now|\d+s ago)/.test(s) && !s.includes('STALE') && !s.includes('error:');
  }
  if (!clean) problems.push(`no clean screen within 45 s after faults stopped:\n${screen()}`);
  quitting = true;
  pty.write('q');
  await Promise.race([exited, sleep(5000)]);
  if (!exit) {
    problems.push('the dashboard did not quit on q');
    pty.kill();
  } else if (exit.exitCode !== 0) problems.push(`the dashboard quit with code ${exit.exitCode}`);
}

const samples = readFileSync(diagFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((s) => s.t <= runEnd);
const stats = service.stats();
await proxy.close();
await service.close();

console.log('\nTimeline (one sample a minute):');
for (const line of timeline(samples)) console.log(line);
if (samples.length >= 2) {
  const result = analyse(samples, warmupMs);
  problems.push(...result.problems);
  console.log(
    `\nRSS: warm-up ${mb(result.rss.warm)}, end ${mb(result.rss.end)}, growth ${mb(result.rss.growth)}`,
  );
  console.log(
    `Heap used after GC: warm-up ${mb(result.heap.warm)}, end ${mb(result.heap.end)}, growth ${mb(result.heap.growth)}`,
  );
  console.log(
    `Samples: ${samples.length} (warm-up window ${result.windows.warm}, end window ${result.windows.end})`,
  );
  console.log('Counts (warm-up window min/median/max → end window min/median/max):');
  for (const [name, v] of Object.entries(result.counts)) {
    const f = (x) => `${x.min}/${x.median}/${x.max}`;
    console.log(
      `  ${name.padEnd(34)} ${f(v.warm).padEnd(10)} → ${f(v.end).padEnd(10)}${v.growing ? '  GROWING' : ''}`,
    );
  }
} else problems.push('no diagnostics samples');
console.log(
  `\nService: ${stats.requests} requests, ${stats.faults} faults, ${stats.connections} connections; by path ${JSON.stringify(stats.byPath)}`,
);
console.log(`Token refreshes: ${stats.refreshesAccepted} accepted, ${stats.refreshesRejected} rejected`);
if (outage) {
  console.log(
    `Network gone ${((outage.end - outage.at) / 1000).toFixed(0)} s: ${outage.requestsDuring} requests reached the service meanwhile; ` +
      `first request after it came back: ${outage.resumedAfterMs === undefined ? 'never' : `${(outage.resumedAfterMs / 1000).toFixed(1)} s`}`,
  );
  if (outage.resumedAfterMs === undefined)
    problems.push('no request reached the service after the network came back');
}
console.log(
  `Duration: ${((runEnd - runStart) / 60_000).toFixed(1)} min measured, ${((Date.now() - started) / 60_000).toFixed(1)} min in all`,
);
if (problems.length > 0) {
  console.log(`\nFAIL\n- ${problems.join('\n- ')}\n(samples kept in ${diagFile})`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log('\nPASS');
process.exit(0);
