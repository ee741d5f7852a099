// The Mining tab's read of the history file (bench/history-ui.mjs runs this bundled, in a child):
// `accountUptimes`, each worker's uptime over 24 h, 7 d and 30 d (three queries) for one account
// of 2,000 workers with 30 days of rounds every 10 minutes (one worker in 97 away each round) and
// hourly hash rates: what the dashboard asks once a minute per account shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory } from '../../src/history/store.ts';
import { accountUptimes } from '../../src/ui/mining/account-uptimes.ts';

const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-history-ui-'));
const T0 = 1_700_000_000 - (1_700_000_000 % 86_400);
const DAYS = 30;
const end = T0 + DAYS * 86_400;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const o = openHistory({ path: join(dir, 'ui.sqlite'), now: () => end });
  if ('unavailable' in o) throw new Error(o.unavailable);
  const store = o.store;
  const workers = Array.from({ length: 2000 }, (_, i) => `rig-${String(i).padStart(5, '0')}`);
  const fill = performance.now();
  for (let t = T0; t < end; t += 600) {
    const k = (t - T0) / 600;
    const names = workers.filter((_, i) => (i + k) % 97 !== 0);
    store.record({ at: t, intervalS: 600, accounts: [{ account: 'farm', listing: { at: t, names } }] });
  }
  for (let d = 0; d < DAYS; d++) {
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
  const fillS = (performance.now() - fill) / 1000;
  const times = [];
  let shown = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    shown = accountUptimes(store, 'farm', end).workers.size;
    times.push(performance.now() - t);
  }
  const spans = store.size().rows.span;
  store.close();
  console.log(
    JSON.stringify({
      node: process.version,
      medianMs: median(times),
      maxMs: Math.max(...times),
      workers: shown,
      spans,
      fillS,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
