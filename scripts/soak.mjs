#!/usr/bin/env node
// Soak test (not part of `npm test`):
//   npm run soak -- [--minutes N | --hours H] [--tab pool|mining|accounts|session] [--cli FILE]
//                   [--dir DIR] [--fail-rate 0..1] [--outage-seconds S] [--sample-seconds S]
//                   [--node-option OPTION]…
//   node scripts/soak.mjs --analyse DIR     (the report of a run's samples, also of a cut run)
//
// Runs, at `--interval 1`, for the given time:
// - the dashboard (dist/pooltop.cjs, or --cli) in a 120×40 pseudo-terminal on the chosen tab,
//   against the embedded service (hosted here, so its counters can be read) with a fault rate,
//   through a proxy that also plays "network gone" for a while during warm-up;
// - `pooltop watch` against the same service, when the build has a `watch` command.
// Each as two processes: one started as users start it (no flags), whose RSS is read from /proc;
// and a twin with --expose-gc that samples itself right after a full collection (live heap,
// active resources, listeners): the dashboard through its diagnostics hook
// (POOLTOP_DIAG_FILE, src/ui/diagnostics.ts), the watcher through ./soak/sampler.cjs. Samples go
// to files in DIR as they are taken. Fails (exit 1) on a crash, on an RSS slope after warm-up
// above 1 MB/hour, on a count that grows, or when the dashboard does not come back clean once
// faults stop. See ./soak/analyse.mjs.
import { spawn as spawnChild, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import xterm from '@xterm/headless';
import { build } from 'esbuild';
import { spawn } from 'node-pty';
import { showsPoolData } from '../bench/markers.mjs';
import { analyseRun, reportLines, timeline, warmupMsOf } from './soak/analyse.mjs';
import { startProxy } from './soak/proxy.mjs';
import { residentParts } from './soak/smaps.mjs';

const { Terminal } = xterm;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    hours: { type: 'string' },
    tab: { type: 'string', default: 'pool' },
    cli: { type: 'string' },
    dir: { type: 'string' },
    analyse: { type: 'string' },
    'fail-rate': { type: 'string', default: '0.2' },
    'outage-seconds': { type: 'string', default: '45' },
    'sample-seconds': { type: 'string', default: '15' },
    // A Node.js or V8 option given to every pooltop process, to measure it over hours.
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});

const TABS = { pool: '1', mining: '2', accounts: '3', session: '4' };
const COLS = 120;
const ROWS = 40;

/** Reads a JSON-lines file (a cut run may end in half a line). */
function readLines(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line ? [JSON.parse(line)] : [];
      } catch {
        return [];
      }
    });
}

/** Bytes of each file in the processes' state directories (token store, seen workers, watch state). */
function stateSizes(dir) {
  const sizes = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && /[/-]state\//.test(path)) sizes[path.slice(dir.length + 1)] = statSync(path).size;
  }
  return sizes;
}

/** The report of the samples in `dir`; returns the problems found. */
function report(dir) {
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  const problems = [];
  for (const run of meta.runs) {
    const user = readLines(join(dir, `${run}-user.jsonl`));
    const twin = readLines(join(dir, `${run}-twin.jsonl`)).map((s) => ({ ...s, ms: s.t - meta.startedAt }));
    if (user.length === 0) {
      problems.push(`${run}: no samples`);
      continue;
    }
    const r = analyseRun({ user, twin, warmupMs: meta.warmupMs });
    console.log('');
    for (const line of reportLines(`${run} (${meta.node}, ${meta.label})`, r, meta.warmupMs))
      console.log(line);
    for (const line of timeline(user, twin)) console.log(line);
    problems.push(...r.problems.map((p) => `${run}: ${p}`));
  }
  const warm = existsSync(join(dir, 'state-warmup.json'))
    ? JSON.parse(readFileSync(join(dir, 'state-warmup.json'), 'utf8'))
    : {};
  console.log('\nState files, bytes at warm-up end → now:');
  for (const [file, size] of Object.entries(stateSizes(dir)))
    console.log(`  ${file}: ${warm[file] ?? '–'} → ${size}`);
  return problems;
}

if (args.analyse) {
  const problems = report(resolve(args.analyse));
  console.log(problems.length ? `\nFAIL\n- ${problems.join('\n- ')}` : '\nPASS');
  process.exit(problems.length ? 1 : 0);
}

