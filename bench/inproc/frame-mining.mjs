// Entry (bundled): the Mining tab in process, printed as one JSON line.
//  - frames at `--size` (200×60) with a page of 100 workers loaded and every row on screen
//    showing its series: ↓/↑ in the workers table and clock-tick frames; then the Pool tab's
//    clock tick at the same size, same run, as a baseline;
//  - switch: after the tab's data loaded once, Pool and back to Mining, `--switches` times, with
//    every Mining answer held back until it is out (so only the cache can fill it) and the data
//    older than its poll period (so the switch also asks for it again): what the first frame
//    with the Mining tab selected shows.
//   node frame-mining.mjs --n 30 --switches 5 --size 200x60 --workers 160
import './dashboard-flags.mjs';
import { TABS } from '../../src/ui/tabs.js';
import { miningScreen } from '../markers.mjs';
import { dataSource, manualClock, mountDashboard, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('n', 30));
const switches = Number(arg('switches', 5));
const workers = Number(arg('workers', 160));
const [columns, rows] = arg('size', '200x60').split('x').map(Number);
const KEYS = { down: '\x1b[B', up: '\x1b[A' };
const tabKey = (id) => String(TABS.findIndex((t) => t.id === id) + 1);
const miningKey = tabKey('mining');
const poolKey = tabKey('pool');
// The tab bar marks the selected tab as `[2 Mining]`.
const miningSelected = `[${miningKey} ${TABS.find((t) => t.id === 'mining').title}]`;
const INTERVAL_SEC = 3600;

/** Until no write for `ms` (the frames a key or tick caused are out). */
async function quiet(view, ms = 300) {
  await until(
    () => performance.now() - (view.stdout.writes.at(-1)?.at ?? 0) >= ms,
    10_000,
    'a quiet terminal',
  );
}

const clock = manualClock();
// One mining account (shown without the picker), enough workers for a full page of 100 connected.
const data = await dataSource({ service: { miningAccounts: 1, workers } });
const view = mountDashboard({ ...data, columns, rows, intervalSec: INTERVAL_SEC, clock });
const screen = () => view.stdout.text();
await until(() => view.stdout.shows('Workers '), 15_000, 'pool data');
view.stdin.press(miningKey);
try {
  await until(() => miningScreen(screen()).complete, 20_000, 'the Mining tab with its workers');
} catch (error) {
  throw new Error(`${error.message}; screen:\n${screen()}`);
}
await sleep(300);
const loaded = miningScreen(screen());

const upDown = (i) => view.stdin.press(i % 2 ? KEYS.up : KEYS.down);
await timeFrames(view, upDown, { n: 10 });
const cursor = await timeFrames(view, upDown, { n });
const tick = await timeFrames(view, () => clock.tick(), { n });

// Baseline: the Pool tab's tick in the same, warm process (the hidden Mining tab is not redrawn).
view.stdin.press(poolKey);
await until(() => !screen().includes(miningSelected) && view.stdout.shows('Workers '), 5_000, 'the Pool tab');
await sleep(300);
await timeFrames(view, () => clock.tick(), { n: 10 });
const poolTick = await timeFrames(view, () => clock.tick(), { n });

const switchSamples = [];
for (let i = 0; i < switches; i++) {
  view.stdin.press(poolKey);
  await until(
    () => !screen().includes(miningSelected) && view.stdout.shows('Workers '),
    5_000,
    'the Pool tab',
  );
  clock.tick((INTERVAL_SEC + 1) * 1000);
  await sleep(100);
  await quiet(view);
  screen(); // every write so far applied
  let release;
  data.gate = new Promise((resolve) => {
    release = resolve;
  });
  const calls = data.calls;
  const mark = view.stdout.writes.length;
  const t0 = view.stdin.press(miningKey);
  let hit;
  await until(
    () => (hit = view.stdout.firstWriteShowing(miningSelected, mark)),
    5_000,
    'the Mining tab selected',
  );
  // The screen model stops right after that write.
  const first = miningScreen(view.stdout.screen.text());
  const firstMs = hit.at - t0;
  const framesBefore = view.stdout.writes.indexOf(hit) - mark;
  await sleep(200);
  data.gate = undefined;
  release();
  // Every request the switch started has been answered.
  for (let last = -1; last !== data.calls || data.inFlight > 0; ) {
    last = data.calls;
    await sleep(300);
  }
  await until(() => miningScreen(screen()).complete, 10_000, 'the Mining tab after asking again');
  switchSamples.push({ firstMs, framesBefore, asked: data.calls - calls, ...first });
}
await view.unmount();

process.stdout.write(
  `\n${JSON.stringify({ size: `${columns}x${rows}`, loaded, poolTick, cursor, tick, switches: switchSamples })}\n`,
);
await data.close();
process.exit(0);
