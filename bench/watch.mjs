#!/usr/bin/env node
// The watcher's rows of the bench, against the built CLI (`npm run build` first):
//   1. `pooltop watch` at a 60 s interval against `pooltop serve` (3 accounts × 40 workers, pool and
//      mining thresholds, the worker rules on): its RSS, highest of samples every second, and its CPU
//      over the idle window after the first rounds (targets ≤ 70 MB, ≤ 0.5 %), with history recorded
//      (`[history]` on, the default: the profile's file, the back-fill of the accounts at start) and,
//      with --history-off, again with `enabled = false` beside it;
//   2. the requests it makes per minute, counted on the service's side by a proxy, for 50 accounts ×
//      2,000 workers with `drop` on (the documented limit: 1,000 requests per 10 s per operation).
// No Ink or React is loaded by `watch`; both children are killed on exit; 127.0.0.1 only.
//
//   node bench/watch.mjs [--quick] [--history-off] [--idle-only]   run alone
//   npm run bench -- --only watch          from bench/run.mjs
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countingProxy } from './exporter.mjs';
import { cpuMs, hwmBytes, rssBytes } from './proc.mjs';

const live = new Set();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function cleanEnv(extra) {
  const out = { ...process.env, NO_COLOR: '1' };
  for (const k of Object.keys(out)) if (k.startsWith('WHITEBIT_') || k === 'DEBUG') delete out[k];
  return { ...out, ...extra };
}

function spawnLine(cli, args, env, pattern, stream = 'stdout') {
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let text = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]}: no start line in 60 s: ${text}`)), 60_000);
    child[stream].setEncoding('utf8').on('data', (d) => {
      text += d;
      const m = pattern.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited ${code}: ${text}`)));
  });
}

async function serve(cli, args) {
  const { match } = await spawnLine(cli, ['serve', '--json', ...args], cleanEnv({}), /^(\{.*\})$/m);
  return JSON.parse(match[1]);
}

function watchEnv(facts, base, config) {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-bench-watch-'));
  mkdirSync(join(home, 'config', 'pooltop'), { recursive: true });
  writeFileSync(join(home, 'config', 'pooltop', 'config.toml'), config);
  return {
    home,
    env: cleanEnv({
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      WHITEBIT_API_URL: base,
      WHITEBIT_API_KEY: facts.api_key,
      WHITEBIT_API_SECRET: facts.api_secret,
    }),
  };
}

const STARTED = /^pooltop watch: .*$/m;

/** RSS and idle CPU of the watcher at a 60 s interval. */
export async function measureWatchIdle(cli, { idleMs = 120_000, warmupMs = 10_000, history = true } = {}) {
  const facts = await serve(cli, []);
  const { env, home } = watchEnv(
    facts,
    facts.base_url,
    `[thresholds.pool]\nhashrate = { warning = "1:" }\n[thresholds.mining]\nreject_rate = { warning = "~:5%" }\nworkers_gone = { warning = "~:100" }\n[watch]\ninterval = "60s"\n[history]\nenabled = ${history}\n`,
  );
  const { child } = await spawnLine(cli, ['watch'], env, STARTED, 'stderr');
  let rss = 0;
  const sample = setInterval(() => {
    rss = Math.max(rss, rssBytes(child.pid) ?? 0);
  }, 1000);
  await sleep(warmupMs);
  const cpu0 = cpuMs(child.pid);
  const t0 = performance.now();
  await sleep(idleMs);
  const cpu1 = cpuMs(child.pid);
  const wall = performance.now() - t0;
  clearInterval(sample);
  // Since the process started itself again with its service settings (service-exec.ts): execve resets it.
  const hwm = hwmBytes(child.pid) ?? 0;
  await stop(child);
  rmSync(home, { recursive: true, force: true });
  return {
    rssMB: rss / 1e6,
    hwmMB: hwm / 1e6,
    cpuPct: ((cpu1 - cpu0) / wall) * 100,
    seconds: wall / 1000,
    history,
  };
}

/** SIGTERM, then the exit awaited (bounded): the watcher writes its state on the way out. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

/** Requests per minute, by operation, for 50 accounts × 2,000 workers with `drop` on. */
export async function measureWatchLoad(cli, { minutes = 3 } = {}) {
  const facts = await serve(cli, ['--mining-accounts', '50', '--workers', '2000']);
  const proxy = await countingProxy(facts.base_url);
  const { env, home } = watchEnv(
    facts,
    proxy.url,
    '[thresholds.mining]\nreject_rate = { warning = "~:5%" }\n[watch]\ninterval = "60s"\n[watch.workers]\noffline = true\ndrop = "50%"\n',
  );
  const { child } = await spawnLine(cli, ['watch'], env, STARTED, 'stderr');
  // The first minute lists every account from scratch; count the minutes after it.
  await sleep(60_000);
  const before = proxy.snapshot();
  const t0 = performance.now();
  let rss = 0;
  const sample = setInterval(() => {
    rss = Math.max(rss, rssBytes(child.pid) ?? 0);
  }, 1000);
  await sleep(minutes * 60_000);
  clearInterval(sample);
  const after = proxy.snapshot();
  const perMin = 60_000 / (performance.now() - t0);
  await stop(child);
  await proxy.close();
  rmSync(home, { recursive: true, force: true });
  const byPath = {};
  for (const [path, n] of Object.entries(after)) {
    const d = n - (before[path] ?? 0);
    if (d > 0) byPath[path.replace('/api/v4/', '')] = Math.round(d * perMin);
  }
  const total = Object.values(byPath).reduce((a, b) => a + b, 0);
  return { byPath, total, busiest: Math.max(...Object.values(byPath)), rssMB: rss / 1e6 };
}

export function watchLines(idle, load) {
  const out = [];
  if (idle?.rssMB !== undefined)
    out.push(
      `watch, 60 s interval, history ${idle.history === false ? 'off' : 'on'}: RSS ${idle.rssMB.toFixed(1)} MB (≤ 70; VmHWM ${idle.hwmMB.toFixed(1)} MB), idle CPU ${idle.cpuPct.toFixed(2)} % over ${idle.seconds.toFixed(0)} s (≤ 0.5)`,
    );
  if (load?.byPath)
    out.push(
      `watch, 50 accounts × 2,000 workers, drop on: ${load.total} requests/min (${Object.entries(load.byPath)
        .map(([p, n]) => `${p} ${n}`)
        .join(
          ', ',
        )}); busiest operation ${load.busiest}/min (limit 6,000/min each); RSS ${load.rssMB.toFixed(1)} MB`,
    );
  return out;
}

export function stopChildren() {
  for (const child of live) child.kill('SIGKILL');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const cli = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'pooltop.cjs');
  process.on('exit', stopChildren);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
  const idle = await measureWatchIdle(cli, quick ? { idleMs: 60_000 } : {});
  for (const line of watchLines(idle)) console.log(line);
  if (process.argv.includes('--history-off')) {
    const off = await measureWatchIdle(cli, { ...(quick ? { idleMs: 60_000 } : {}), history: false });
    for (const line of watchLines(off)) console.log(line);
  }
  if (process.argv.includes('--idle-only')) {
    stopChildren();
    process.exit(0);
  }
  const load = await measureWatchLoad(cli, { minutes: quick ? 2 : 3 });
  for (const line of watchLines(undefined, load)) console.log(line);
  stopChildren();
}