const totalMs = Math.round(
  args.hours !== undefined ? Number(args.hours) * 3_600_000 : Number(args.minutes ?? 10) * 60_000,
);
const failRate = Number(args['fail-rate']);
const sampleMs = Number(args['sample-seconds']) * 1000;
const cli = resolve(args.cli ?? join(root, 'dist', 'pooltop.cjs'));
if (!(totalMs > 0) || !(failRate >= 0 && failRate <= 1) || !(args.tab in TABS) || !(sampleMs >= 1000)) {
  console.error(
    'usage: node scripts/soak.mjs [--minutes N | --hours H] [--tab pool|mining|accounts|session] [--cli FILE] [--dir DIR] [--fail-rate 0..1] [--outage-seconds S] [--sample-seconds S]\n       node scripts/soak.mjs --analyse DIR',
  );
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error(`${cli} is missing: run \`npm run soak\` (it builds first)`);
  process.exit(2);
}
const warmupMs = warmupMsOf(totalMs);
// The "network gone" window lies in warm-up: the first outage allocates once for every failure
// path (error objects, socket buffers, newly compiled code), and the allocator keeps that
// high-water mark, which is not a leak.
const outageAt = Math.round(warmupMs / 3);
const outageMs = Math.min(Number(args['outage-seconds']) * 1000, Math.round(warmupMs / 4));
const hasWatch =
  spawnSync(process.execPath, [cli, 'watch', '--help'], { stdio: 'ignore', timeout: 30_000 }).status === 0;

const dir = args.dir ? resolve(args.dir) : mkdtempSync(join(tmpdir(), 'pooltop-soak-'));
mkdirSync(dir, { recursive: true });
const started = Date.now();
const log = (text) =>
  console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${text}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The service, bundled from source so it runs here and its stats() can be read.
const serviceFile = join(dir, 'service.mjs');
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
const baseEnv = {};
for (const [k, v] of Object.entries(process.env)) {
  const ours = k.startsWith('WHITEBIT_') || k.startsWith('POOLTOP_') || k.startsWith('SOAK_');
  if (v !== undefined && !ours && !['DEBUG', 'NO_COLOR', 'NODE_OPTIONS', 'CI'].includes(k)) baseEnv[k] = v;
}
const homeOf = (name) => ({
  HOME: join(dir, name),
  XDG_STATE_HOME: join(dir, name, 'state'),
  XDG_CONFIG_HOME: join(dir, name, 'config'),
  XDG_CACHE_HOME: join(dir, name, 'cache'),
});
// Both dashboards share one token store (and its lock), as two pooltops of one user do: the
// service rotates refresh tokens, so a twin with a store of its own would present a token the
// other had already spent, and run with its session refused.
const dashboardEnv = (name) => ({
  ...baseEnv,
  ...homeOf(name),
  XDG_STATE_HOME: join(dir, 'dashboard-state'),
  TERM: 'xterm-256color',
  WHITEBIT_API_URL: proxy.url,
  WHITEBIT_API_KEY: c.apiKey,
  WHITEBIT_API_SECRET: c.apiSecret,
  WHITEBIT_CLIENT_ID: c.clientId,
  WHITEBIT_CLIENT_SECRET: c.clientSecret,
  WHITEBIT_REFRESH_TOKEN: c.refreshToken,
});

const runs = ['dashboard', ...(hasWatch ? ['watch'] : [])];
log(
  `${(totalMs / 60_000).toFixed(0)} min on node ${process.version}: ${runs.join(' and ')} at --interval 1 (${args.tab} tab), ` +
    `${cli}; fault rate ${failRate}, warm-up ${warmupMs / 1000} s, network gone for ${outageMs / 1000} s ` +
    `from ${outageAt / 1000} s; samples every ${sampleMs / 1000} s in ${dir}`,
);

