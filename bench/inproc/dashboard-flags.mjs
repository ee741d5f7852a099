// Imported first by every entry that mounts the dashboard: the V8 settings pooltop's launcher
// gives the dashboard (src/launch/dashboard-heap.ts), the first before Ink and Yoga load, the
// second 3 s later as the launcher does, so frames are timed under the settings users run with.
// BENCH_V8_FLAGS=none times them without any; BENCH_V8_FLAGS="--a --b" with those instead, at start.
import { AFTER_START_UP_V8_FLAGS, AT_START_V8_FLAGS, applyV8Flags } from '../../src/launch/dashboard-heap.js';

const chosen = process.env.BENCH_V8_FLAGS;
if (chosen === undefined) {
  applyV8Flags(AT_START_V8_FLAGS);
  setTimeout(() => applyV8Flags(AFTER_START_UP_V8_FLAGS), 3_000).unref();
} else if (chosen !== 'none') {
  applyV8Flags(chosen.split(/\s+/).filter(Boolean));
}
