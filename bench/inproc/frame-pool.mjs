// Entry (bundled): frame times of the Pool tab at the sizes given, printed as one JSON line.
//   node frame-pool.mjs --sizes 120x40,200x60 --n 30 --warmup 10
import { dataSource, manualClock, mountDashboard, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', '120x40,200x60').split(',').map((s) => s.split('x').map(Number));
const n = Number(arg('n', 30));
const warmup = Number(arg('warmup', 10));

const clock = manualClock();
clock.install();
const data = await dataSource();
const results = {};
for (const [columns, rows] of sizes) {
  const view = mountDashboard({ ...data, columns, rows, clock });
  await until(() => view.stdout.recent.includes('Workers '), 15_000, 'pool data on the fake terminal');
  await sleep(200);
  await timeFrames(view, () => clock.tick(), { n: warmup });
  const tick = await timeFrames(view, () => clock.tick(), { n });
  // `r`: one poll answered at once with a fresh copy of the data (new workers count).
  const poll = await timeFrames(view, () => view.stdin.press('r'), { n: Math.ceil(n / 2), gapMs: 150, settleMs: 150 });
  results[`${columns}x${rows}`] = { tick, poll, clockTimers: clock.count };
  view.unmount();
  await sleep(50);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
await data.close();
process.exit(0);