/** A dashboard in a pty; `twin` runs it with --expose-gc and its diagnostics hook. */
function startDashboard(twin) {
  const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 0 });
  const env = dashboardEnv(twin ? 'dashboard-twin' : 'dashboard-user');
  if (twin) {
    env.POOLTOP_DIAG_FILE = join(dir, 'dashboard-twin.jsonl');
    env.POOLTOP_DIAG_EVERY_MS = String(sampleMs);
  }
  const pty = spawn(
    process.execPath,
    [...args['node-option'], ...(twin ? ['--expose-gc'] : []), cli, '--interval', '1'],
    {
      name: 'xterm-256color',
      cols: COLS,
      rows: ROWS,
      cwd: root,
      env,
    },
  );
  const p = { pid: pty.pid, quitting: false, exit: undefined, pty };
  pty.onData((data) => term.write(data));
  p.exited = new Promise((done) =>
    pty.onExit(({ exitCode, signal }) => {
      p.exit = { exitCode, signal, early: !p.quitting };
      done();
    }),
  );
  p.screen = () => {
    const buf = term.buffer.active;
    const lines = [];
    for (let y = 0; y < ROWS; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  return p;
}

// The watcher's thresholds, so it reads every source it can: the pool, every account's
// miners/info and 5-minute series, the worker listings.
const WATCH_CONFIG =
  '[thresholds.pool]\nhashrate = { warning = "1:" }\n[thresholds.mining]\nreject_rate = { warning = "~:5%" }\nworkers_gone = { warning = "~:100" }\n';

/**
 * `pooltop watch --interval 1` against the same service as the dashboard (with the API key),
 * pipes drained; `twin` with --expose-gc and the sampler.
 */
function startWatch(twin) {
  const home = homeOf(twin ? 'watch-twin' : 'watch-user');
  mkdirSync(join(home.XDG_CONFIG_HOME, 'pooltop'), { recursive: true });
  writeFileSync(join(home.XDG_CONFIG_HOME, 'pooltop', 'config.toml'), WATCH_CONFIG);
  const env = {
    ...baseEnv,
    ...home,
    WHITEBIT_API_URL: proxy.url,
    WHITEBIT_API_KEY: c.apiKey,
    WHITEBIT_API_SECRET: c.apiSecret,
  };
  const node = [];
  if (twin) {
    node.push('--expose-gc', '--require', join(root, 'scripts', 'soak', 'sampler.cjs'));
    env.SOAK_SAMPLE_FILE = join(dir, 'watch-twin.jsonl');
    env.SOAK_SAMPLE_EVERY_MS = String(sampleMs);
  }
  const child = spawnChild(
    process.execPath,
    [...args['node-option'], ...node, cli, 'watch', '--interval', '1'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const p = { pid: child.pid, quitting: false, exit: undefined, child, tail: '' };
  const keep = (d) => {
    p.tail = (p.tail + d).slice(-2000);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  p.exited = new Promise((done) =>
    child.on('exit', (exitCode, signal) => {
      p.exit = { exitCode, signal, early: !p.quitting };
      done();
    }),
  );
  return p;
}

/** VmRSS, RssAnon, RssFile and where it is (./soak/smaps.mjs) of `pid` in bytes, or undefined when it is gone. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), parts: residentParts(pid) };
  } catch {
    return undefined;
  }
}

// Users start pooltop with its compile cache (src/launch/cache-dir.ts) written by an earlier
// start, as every start but a new version's first: one unmeasured start of each user process
// writes it (3 s after its first frame).
{
  const first = startDashboard(false);
  const deadline = Date.now() + 60_000;
  while (!showsPoolData(first.screen()) && !first.exit && Date.now() < deadline) await sleep(250);
  await sleep(5000);
  first.quitting = true;
  first.pty.write('q');
  await Promise.race([first.exited, sleep(5000)]);
  if (!first.exit) first.pty.kill();
  if (hasWatch) {
    const watch = startWatch(false);
    await sleep(10_000);
    watch.quitting = true;
    watch.child.kill('SIGINT');
    await Promise.race([watch.exited, sleep(5000)]);
    if (!watch.exit) watch.child.kill('SIGKILL');
  }
  log('compile caches written');
}
const runStart = Date.now();
writeFileSync(
  join(dir, 'meta.json'),
  JSON.stringify({
    startedAt: runStart,
    warmupMs,
    totalMs,
    runs,
    node: process.version,
    nodeOptions: args['node-option'],
    label: `${args.tab} tab, ${cli}`,
  }),
);
const procs = { dashboard: { user: startDashboard(false), twin: startDashboard(true) } };
if (hasWatch) procs.watch = { user: startWatch(false), twin: startWatch(true) };
const all = Object.values(procs).flatMap((r) => [r.user, r.twin]);
for (const [run, r] of Object.entries(procs)) log(`${run}: pid ${r.user.pid}, twin pid ${r.twin.pid}`);

let cut = false;
const stopAll = () => {
  for (const p of all) {
    p.quitting = true;
    try {
      if (p.pty) p.pty.kill();
      else p.child.kill('SIGKILL');
    } catch {}
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (cut) process.exit(130);
    cut = true;
    log(`${signal}: cut short; the samples so far:`);
    stopAll();
    const problems = report(dir);
    console.log(`\nCUT SHORT (samples in ${dir})${problems.length ? `\n- ${problems.join('\n- ')}` : ''}`);
    process.exit(130);
  });
}

// The chosen tab (and the whole list, on Sub-accounts) once the dashboards have drawn.
await sleep(5000);
for (const p of [procs.dashboard.user, procs.dashboard.twin]) {
  p.pty.write(TABS[args.tab]);
  if (args.tab === 'accounts') p.pty.write('L');
}

const problems = [];
let outage;
let lastProgress = 0;
for (let i = 0; ; i++) {
  const wait = runStart + i * sampleMs - Date.now();
  if (wait > 0) await sleep(wait);
  const ms = Date.now() - runStart;
  if (ms > totalMs || all.some((p) => p.exit)) break;
  for (const [run, r] of Object.entries(procs)) {
    const m = memoryOf(r.user.pid);
    if (m) appendFileSync(join(dir, `${run}-user.jsonl`), `${JSON.stringify({ ms, ...m })}\n`);
  }
  if (!outage && ms >= outageAt && outageMs > 0) {
    outage = { at: ms, requestsBefore: service.stats().requests };
    proxy.setMode('blackhole');
    log('network gone (proxy black-holes every connection)');
  }
  if (outage && !outage.end && ms >= outage.at + outageMs) {
    outage.end = ms;
    outage.requestsAtEnd = service.stats().requests;
    proxy.setMode('up');
    log('network back');
  }
  if (outage?.end && outage.resumedAfterMs === undefined && service.stats().requests > outage.requestsAtEnd)
    outage.resumedAfterMs = ms - outage.end;
  if (ms >= warmupMs && !existsSync(join(dir, 'state-warmup.json')))
    writeFileSync(join(dir, 'state-warmup.json'), JSON.stringify(stateSizes(dir)));
  if (ms - lastProgress >= 60_000) {
    lastProgress = ms;
    const s = service.stats();
    const rss = Object.entries(procs)
      .map(([run, r]) => `${run} RSS ${((memoryOf(r.user.pid)?.rss ?? Number.NaN) / 1e6).toFixed(1)} MB`)
      .join(', ');
    log(`${rss}; service: ${s.requests} requests, ${s.faults} faults, ${s.connections} connections`);
  }
}
const runEnd = Date.now();
for (const [run, r] of Object.entries(procs)) {
  for (const p of [r.user, r.twin]) {
    if (p.exit)
      problems.push(
        `${run}: a process exited on its own (code ${p.exit.exitCode}, signal ${p.exit.signal})${p.tail ? `: ${p.tail.slice(-300)}` : ''}`,
      );
  }
}

// Faults stop: the user's dashboard must come back to a clean Pool tab by itself.
service.setFailRate(0);
proxy.setMode('up');
const user = procs.dashboard.user;
if (!user.exit) {
  user.pty.write('1');
  const deadline = Date.now() + 45_000;
  let clean = false;
  while (!clean && Date.now() < deadline && !user.exit) {
    await sleep(500);
    const s = user.screen();
    clean = /updated (just now|\d+s ago)/.test(s) && !s.includes('STALE') && !s.includes('error:');
  }
  if (!clean) problems.push(`no clean screen within 45 s after faults stopped:\n${user.screen()}`);
  // After hours: the header still says LIVE, and the status bar's clock is the wall clock's.
  const lines = user.screen().split('\n');
  if (!lines[0]?.includes('LIVE')) problems.push(`the first line is not LIVE after the run: ${lines[0]}`);
  const shown = lines.flatMap((l) => [...l.matchAll(/\b(\d\d):(\d\d):(\d\d)\b/g)]).at(-1);
  if (shown) {
    const now = new Date();
    const wall = now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
    const apart = Math.abs(Number(shown[1]) * 3600 + Number(shown[2]) * 60 + Number(shown[3]) - wall);
    const drift = Math.min(apart, 86_400 - apart);
    if (drift > 2) problems.push(`the clock shows ${shown[0]}, ${drift} s from the wall clock`);
    else log(`clock ${shown[0]} on the wall clock's second (±${drift} s); first line LIVE`);
  } else problems.push('no clock on the screen after the run');
}
for (const p of all) {
  if (p.exit) continue;
  p.quitting = true;
  if (p.pty) p.pty.write('q');
  else p.child.kill('SIGINT');
  await Promise.race([p.exited, sleep(5000)]);
  if (!p.exit) {
    problems.push(`pid ${p.pid} did not quit (q / SIGINT)`);
    stopAll();
  } else if (p.pty && p.exit.exitCode !== 0) problems.push(`pid ${p.pid} quit with code ${p.exit.exitCode}`);
}

const stats = service.stats();
await proxy.close();
await service.close();
problems.push(...report(dir));
console.log(
  `\nService: ${stats.requests} requests, ${stats.faults} faults, ${stats.connections} connections; token refreshes ${stats.refreshesAccepted} accepted, ${stats.refreshesRejected} rejected`,
);
if (outage) {
  console.log(
    `Network gone ${((outage.end - outage.at) / 1000).toFixed(0)} s; first request after it came back: ${outage.resumedAfterMs === undefined ? 'never' : `${(outage.resumedAfterMs / 1000).toFixed(1)} s`}`,
  );
  if (outage.resumedAfterMs === undefined)
    problems.push('no request reached the service after the network came back');
}
console.log(
  `Duration: ${((runEnd - runStart) / 60_000).toFixed(1)} min sampled (${((Date.now() - started) / 60_000).toFixed(1)} in all); samples in ${dir}`,
);
console.log(problems.length > 0 ? `\nFAIL\n- ${problems.join('\n- ')}` : '\nPASS');
process.exit(problems.length > 0 ? 1 : 0);
