#!/usr/bin/env node
// The alerts rows of the bench, against the built CLI (`npm run build` first):
//   1. a scrape of the exporter's /metrics with 3 mining accounts, median over many keep-alive
//      scrapes (target ≤ 5 ms);
//   2. the exporter's API requests per minute while Prometheus-like scrapes hammer it
//      (target = endpoints × 60 / interval, whatever the scrape rate);
//   3. `pooltop check` wall time against `pooltop pool --json`, interleaved (target ≤ 1.5×).
// Self-contained: `pooltop serve` in a child, a counting proxy in front of it (so requests are
// counted by the service's side, not by the exporter's own report), 127.0.0.1 only, every child
// killed on exit.
//
//   node bench/exporter.mjs [--quick]          run alone
//   npm run bench -- --only exporter           from bench/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, get, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The service's default 3 mining accounts: the pool, the account list, and per account
// miners/info and the hash-rate series (src/exporter/mining-targets.ts).
const MINING_ACCOUNTS = 3;
const ENDPOINTS = 1 + 1 + 2 * MINING_ACCOUNTS;
const API_PATHS = [
  '/api/v4/public/mining-pool',
  '/api/v4/mining/accounts',
  '/api/v4/mining/miners/info',
  '/api/v4/mining/hashrate',
];
const live = new Set();
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function env(extra) {
  const out = { ...process.env, NO_COLOR: '1', ...extra };
  for (const k of Object.keys(out)) if (k.startsWith('WHITEBIT_') || k === 'DEBUG') delete out[k];
  return { ...out, ...extra };
}

/** Spawns `node cli args`; resolves with the first stdout line matching `pattern`. */
function startChild(cliFile, args, pattern, childEnv) {
  const child = spawn(process.execPath, [cliFile, ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]}: no start line in 20 s`)), 20_000);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited ${code}`)));
  });
}

/** Wall time of one run of the CLI, spawn to exit, milliseconds. */
function timeRun(cliFile, args, childEnv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cliFile, ...args], { env: childEnv, stdio: 'ignore' });
    live.add(child);
    child.on('exit', (code) => {
      live.delete(child);
      resolve({ ms: performance.now() - started, code });
    });
    child.on('error', reject);
  });
}

/** A proxy that counts requests by path before handing them to the service. */
export function countingProxy(target) {
  const counts = {};
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    counts[path] = (counts[path] ?? 0) + 1;
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        count: (paths) => paths.reduce((n, p) => n + (counts[p] ?? 0), 0),
        snapshot: () => ({ ...counts }),
        close: () => {
          agent.destroy();
          server.closeAllConnections();
          return new Promise((r) => server.close(r));
        },
      }),
    ),
  );
}

const scrapeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
function scrape(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    get(`${url}/metrics`, { agent: scrapeAgent }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d));
      res.on('end', () => resolve({ ms: performance.now() - started, body }));
    }).on('error', reject);
  });
}

/** Until every endpoint, the mining accounts' included, has answered once. */
async function exporterUp(url) {
  for (let i = 0; i < 600; i++) {
    const up = (await scrape(url)).body.match(/^pooltop_up\{[^}]*\} 1$/gm) ?? [];
    if (up.length >= ENDPOINTS) return;
    await sleep(50);
  }
  throw new Error('the exporter never polled every endpoint');
}

