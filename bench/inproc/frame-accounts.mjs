// Entry (bundled): the Sub-accounts tab in process, printed as one JSON line.
//  - 100 rows: page size 100 in a terminal tall enough to show them all; ↓/↑ and clock-tick frames.
//  - flip: PgDn to the frame showing the next (prefetched) page, page size 30 at 120×40.
//   node frame-accounts.mjs --n 30 --flips 20 --size 200x106
import './dashboard-flags.mjs';
import { AccountsView } from '../../src/ui/accounts/accounts-view.js';
import { TABS } from '../../src/ui/tabs.js';
import { dataSource, manualClock, mountDashboard, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n = Number(arg('n', 30));
const flips = Number(arg('flips', 20));
const [columns, rows] = arg('size', '200x106').split('x').map(Number);
const KEYS = { down: '\x1b[B', up: '\x1b[A', pageDown: '\x1b[6~' };

// If tabs.ts still has a placeholder for the tab, put the real view in its slot (reported).
const tab = TABS.find((t) => t.id === 'accounts');
const tabKey = String(TABS.indexOf(tab) + 1);
const patched = tab.component !== AccountsView;
if (patched) tab.component = AccountsView;

const clock = manualClock();
const data = await dataSource();
const footer = (view, first, last) => view.stdout.shows(`rows ${first}–${last} ·`);

// 100 rows on screen.
const view = mountDashboard({ ...data, columns, rows, clock });
await until(() => view.stdout.shows('Workers '), 15_000, 'pool data');
view.stdin.press(tabKey);
await until(() => footer(view, 1, 30), 15_000, 'the first page of sub-accounts');
for (let size = 30; size < 100; size += 10) {
  view.stdin.press('+');
  await until(() => footer(view, 1, size + 10), 15_000, `page size ${size + 10}`);
}
await sleep(300);
const upDown = (i) => view.stdin.press(i % 2 ? KEYS.up : KEYS.down);
await timeFrames(view, upDown, { n: 10 });
const cursor = await timeFrames(view, upDown, { n });
const tick = await timeFrames(view, () => clock.tick(), { n });
await view.unmount();
await sleep(50);

// Page flips at 120×40, page size 30: each next page is prefetched before PgDn is pressed.
clock.reset();
const flipView = mountDashboard({ ...data, columns: 120, rows: 40, clock });
await until(() => flipView.stdout.shows('Workers '), 15_000, 'pool data');
flipView.stdin.press(tabKey);
await until(() => footer(flipView, 1, 30), 15_000, 'the first page of sub-accounts');
const flip = [];
for (let i = 1; i <= flips; i++) {
  await sleep(300); // the prefetch of page i+1 lands meanwhile
  const mark = flipView.stdout.writes.length;
  const inkMark = flipView.inkRenders.length;
  const want = `rows ${i * 30 + 1}–${i * 30 + 30} ·`;
  const t0 = flipView.stdin.press(KEYS.pageDown);
  let hit;
  await until(() => (hit = flipView.stdout.firstWriteShowing(want, mark)), 5000, want);
  const renders = flipView.inkRenders.slice(inkMark).filter((r) => r.at <= hit.at);
  flip.push({
    ms: hit.at - t0,
    writes: flipView.stdout.writes.indexOf(hit) - mark + 1,
    renders: renders.length,
    inkMs: renders.reduce((sum, r) => sum + r.renderTime, 0),
  });
}
await flipView.unmount();

process.stdout.write(`\n${JSON.stringify({ patched, size: `${columns}x${rows}`, cursor, tick, flip })}\n`);
await data.close();
process.exit(0);
