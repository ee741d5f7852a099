// The history store's figures (bench/history.mjs runs this bundled, in a child):
//   round:  recording one round at 50 accounts × 2,000 workers (listings, a few workers changing,
//           each account's 5-minute point), main thread, after warm-up rounds
//   uptime: a 30-day uptime query over 2,000 workers with 30 days of rounds and hourly hash rates
//   size:   the file for 1,000 workers after a synthetic year (hourly listings with one outage a
//           worker a day, every worker's 5-minute series read all year, the accounts' series)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory } from '../../src/history/store.ts';

const quick = process.argv.includes('--quick');
const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-history-'));
const T0 = 1_700_000_000 - (1_700_000_000 % 86_400);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Wall and CPU milliseconds of `f` (CPU: this process, all but nothing else on the machine). */
function timed(f) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = f();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}
const names = (n) => Array.from({ length: n }, (_, i) => `rig-${String(i).padStart(5, '0')}`);

function open(file, now) {
  const o = openHistory({ path: join(dir, file), now: () => now, onError: (l) => console.error(l) });
  if ('unavailable' in o) throw new Error(o.unavailable);
  return o.store;
}

/** `period`: worker i of account a is away in round k when (i * 7 + a + k) % period is 0. */
function roundBench(period) {
  const accounts = Array.from({ length: 50 }, (_, i) => `acct-${i}`);
  const workers = names(2000);
  const store = open(`round-${period}.sqlite`, T0 + 86_400);
  const times = [];
  const cpu = [];
  const rounds = quick ? 15 : 40;
  for (let k = 0; k < rounds + 3; k++) {
    const at = T0 + k * 60;
    const round = {
      at,
      intervalS: 60,
      accounts: accounts.map((account, a) => ({
        account,
        // A different few workers are away in each round, for one round each.
        listing: { at, names: workers.filter((_, i) => (i * 7 + a + k) % period !== 0) },
        series: [{ timestamp: at - (at % 300), hashrate: 4e17, rejectRate: 0.004 }],
      })),
    };
    const r = timed(() => store.record(round));
    if (!r.value) throw new Error('round not recorded');
    if (k >= 3) {
      times.push(r.ms);
      cpu.push(r.cpuMs);
    }
  }
  const first = performance.now();
  store.close();
  return {
    medianMs: median(times),
    cpuMs: median(cpu),
    maxMs: Math.max(...times),
    n: times.length,
    closeMs: performance.now() - first,
  };
}

function uptimeBench() {
  const workers = names(2000);
  const days = 30;
  const end = T0 + days * 86_400;
  const store = open('uptime.sqlite', end);
  for (let t = T0; t < end; t += 600) {
    const k = (t - T0) / 600;
    store.record({
      at: t,
      intervalS: 600,
      accounts: [
        { account: 'farm', listing: { at: t, names: workers.filter((_, i) => (i + k) % 97 !== 0) } },
      ],
    });
  }
  for (let d = 0; d < days; d++) {
    const day = T0 + d * 86_400;
    const points = Array.from({ length: 24 }, (_, h) => ({ timestamp: day + h * 3600, hashrate: 1e14 }));
    store.record({
      at: day + 86_400,
      intervalS: 600,
      accounts: [
        { account: 'farm', workerSeries: workers.map((worker) => ({ worker, interval: '1h', points })) },
      ],
    });
  }
  const times = [];
  const cpu = [];
  let rows = 0;
  for (let i = 0; i < 7; i++) {
    const r = timed(() => store.uptime({ from: end - days * 86_400, to: end }));
    rows = r.value.length;
    times.push(r.ms);
    cpu.push(r.cpuMs);
  }
  // The same window a day at a time (`history uptime --by day --last 30d`): not a target, a guard.
  const byDay = [];
  for (let i = 0; i < 3; i++)
    byDay.push(timed(() => store.uptime({ from: end - days * 86_400, to: end, by: 'day' })).ms);
  const spans = store.size().rows.span;
  store.close();
  return { medianMs: median(times), cpuMs: median(cpu), byDayMs: median(byDay), rows, spans };
}

function sizeBench() {
  const workers = names(1000);
  const days = quick ? 60 : 365;
  const end = T0 + days * 86_400;
  const store = open('year.sqlite', end);
  const t0 = performance.now();
  for (let d = 0; d < days; d++) {
    const day = T0 + d * 86_400;
    for (let h = 0; h < 24; h++) {
      const at = day + h * 3600;
      // One outage a worker a day: worker i is away in hour (i + d) % 24.
      const present = workers.filter((_, i) => (i + d) % 24 !== h);
      store.record({ at, intervalS: 3600, accounts: [{ account: 'farm', listing: { at, names: present } }] });
    }
    const fine = Array.from({ length: 288 }, (_, i) => ({ timestamp: day + i * 300, hashrate: 1e14 + i }));
    const acct = fine.map((p) => ({ ...p, rejectRate: 0.004 }));
    store.record({
      at: day + 86_399,
      intervalS: 3600,
      accounts: [
        {
          account: 'farm',
          series: acct,
          workerSeries: workers.map((worker) => ({ worker, interval: '5m', points: fine })),
        },
      ],
    });
  }
  const size = store.size();
  store.close();
  return { days, workers: 1000, bytes: size.bytes, rows: size.rows, fillS: (performance.now() - t0) / 1000 };
}

try {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const out = {};
  // 1/720 of 100,000 workers away a round: ~280 changes, each worker down twice a day at
  // --interval 60; 1/199: ~1,000 changes a round, a churn far past any real fleet.
  if (!only || only === 'round') out.round = roundBench(720);
  if (!only || only === 'round') out.churn = roundBench(199);
  if (!only || only === 'uptime') out.uptime = uptimeBench();
  if (!only || only === 'size') out.size = sizeBench();
  process.stdout.write(`${JSON.stringify({ node: process.version, ...out })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