export async function measureAlerts({ cliFile, quick = false, log = () => {} }) {
  const mode = quick ? { scrapes: 100, windowS: 30, runs: 7 } : { scrapes: 300, windowS: 60, runs: 15 };
  const home = mkdtempSync(join(tmpdir(), 'pooltop-bench-alerts-'));
  const childEnv = env({
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    POOLTOP_CACHE_DIR: join(home, 'cache'),
  });
  const result = { mode };
  let proxy;
  try {
    const { match } = await startChild(
      cliFile,
      ['serve', '--json', '--port', '0', '--mining-accounts', String(MINING_ACCOUNTS)],
      /^(\{.*\})\n/m,
      childEnv,
    );
    const served = JSON.parse(match[1]);
    const service = served.base_url;
    proxy = await countingProxy(service);
    // The key through the environment, as a service would be configured (not on the command line).
    const exporterEnv = {
      ...childEnv,
      WHITEBIT_API_KEY: served.api_key,
      WHITEBIT_API_SECRET: served.api_secret,
    };

    log('exporter: scrape time');
    const steady = await startChild(
      cliFile,
      ['exporter', '--listen', '127.0.0.1:0', '--interval', '3600', '--base-url', proxy.url],
      /serving (http:\S+)\/metrics/,
      exporterEnv,
    );
    const steadyUrl = steady.match[1];
    await exporterUp(steadyUrl);
    // Steady state, as Prometheus sees it for months: past start-up (3 s in, V8's settings
    // change) and with the scrape path warmed up.
    await sleep(3500);
    for (let i = 0; i < 100; i++) await scrape(steadyUrl);
    const times = [];
    let bytes = 0;
    for (let i = 0; i < mode.scrapes; i++) {
      const s = await scrape(steadyUrl);
      times.push(s.ms);
      bytes = s.body.length;
    }
    result.scrape = { medianMs: median(times), p90Ms: quantile(times, 0.9), n: times.length, bytes };
    steady.child.kill('SIGTERM');

    log(`exporter: API requests over ${mode.windowS} s of scrapes at 20/s`);
    const intervalS = 5;
    const busy = await startChild(
      cliFile,
      ['exporter', '--listen', '127.0.0.1:0', '--interval', String(intervalS), '--base-url', proxy.url],
      /serving (http:\S+)\/metrics/,
      exporterEnv,
    );
    const busyUrl = busy.match[1];
    await exporterUp(busyUrl);
    const before = proxy.count(API_PATHS);
    const until = performance.now() + mode.windowS * 1000;
    let scrapes = 0;
    while (performance.now() < until) {
      await scrape(busyUrl);
      scrapes++;
      await sleep(50);
    }
    const requests = proxy.count(API_PATHS) - before;
    busy.child.kill('SIGTERM');
    result.rate = {
      perMinute: (requests * 60) / mode.windowS,
      expected: (ENDPOINTS * 60) / intervalS,
      scrapesPerMinute: (scrapes * 60) / mode.windowS,
    };

    log(`check vs pool --json: ${mode.runs} runs each, interleaved`);
    const checkArgs = ['check', '--base-url', service];
    const poolArgs = ['pool', '--json', '--base-url', service];
    await timeRun(cliFile, checkArgs, childEnv); // fill each kind's code cache first
    await timeRun(cliFile, poolArgs, childEnv);
    await sleep(3500); // a launcher saves its cache at exit or 3 s in
    const check = [];
    const pool = [];
    for (let i = 0; i < mode.runs; i++) {
      const c = await timeRun(cliFile, checkArgs, childEnv);
      const p = await timeRun(cliFile, poolArgs, childEnv);
      if (c.code !== 0 || p.code !== 0) throw new Error(`check exit ${c.code}, pool exit ${p.code}`);
      check.push(c.ms);
      pool.push(p.ms);
    }
    result.check = { checkMs: median(check), poolMs: median(pool), ratio: median(check) / median(pool) };
    return result;
  } finally {
    for (const child of live) child.kill('SIGKILL');
    await proxy?.close();
    scrapeAgent.destroy();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The rows, as lines of text: figure, measured, target, ✓/✗. */
export function alertRows(r) {
  if (r.error) return [`alerts: failed: ${r.error}`];
  const mark = (ok) => (ok ? '✓' : '✗');
  const rows = [
    [
      'exporter scrape of /metrics (median)',
      `${r.scrape.medianMs.toFixed(2)} ms (p90 ${r.scrape.p90Ms.toFixed(2)}, n=${r.scrape.n}, ${r.scrape.bytes} B; pool + ${MINING_ACCOUNTS} mining accounts)`,
      '≤ 5 ms',
      mark(r.scrape.medianMs <= 5),
    ],
    [
      'exporter API requests per minute',
      `${r.rate.perMinute.toFixed(1)} while scraped ${r.rate.scrapesPerMinute.toFixed(0)}×/min`,
      `= ${r.rate.expected} (${ENDPOINTS} endpoints × 60 / 5 s)`,
      mark(Math.abs(r.rate.perMinute - r.rate.expected) <= (60 / r.mode.windowS) * ENDPOINTS),
    ],
    [
      'pooltop check vs pool --json (wall)',
      `${r.check.checkMs.toFixed(0)} vs ${r.check.poolMs.toFixed(0)} ms = ${r.check.ratio.toFixed(2)}×`,
      '≤ 1.5×',
      mark(r.check.ratio <= 1.5),
    ],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  '));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cliFile = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'pooltop.cjs');
  const quick = process.argv.includes('--quick');
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of live) child.kill('SIGKILL');
      process.exit(130);
    });
  }
  const result = await measureAlerts({ cliFile, quick, log: (l) => process.stderr.write(`bench: ${l}\n`) });
  console.log(alertRows(result).join('\n'));
  process.exit(0);
}
