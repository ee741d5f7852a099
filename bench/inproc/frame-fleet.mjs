// Entry (bundled): the Mining tab's fleet table in process, printed as one JSON line: 50 mining
// accounts of 2,000 workers each at `--size` (200×60), every row loaded, polling every
// `--interval` seconds: ↓/↑ in the table, the 1 s clock tick and `s` (sort) frames; and the
// Mining requests the tab sent each second from the moment it was shown (the whole listings of
// every account for the gone workers included), against the API's 1,000 requests per 10 s.
//   node frame-fleet.mjs --n 30 --size 200x60 --accounts 50 --workers 2000 --window 60
import './dashboard-flags.mjs';
import { TABS } from '../../src/ui/tabs.js';
import { manualClock, mountDashboard, dataSource, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('n', 30));
const accounts = Number(arg('accounts', 50));
const workers = Number(arg('workers', 2000));
const windowS = Number(arg('window', 60));
const intervalSec = Number(arg('interval', 10));
const [columns, rows] = arg('size', '200x60').split('x').map(Number);
const KEYS = { down: '\x1b[B', up: '\x1b[A' };
const miningKey = String(TABS.findIndex((t) => t.id === 'mining') + 1);

/** Fleet rows whose figures arrived (a hash rate, then the worker counts). */
const loadedRows = (text) =>
  text.split('\n').filter((l) => /^[› ] \S+\s+\d[\d.]* [kMGTPE]?H\/s .*\d · \d+ · \d/.test(l)).length;

const clock = manualClock();
const data = await dataSource({ service: { miningAccounts: accounts, workers } });
const view = mountDashboard({ ...data, columns, rows, intervalSec, clock });
const screen = () => view.stdout.text();
await until(() => view.stdout.shows('Workers '), 20_000, 'pool data');

// The request rate: Mining calls counted each 100 ms from the key on.
const calls0 = data.calls;
const counts = [];
const t0 = performance.now();
const sampler = setInterval(
  () => counts.push({ at: performance.now() - t0, calls: data.calls - calls0 }),
  100,
);
view.stdin.press(miningKey);
const visible = Math.min(accounts, rows - 7);
try {
  await until(() => loadedRows(screen()) >= visible, 60_000, 'the fleet table loaded');
} catch (error) {
  throw new Error(`${error.message}; screen:\n${screen()}`);
}
const loadedMs = performance.now() - t0;
// The first whole listings of every account (for the gone workers) finished: frames of the table
// as it then stays, polled every interval.
for (let last = -1; last !== data.calls || data.inFlight > 0; ) {
  last = data.calls;
  await sleep(1000);
}
const settledMs = performance.now() - t0;

const upDown = (i) => view.stdin.press(i % 2 ? KEYS.up : KEYS.down);
await timeFrames(view, upDown, { n: 10 });
const cursor = await timeFrames(view, upDown, { n });
const tick = await timeFrames(view, () => clock.tick(), { n });
const sort = await timeFrames(view, (i) => view.stdin.press(i % 2 ? 'S' : 's'), { n });

while (performance.now() - t0 < windowS * 1000) await sleep(250);
clearInterval(sampler);
let max10 = 0;
for (const a of counts) {
  const b = counts.findLast((c) => c.at <= a.at + 10_000) ?? a;
  max10 = Math.max(max10, b.calls - a.calls);
}
const total = counts.at(-1)?.calls ?? 0;
const seconds = (counts.at(-1)?.at ?? 1) / 1000;
await view.unmount();
process.stdout.write(
  `\n${JSON.stringify({
    size: `${columns}x${rows}`,
    accounts,
    workers,
    intervalSec,
    loadedMs,
    settledMs,
    rowsOnScreen: loadedRows(screen()),
    cursor,
    tick,
    sort,
    requests: { total, seconds, perSecond: total / seconds, maxIn10s: max10 },
  })}\n`,
);
await data.close();
process.exit(0);
