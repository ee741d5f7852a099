#!/usr/bin/env node
// The memory rows of the bench: the dashboard as a user leaves it running, `pooltop --interval 1`
// on the Pool tab in a 120×40 pty, against `pooltop serve` in a process of its own.
//   RSS       — VmRSS of the dashboard every 30 s from its first frame with pool data, for
//               10 minutes (quick: 3); target ≤ 100 MB at every sample. The process is started as
//               users start it (no flags) and with its compile cache, like every start but a new
//               version's first.
//   live heap — a twin dashboard started beside it with `--expose-gc` and the diagnostics hook
//               (POOLTOP_DIAG_FILE, src/ui/diagnostics.ts), which takes each sample right after
//               a full collection: heap used at minute 1 and at the last minute; target growth
//               ≤ 3 MB. A twin, because the forced collections would lower the first one's RSS.
//
//   node bench/memory.mjs [--quick] [--minutes N] [--node-arg FLAG]... [--cli FILE]
//   node bench/run.mjs --only memory [--quick]
// --node-arg passes a flag to both dashboards' node (to measure a V8 setting without a build).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { showsPoolData } from './markers.mjs';
import { rssBytes } from './proc.mjs';
import { childEnv, killAllPtys, startPty } from './pty.mjs';
import { servedLine } from './served-line.mjs';
import { fmt, sleep } from './stats.mjs';

const MB = 1_000_000;
export const RSS_TARGET = 100 * MB;
export const HEAP_GROWTH_TARGET = 3 * MB;
const SAMPLE_MS = 30_000;
/** The dashboard writes its compile cache 3 s after start (src/main.ts). */
const CACHE_SAVED_AFTER_MS = 4_000;

const live = new Set();

