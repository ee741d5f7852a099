// Entry (bundled): frame times of the Pool tab at the sizes given, printed as one JSON line.
//   node frame-pool.mjs --sizes 120x40,200x60 --n 30 --warmup 10
import './dashboard-flags.mjs';
import { dataSource, manualClock, mountDashboard, sleep, timeFrames, until } from './harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', '120x40,200x60')
  .split(',')
  .map((s) => s.split('x').map(Number));
const n = Number(arg('n', 30));
const warmup = Number(arg('warmup', 10));
const idleSeconds = Number(arg('idle-seconds', 5));

const clock = manualClock();
const data = await dataSource();
const results = { sizes: {} };
for (const [columns, rows] of sizes) {
  clock.reset();
  const view = mountDashboard({ ...data, columns, rows, clock });
  await until(() => view.stdout.shows('Workers '), 15_000, 'pool data on the fake terminal');
  await sleep(300);
  await timeFrames(view, () => clock.tick(), { n: warmup });
  // The 1 s clock: what an idle dashboard draws every second.
  const tick = await timeFrames(view, () => clock.tick(), { n });
  // `r`: one poll answered at once with a fresh copy of the data (the workers count changes).
  const poll = await timeFrames(view, () => view.stdin.press('r'), {
    n: Math.ceil(n / 2),
    gapMs: 150,
    quietMs: 60,
  });
  results.sizes[`${columns}x${rows}`] = { tick, poll, clockTimers: clock.count };
  results.renderOptions = view.renderOptions;
  results.exit = await view.unmount();
  await sleep(50);
}

// Idle with real timers and 1 s polling at 120×40: how many React commits (= Ink renders, each a
// full-screen output pass) and terminal writes a second, and Ink's share of the time.
{
  const view = mountDashboard({ ...data, columns: 120, rows: 40, intervalSec: 1 });
  await until(() => view.stdout.shows('Workers '), 15_000, 'pool data (idle run)');
  await sleep(2000);
  const renders0 = view.inkRenders.length;
  const writes0 = view.stdout.writes.length;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(idleSeconds * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const renders = view.inkRenders.slice(renders0);
  const writes = view.stdout.writes.slice(writes0);
  results.idle = {
    seconds,
    rendersPerSecond: renders.length / seconds,
    writesPerSecond: writes.length / seconds,
    bytesPerSecond: writes.reduce((s, w) => s + w.n, 0) / seconds,
    inkMsPerSecond: renders.reduce((s, r) => s + r.renderTime, 0) / seconds,
    cpuMsPerSecond: (cpu.user + cpu.system) / 1000 / seconds,
  };
  await view.unmount();
}
process.stdout.write(`\n${JSON.stringify(results)}\n`);
await data.close();
process.exit(0);
