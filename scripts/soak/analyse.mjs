// Judges a soak's samples. Two processes per run: the "user" one, started as users start it,
// whose resident memory the soak reads from /proc; and a twin started with --expose-gc that
// samples itself right after a full collection (live heap, active resources, listeners).
// After warm-up: the RSS slope (least squares) must stay within RSS_SLOPE_LIMIT, and no count
// may grow — a count "grows" when its lowest value over the end window is above the highest
// seen from warm-up's last minute to that window: counts move between levels (a request in
// flight, a retry timer that is set for minutes at a time), a leak lifts the floor above them.

export const MB = 1_000_000;
export const HOUR_MS = 3_600_000;
/** MB per hour after warm-up. */
export const RSS_SLOPE_LIMIT = 1;
export const RSS_TARGET = 100 * MB;
/** The watcher's own target (`pooltop watch`, issue 41/45). */
export const WATCH_RSS_TARGET = 70 * MB;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)];
};
const summary = (xs) => ({ min: Math.min(...xs), max: Math.max(...xs), median: median(xs) });

/** Least-squares slope of `y` over `x`; NaN with fewer than two distinct x. */
export function slope(points) {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/** MB per hour of `field` over samples with `ms` (since the run's start) ≥ `fromMs`. */
export function mbPerHour(samples, field, fromMs) {
  const points = samples
    .filter((s) => s.ms >= fromMs && Number.isFinite(s[field]))
    .map((s) => ({ x: s.ms / HOUR_MS, y: s[field] / MB }));
  return slope(points);
}

/** Slope after warm-up of each resident part (./smaps.mjs) the samples carry. */
function partSlopes(user, warmupMs) {
  const names = new Set(user.flatMap((s) => Object.keys(s.parts ?? {})));
  const out = {};
  for (const name of names) {
    const samples = user.filter((s) => s.parts).map((s) => ({ ms: s.ms, v: s.parts[name] }));
    out[name] = { end: samples.at(-1)?.v, slope: mbPerHour(samples, 'v', warmupMs) };
  }
  return out;
}

/** Warm-up: 10 minutes of a run of 30 minutes or more, else a third of it (at least 2 minutes). */
export function warmupMsOf(totalMs) {
  if (totalMs >= 30 * 60_000) return 10 * 60_000;
  return Math.min(Math.round(totalMs / 2), Math.max(120_000, Math.round(totalMs / 3)));
}

/** Counts per twin sample: `timers`, `sockets`, each resource type, and each listener group. */
export function countsOf(sample) {
  const r = sample.resources ?? {};
  const out = {
    timers: (r.Timeout ?? 0) + (r.Immediate ?? 0),
    sockets: (r.TCPSocketWrap ?? 0) + (r.TCPWrap ?? 0) + (r.PipeWrap ?? 0),
  };
  for (const [type, n] of Object.entries(r)) out[`resource ${type}`] = n;
  for (const [name, n] of Object.entries(sample.listeners ?? {})) out[`listeners ${name}`] = n;
  return out;
}

const nearest = (samples, ms) =>
  samples.reduce((best, s) => (best && Math.abs(best.ms - ms) <= Math.abs(s.ms - ms) ? best : s), undefined);

/**
 * One run: `user` samples ({ms, rss, rssAnon, rssFile}), `twin` samples (diagnostics lines with
 * `ms` added), `warmupMs`. For the counts: the window before is from warm-up's last minute to the
 * end window, the end window the last quarter of what follows warm-up (at least a minute).
 */
export function analyseRun({ user, twin, warmupMs }) {
  const problems = [];
  const lastMs = Math.max(user.at(-1)?.ms ?? 0, twin.at(-1)?.ms ?? 0);
  const after = user.filter((s) => s.ms >= warmupMs);
  if (after.length < 3) problems.push('too few samples after warm-up: run longer');
  const rss = {
    max: Math.max(...user.map((s) => s.rss)),
    at10min: lastMs >= 10 * 60_000 ? nearest(user, 10 * 60_000)?.rss : undefined,
    atWarmup: nearest(user, warmupMs)?.rss,
    end: user.at(-1)?.rss,
    slope: mbPerHour(user, 'rss', warmupMs),
    anonSlope: mbPerHour(user, 'rssAnon', warmupMs),
    // The second half of what follows warm-up: whether growth is slowing down (V8 keeps
    // optimising functions that run once a second or a minute for the first hour or so).
    lateSlope: mbPerHour(user, 'rss', (warmupMs + lastMs) / 2),
    // By allocator (./smaps.mjs), when the samples have it: which one holds the growth.
    parts: partSlopes(user, warmupMs),
  };
  if (rss.slope > RSS_SLOPE_LIMIT)
    problems.push(
      `RSS grows ${rss.slope.toFixed(2)} MB/hour after warm-up (limit ${RSS_SLOPE_LIMIT} MB/hour)`,
    );
  const heap = {
    atWarmup: nearest(twin, warmupMs)?.heapUsed,
    end: twin.at(-1)?.heapUsed,
    slope: mbPerHour(twin, 'heapUsed', warmupMs),
    lateSlope: mbPerHour(twin, 'heapUsed', (warmupMs + lastMs) / 2),
    afterGc: twin.length > 0 && twin.every((s) => s.afterGc),
  };
  const endSpan = Math.max(60_000, (lastMs - warmupMs) / 4);
  const endStart = Math.max(warmupMs, lastMs - endSpan);
  const warm = twin.filter((s) => s.ms >= warmupMs - 60_000 && s.ms < endStart);
  const end = twin.filter((s) => s.ms >= endStart);
  const counts = {};
  if (warm.length < 1 || end.length < 2) problems.push('too few samples of the counts: run longer');
  else {
    const names = new Set(twin.flatMap((s) => Object.keys(countsOf(s))));
    const startSample = nearest(twin, warmupMs);
    const endSample = twin.at(-1);
    for (const name of [...names].sort()) {
      const w = summary(warm.map((s) => countsOf(s)[name] ?? 0));
      const e = summary(end.map((s) => countsOf(s)[name] ?? 0));
      const growing = e.min > w.max;
      counts[name] = {
        start: countsOf(startSample)[name] ?? 0,
        end: countsOf(endSample)[name] ?? 0,
        warm: w,
        endWindow: e,
        growing,
      };
      if (growing) problems.push(`${name} grew: at most ${w.max} before, at least ${e.min} at the end`);
    }
  }
  return { rss, heap, counts, problems, lastMs };
}

export const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / MB).toFixed(1)} MB` : 'n/a');
export const perHour = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(2)} MB/hour` : 'n/a');

