// Experiment preload (never shipped): every $MEM_SAMPLE_EVERY_MS (default 10 s) appends one JSON
// line to $MEM_SAMPLE_FILE with process.memoryUsage(), v8 heap statistics, heap space and code
// statistics. No forced GC: it must not change what it measures.
// Levers (optional, for side-by-side experiments):
//   MEM_LEVER_FLAGS="--a --b"      v8.setFlagsFromString at MEM_LEVER_AT_MS (default 3000)
//   MEM_LEVER_GC_AT="60000,120000" a full GC at those times (gc obtained via --expose-gc + vm)
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.MEM_SAMPLE_FILE;
const every = Number(process.env.MEM_SAMPLE_EVERY_MS || 10_000);
const t0 = performance.now();
const sample = (tag) => {
  if (!file) return;
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) {
    spaces[s.space_name] = { size: s.space_size, used: s.space_used_size, avail: s.space_available_size, phys: s.physical_space_size };
  }
  const line = { s: (performance.now() - t0) / 1000, tag, mem: process.memoryUsage(), heap: v8.getHeapStatistics(), code: v8.getHeapCodeStatistics(), spaces };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
};
setInterval(sample, every).unref();
// Every major GC (and a count of the minor ones), with old space right after it.
import { PerformanceObserver } from 'node:perf_hooks';
let minors = 0;
let minorMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.detail?.kind === 1) { minors++; minorMs += e.duration; continue; }
    if (!file || e.detail?.kind === 8) continue;
    const old = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'old_space');
    appendFileSync(file, `${JSON.stringify({ s: (performance.now() - t0) / 1000, gc: e.detail?.kind, flags: e.detail?.flags, ms: e.duration, minors, minorMs, oldSize: old.space_size, oldUsed: old.space_used_size })}\n`);
  }
}).observe({ entryTypes: ['gc'] });
setTimeout(() => sample('1s'), 1000).unref();

for (const f of (process.env.MEM_LEVER_FLAGS_NOW ?? '').split(/\s+/).filter(Boolean)) v8.setFlagsFromString(f);
const flags = process.env.MEM_LEVER_FLAGS;
if (flags) {
  setTimeout(() => {
    for (const f of flags.split(/\s+/).filter(Boolean)) v8.setFlagsFromString(f);
    sample('flags');
  }, Number(process.env.MEM_LEVER_AT_MS || 3000)).unref();
}
// MEM_LEVERS="500:--a --b;3000:--c": several times, each with its flags.
for (const part of (process.env.MEM_LEVERS ?? '').split(';').filter(Boolean)) {
  const [at, ...rest] = part.split(':');
  setTimeout(() => {
    for (const f of rest.join(':').split(/\s+/).filter(Boolean)) v8.setFlagsFromString(f);
    sample(`levers@${at}`);
  }, Number(at)).unref();
}
// MEM_LEVER_GC_STEP_MB=2: from MEM_LEVER_GC_FROM_MS (3000) on, every MEM_LEVER_GC_CHECK_MS (10000)
// look at old space used; a full GC (gc(), no arguments) when it rose by more than the step
// above the lowest value seen since the last such GC. MEM_LEVER_GC_EVERY_MS: unconditional.
const serial = process.env.MEM_LEVER_GC_SERIAL ? ['parallel-marking', 'parallel-compaction', 'parallel-pointer-update', 'concurrent-sweeping', 'parallel-scavenge', 'concurrent-marking'] : undefined;
const step = Number(process.env.MEM_LEVER_GC_STEP_MB || 0) * 1e6;
const everyGc = Number(process.env.MEM_LEVER_GC_EVERY_MS || 0);
if (step || everyGc) {
  v8.setFlagsFromString('--expose-gc');
  const fullGc = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  const oldUsed = () => v8.getHeapSpaceStatistics().find((x) => x.space_name === 'old_space').space_used_size;
  let floor = Infinity;
  setTimeout(() => {
    setInterval(() => {
      const used = oldUsed();
      floor = Math.min(floor, used);
      if (everyGc || used - floor > step) {
        const t = performance.now();
        if (process.env.MEM_LEVER_GC_COMPACT) v8.setFlagsFromString('--compact-on-every-full-gc');
        if (serial) for (const f of serial) v8.setFlagsFromString(`--no-${f}`);
        fullGc();
        if (serial) for (const f of serial) v8.setFlagsFromString(`--${f}`);
        if (process.env.MEM_LEVER_GC_COMPACT) v8.setFlagsFromString('--no-compact-on-every-full-gc');
        floor = oldUsed();
        if (file) appendFileSync(file, `${JSON.stringify({ s: (t - t0) / 1000, ourGc: performance.now() - t, before: used, after: floor })}\n`);
      }
    }, everyGc || Number(process.env.MEM_LEVER_GC_CHECK_MS || 10_000)).unref();
  }, Number(process.env.MEM_LEVER_GC_FROM_MS || 3000)).unref();
}
const gcAt = process.env.MEM_LEVER_GC_AT;
if (gcAt) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  const type = process.env.MEM_LEVER_GC_TYPE || 'major';
  for (const at of gcAt.split(',').map(Number)) {
    setTimeout(() => {
      sample('before-gc');
      gc({ type, execution: 'sync' });
      sample('after-gc');
    }, at).unref();
  }
}
