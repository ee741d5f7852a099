// Judges the dashboard's diagnostics samples (src/ui/diagnostics.ts): warm-up window vs end
// window. A count "grows" when its median over the end window is above the highest value seen
// in the warm-up window: momentary counts (a request in flight, a retry timer) fluctuate, a
// leak lifts the whole level. Resident memory may not grow by RSS_LIMIT or more.

export const RSS_LIMIT = 5 * 1024 * 1024;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)];
};
const summary = (xs) => ({ min: Math.min(...xs), max: Math.max(...xs), median: median(xs) });

/** Counts per sample: `timers`, `sockets`, each resource type, and each listener group. */
export function countsOf(sample) {
  const r = sample.resources;
  const out = {
    timers: (r.Timeout ?? 0) + (r.Immediate ?? 0),
    sockets: (r.TCPSocketWrap ?? 0) + (r.TCPWrap ?? 0) + (r.PipeWrap ?? 0),
  };
  for (const [type, n] of Object.entries(r)) out[`resource ${type}`] = n;
  for (const [name, n] of Object.entries(sample.listeners)) out[`listeners ${name}`] = n;
  return out;
}

/**
 * `samples` in time order; `warmupMs` from the first sample. The warm-up window is its last
 * minute; the end window the last quarter of the run after warm-up (at least a minute).
 */
export function analyse(samples, warmupMs) {
  const t0 = samples[0].t;
  const rel = (s) => s.t - t0;
  const total = rel(samples[samples.length - 1]);
  const warm = samples.filter((s) => rel(s) <= warmupMs && rel(s) >= warmupMs - 60_000);
  const endSpan = Math.max(60_000, (total - warmupMs) / 4);
  const end = samples.filter((s) => rel(s) >= total - endSpan);
  const problems = [];
  if (warm.length < 2 || end.length < 2) problems.push('too few samples: run longer (--minutes)');
  const rss = { warm: median(warm.map((s) => s.rss)), end: median(end.map((s) => s.rss)) };
  rss.growth = rss.end - rss.warm;
  const heap = { warm: median(warm.map((s) => s.heapUsed)), end: median(end.map((s) => s.heapUsed)) };
  heap.growth = heap.end - heap.warm;
  if (rss.growth >= RSS_LIMIT)
    problems.push(`RSS grew by ${mb(rss.growth)} after warm-up (limit ${mb(RSS_LIMIT)})`);
  const names = new Set(samples.flatMap((s) => Object.keys(countsOf(s))));
  const counts = {};
  for (const name of [...names].sort()) {
    const w = summary(warm.map((s) => countsOf(s)[name] ?? 0));
    const e = summary(end.map((s) => countsOf(s)[name] ?? 0));
    const growing = e.median > w.max;
    counts[name] = { warm: w, end: e, growing };
    if (growing) problems.push(`${name} grew: warm-up max ${w.max}, end median ${e.median}`);
  }
  return { rss, heap, counts, problems, windows: { warm: warm.length, end: end.length, totalMs: total } };
}

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One line per minute (the sample nearest each whole minute). */
export function timeline(samples) {
  const t0 = samples[0].t;
  const lines = ['  min   rss        heap       timers sockets listeners(process/stdin/stdout/lifetime)'];
  let next = 0;
  for (const s of samples) {
    if (s.t - t0 < next) continue;
    next += 60_000;
    const c = countsOf(s);
    const l = s.listeners;
    lines.push(
      `  ${String(Math.round((s.t - t0) / 60_000)).padStart(3)}   ${mb(s.rss).padEnd(10)} ${mb(s.heapUsed).padEnd(10)} ` +
        `${String(c.timers).padStart(6)} ${String(c.sockets).padStart(7)} ` +
        `${l.process}/${l.stdin}/${l.stdout}/${l.lifetime}`,
    );
  }
  return lines;
}