/** The report of one run, as lines. */
export function reportLines(name, r, warmupMs) {
  const lines = [
    `${name}: ${(r.lastMs / 60_000).toFixed(1)} min sampled, warm-up ${(warmupMs / 60_000).toFixed(1)} min`,
    `  RSS: at 10 min ${r.rss.at10min === undefined ? 'n/a (shorter run)' : mb(r.rss.at10min)}, ` +
      `highest ${mb(r.rss.max)} (target ≤ ${mb(name.startsWith('watch') ? WATCH_RSS_TARGET : RSS_TARGET)}), at warm-up ${mb(r.rss.atWarmup)} → end ${mb(r.rss.end)}`,
    `  RSS slope after warm-up: ${perHour(r.rss.slope)} (limit +${RSS_SLOPE_LIMIT}); RssAnon ${perHour(r.rss.anonSlope)}; ` +
      `over its second half ${perHour(r.rss.lateSlope)}`,
    ...(Object.keys(r.rss.parts ?? {}).length > 0
      ? [
          `  resident by allocator at the end (slope): ${Object.entries(r.rss.parts)
            .map(([n, v]) => `${n} ${mb(v.end)} (${perHour(v.slope)})`)
            .join(', ')}`,
        ]
      : []),
    `  live heap after a full collection (twin): ${mb(r.heap.atWarmup)} → ${mb(r.heap.end)}, slope ${perHour(r.heap.slope)}, over the second half ${perHour(r.heap.lateSlope)}` +
      `${r.heap.afterGc ? '' : ' (NOT after a full collection)'}`,
    '  counts (twin) at warm-up end → end; highest before the end window → lowest in it:',
  ];
  for (const [n, v] of Object.entries(r.counts)) {
    lines.push(
      `    ${n.padEnd(34)} ${String(v.start).padStart(4)} → ${String(v.end).padEnd(4)}  (${v.warm.max} → ${v.endWindow.min})${v.growing ? '  GROWING' : ''}`,
    );
  }
  return lines;
}

/** About a dozen lines over a run's user samples, with the twin's heap nearest to each. */
export function timeline(user, twin) {
  const lastMs = user.at(-1)?.ms ?? -1;
  const everyMs = lastMs >= 60 * 60_000 ? 10 * 60_000 : lastMs >= 20 * 60_000 ? 5 * 60_000 : 60_000;
  const lines = ['    min   RSS        RssAnon    live heap'];
  for (let at = 0; at <= lastMs; at += everyMs) {
    const u = nearest(user, at);
    const t = nearest(twin, at);
    lines.push(
      `    ${String(Math.round(u.ms / 60_000)).padStart(4)}  ${mb(u.rss).padEnd(10)} ${mb(u.rssAnon).padEnd(10)} ${t ? mb(t.heapUsed) : 'n/a'}`,
    );
  }
  return lines;
}