/** `pooltop serve --json` in a child; resolves with its JSON line (base_url, credentials). */
function startServe(cliFile, env) {
  const child = spawn(process.execPath, [cliFile, 'serve', '--json', '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  return servedLine(child);
}

/** Kills the `pooltop serve` children still running (run.mjs calls it on exit and timeouts). */
export function stopChildren() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export async function measureMemory({ cliFile, minutes, nodeArgs = [], log = () => {} }) {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-bench-memory-'));
  const base = childEnv({
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    POOLTOP_STATE_DIR: join(home, 'state'),
    POOLTOP_CACHE_DIR: join(home, 'cache'),
  });
  for (const key of Object.keys(base))
    if (key.startsWith('WHITEBIT_') || key.startsWith('POOLTOP_DIAG')) delete base[key];
  const sessions = [];
  try {
    const { served } = await startServe(cliFile, base);
    const env = {
      ...base,
      WHITEBIT_API_URL: served.base_url,
      WHITEBIT_API_KEY: served.api_key,
      WHITEBIT_API_SECRET: served.api_secret,
      WHITEBIT_CLIENT_ID: served.client_id,
      WHITEBIT_CLIENT_SECRET: served.client_secret,
      WHITEBIT_REFRESH_TOKEN: served.refresh_token,
    };
    const args = [...nodeArgs, cliFile, '--interval', '1'];
    // An unmeasured start fills the compile cache.
    const filler = startPty(process.execPath, args, { cols: 120, rows: 40, env });
    sessions.push(filler);
    await filler.waitFor(showsPoolData, 30_000, 'pool data (compile cache warm-up)');
    await sleep(CACHE_SAVED_AFTER_MS);
    await filler.kill();

    const diagFile = join(home, 'diag.jsonl');
    const user = startPty(process.execPath, args, { cols: 120, rows: 40, env });
    const twin = startPty(process.execPath, ['--expose-gc', ...args], {
      cols: 120,
      rows: 40,
      env: { ...env, POOLTOP_DIAG_FILE: diagFile, POOLTOP_DIAG_EVERY_MS: String(SAMPLE_MS) },
    });
    sessions.push(user, twin);
    await Promise.all([
      user.waitFor(showsPoolData, 30_000, 'pool data'),
      twin.waitFor(showsPoolData, 30_000, 'pool data (heap twin)'),
    ]);
    const startedAt = performance.now();
    const twinStartedAt = Date.now();
    const totalMs = minutes * 60_000;
    const rss = [];
    let interrupted;
    for (let i = 0; i * SAMPLE_MS <= totalMs; i++) {
      const wait = startedAt + i * SAMPLE_MS - performance.now();
      if (wait > 0) await sleep(wait);
      const value = rssBytes(user.pid);
      if (value === undefined || user.exit || twin.exit) {
        interrupted = `a dashboard exited after ${fmt((performance.now() - startedAt) / 1000, 0)} s`;
        break;
      }
      rss.push({ s: (performance.now() - startedAt) / 1000, rss: value });
      if (i % 2 === 0) log(`memory: ${i / 2} min, RSS ${fmt(value / MB, 1)} MB`);
    }
    // One more diagnostics sample lands on quit (after a full collection, like every one).
    const samples = existsSync(diagFile)
      ? readFileSync(diagFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
          .map((s) => ({
            s: (s.t - twinStartedAt) / 1000,
            heapUsed: s.heapUsed,
            rss: s.rss,
            afterGc: s.afterGc,
          }))
      : [];
    const minute1 = samples.find((x) => x.s >= 60 - 5);
    const last = samples.filter((x) => x.s <= totalMs / 1000 + 5).at(-1);
    const maxRss = Math.max(...rss.map((x) => x.rss));
    return {
      minutes,
      nodeArgs,
      interrupted,
      rss,
      maxRss,
      rssOk: !interrupted && maxRss <= RSS_TARGET,
      heap: {
        samples,
        minute1,
        last,
        growth: minute1 && last ? last.heapUsed - minute1.heapUsed : Number.NaN,
        afterGc: samples.every((x) => x.afterGc),
      },
    };
  } finally {
    for (const session of sessions) {
      session.write('q');
      await Promise.race([session.exited, sleep(2000)]);
      await session.kill();
    }
    stopChildren();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The two table rows (bench/table.mjs) as [figure, measured, detail, target, ok]. */
export function memoryRows(m) {
  const mins = fmt(m.minutes, 0);
  const series = m.rss.map((x) => fmt(x.rss / MB, 0)).join(' ');
  const h = m.heap;
  const heapOk = h.afterGc && Number.isFinite(h.growth) && h.growth <= HEAP_GROWTH_TARGET;
  return [
    [
      `RSS, dashboard \`--interval 1\`, Pool tab, 120×40, against \`pooltop serve\` (every 30 s, ${mins} min)`,
      `max ${fmt(m.maxRss / MB, 1)} MB`,
      `MB at 0, 0.5, 1, … min: ${series}${m.nodeArgs.length ? `; node ${m.nodeArgs.join(' ')}` : ''}${m.interrupted ? `; **cut short: ${m.interrupted}**` : ''}`,
      '≤ 100 MB at every sample',
      m.interrupted ? undefined : m.rssOk,
    ],
    [
      `live heap after a full collection, minute 1 → minute ${mins} (a twin started with --expose-gc)`,
      `${Number.isFinite(h.growth) ? `${h.growth >= 0 ? '+' : ''}${fmt(h.growth / MB, 2)} MB` : 'n/a'}`,
      `${fmt((h.minute1?.heapUsed ?? Number.NaN) / MB, 1)} → ${fmt((h.last?.heapUsed ?? Number.NaN) / MB, 1)} MB; the twin's RSS ${fmt((h.last?.rss ?? Number.NaN) / MB, 1)} MB at the end${h.afterGc ? '' : '; **not after a full collection**'}`,
      '≤ +3 MB',
      m.interrupted ? undefined : heapOk,
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      minutes: { type: 'string' },
      'node-arg': { type: 'string', multiple: true, default: [] },
      cli: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const cliFile = values.cli ?? join(root, 'dist', 'pooltop.cjs');
  const minutes = Number(values.minutes ?? (values.quick ? 3 : 10));
  const stop = () => {
    killAllPtys();
    stopChildren();
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const log = (line) => process.stderr.write(`bench: ${line}\n`);
  log(
    `memory, node ${process.version}, ${minutes} min${values['node-arg'].length ? `, node ${values['node-arg'].join(' ')}` : ''}`,
  );
  const m = await measureMemory({ cliFile, minutes, nodeArgs: values['node-arg'], log });
  if (values.json) console.log(JSON.stringify(m));
  for (const [figure, measured, detail, target, ok] of memoryRows(m)) {
    console.log(
      `${figure}: ${measured} (${detail}); target ${target} ${ok === undefined ? '–' : ok ? '✓' : '✗'}`,
    );
  }
  process.exit(0);
}
