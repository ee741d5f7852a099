/**
 * Presence as spans, pure: observations of an account's workers in, span changes out. No
 * guessing: a span is up or down; time between two observations further apart than the gap
 * bound is not watched. An observation holds until the next one within the bound, so a span in
 * a state runs from the first observation in it to the first observation out of it (or to the
 * last observation before a gap). A down span carries its evidence: the last time the worker
 * was known connected and the first time it was known missing (its start), and how.
 */

export type How = 'listing' | 'counts' | 'series';
export const HOW_CODES: Readonly<Record<How, number>> = { listing: 0, counts: 1, series: 2 };
export const HOW_NAMES: readonly How[] = ['listing', 'counts', 'series'];

/** A worker's span still open: it reaches to the account's newest observation. */
export interface OpenSpan {
  up: boolean;
  since: number;
  /** Down: last time known connected (null: never). Up: unused (the newest observation). */
  lastPresentAt: number | null;
  /** Down: first time known missing (= since). */
  firstMissingAt: number | null;
  how: How;
}

export interface WorkerPresence {
  open: OpenSpan | null;
  /** Last time known connected before the open span, or before the last gap. */
  lastPresentAt: number | null;
}

export interface ClosedSpan {
  start: number;
  end: number;
  up: boolean;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
  how: How;
  /** True when it ended because the state changed (not because watching stopped). */
  changed: boolean;
}

export interface AccountPresence {
  /** The newest observation with evidence; open spans reach to it. Null: none yet. */
  observedAt: number | null;
  workers: ReadonlyMap<string, WorkerPresence>;
}

export type Observation =
  /** A complete listing of connected workers at `at`. */
  | { kind: 'listing'; at: number; present: ReadonlySet<string> | readonly string[] }
  /** The worker counts at `at` still matched the last listing: the same workers are there. */
  | { kind: 'counts'; at: number };

export interface WorkerChange {
  worker: string;
  next: WorkerPresence;
  closed: ClosedSpan | null;
}

export interface AccountStep {
  observedAt: number | null;
  /** Watching had stopped: every open span closed at the previous observation. */
  gap: boolean;
  /** Only the workers whose presence changed (a worker still in its state costs nothing). */
  changes: WorkerChange[];
  /** True when nothing at all was learnt (an old or repeated observation, counts after a gap). */
  ignored: boolean;
}

/** Longest time between two observations that still counts as watched, from the writer's interval. */
export function gapBoundS(intervalS: number): number {
  return Math.max(3 * intervalS, intervalS + 60);
}

function closeAt(open: OpenSpan, end: number, changed: boolean): ClosedSpan {
  return {
    start: open.since,
    end,
    up: open.up,
    lastPresentAt: open.up ? null : open.lastPresentAt,
    firstMissingAt: open.up ? null : open.firstMissingAt,
    how: open.how,
    changed,
  };
}

/**
 * Each known worker's position in its map, kept between rounds beside the map (which only
 * grows), so a listing of thousands of names is matched with one lookup a name and a flag a
 * worker rather than a set made afresh every round.
 */
interface NameIndex {
  keys: string[];
  position: Map<string, number>;
  seen: Uint32Array;
  mark: number;
}

const nameIndexes = new WeakMap<ReadonlyMap<string, WorkerPresence>, NameIndex>();

function nameIndex(workers: ReadonlyMap<string, WorkerPresence>): NameIndex {
  let ix = nameIndexes.get(workers);
  // The map's keys in order still begin with the known ones: only new keys to add.
  if (ix && ix.keys.length <= workers.size) {
    let i = 0;
    for (const key of workers.keys()) {
      if (i < ix.keys.length) {
        if (ix.keys[i] !== key) {
          ix = undefined;
          break;
        }
      } else {
        ix.keys.push(key);
        ix.position.set(key, i);
      }
      i++;
    }
  } else ix = undefined;
  if (!ix) {
    const keys = [...workers.keys()];
    ix = { keys, position: new Map(keys.map((k, i) => [k, i])), seen: new Uint32Array(0), mark: 0 };
    nameIndexes.set(workers, ix);
  }
  if (ix.seen.length < ix.keys.length) {
    const seen = new Uint32Array(Math.max(16, ix.keys.length * 2));
    seen.set(ix.seen);
    ix.seen = seen;
  }
  if (ix.mark >= 0xfffffffe) {
    ix.seen.fill(0);
    ix.mark = 0;
  }
  return ix;
}

/**
 * The listing against the known workers: the worker at each position of the map is in it when
 * `seen[position] === mark`; `unknown`: the names it has that the map has not (first occurrence,
 * in order).
 */
function presentNames(
  workers: ReadonlyMap<string, WorkerPresence>,
  present: ReadonlySet<string> | readonly string[],
): { keys: readonly string[]; seen: Uint32Array; mark: number; unknown: string[] } {
  const ix = nameIndex(workers);
  const mark = ++ix.mark;
  const seen = ix.seen;
  const unknown: string[] = [];
  const extra = new Set<string>();
  for (const name of present) {
    const at = ix.position.get(name);
    if (at !== undefined) seen[at] = mark;
    else if (!extra.has(name)) {
      extra.add(name);
      unknown.push(name);
    }
  }
  return { keys: ix.keys, seen, mark, unknown };
}

/** One observation of an account: the changes it makes. Observations older than the last are ignored. */
export function observeAccount(state: AccountPresence, obs: Observation, boundS: number): AccountStep {
  const prev = state.observedAt;
  if (prev !== null && obs.at <= prev) return { observedAt: prev, gap: false, changes: [], ignored: true };
  const gap = prev !== null && obs.at - prev > boundS;
  if (obs.kind === 'counts') {
    // Counts say "the same as the listing", which means nothing once watching has stopped.
    if (prev === null || gap) return { observedAt: prev, gap: false, changes: [], ignored: true };
    return { observedAt: obs.at, gap: false, changes: [], ignored: false };
  }
  const at = obs.at;
  const { keys, seen, mark, unknown } = presentNames(state.workers, obs.present);
  const changes: WorkerChange[] = [];
  let i = 0;
  for (const w of state.workers.values()) {
    const position = i++;
    const isUp = seen[position] === mark;
    let open = w.open;
    // Still in its state, watching uninterrupted: nothing to write (most workers, most rounds).
    if (!gap && open && open.up === isUp) continue;
    const worker = keys[position] as string;
    let closed: ClosedSpan | null = null;
    let lastPresentAt = w.lastPresentAt;
    if (open && gap && prev !== null) {
      closed = closeAt(open, prev, false);
      if (open.up) lastPresentAt = prev;
      open = null;
    }
    if (open && open.up === isUp) {
      if (closed) changes.push({ worker, next: { open, lastPresentAt }, closed });
      continue;
    }
    if (open) {
      // Changed state: the old span ends where the new one begins.
      closed = closeAt(open, at, true);
      if (open.up && prev !== null) lastPresentAt = prev;
    }
    const next: OpenSpan = isUp
      ? { up: true, since: at, lastPresentAt: null, firstMissingAt: null, how: 'listing' }
      : { up: false, since: at, lastPresentAt, firstMissingAt: at, how: 'listing' };
    changes.push({ worker, next: { open: next, lastPresentAt }, closed });
  }
  for (const worker of unknown) {
    const open: OpenSpan = { up: true, since: at, lastPresentAt: null, firstMissingAt: null, how: 'listing' };
    changes.push({ worker, next: { open, lastPresentAt: null }, closed: null });
  }
  return { observedAt: at, gap, changes, ignored: false };
}

/** A span read from the series (back-fill). */
export interface FilledSpan {
  start: number;
  end: number;
  up: boolean;
  lastPresentAt: number | null;
}

/** One read of a worker's series: its buckets' length and its points (hash rate null: no reading). */
export interface SeriesRead {
  /** Seconds per bucket. */
  res: number;
  /** Each bucket's start (Unix seconds) and H/s. */
  points: readonly { timestamp: number; hashrate: number | null }[];
}

/**
 * A worker's series as spans: in each bucket a zero rate is down, a non-zero one up, a missing
 * bucket not watched. Where resolutions overlap the finest wins (its first to last bucket).
 * Indexed loops and one array of positions, no object a bucket: a back-fill reads ~2,900 buckets
 * a worker, in baseline code (launch/dashboard-heap.ts) where each object, iterator step or
 * destructured pair is allocated.
 */
export function seriesSpans(reads: readonly SeriesRead[]): FilledSpan[] {
  // Each resolution's first bucket start and last bucket end.
  const resolutions: number[] = [];
  const firsts: number[] = [];
  const ends: number[] = [];
  let n = 0;
  for (let r = 0; r < reads.length; r++) {
    const read = reads[r] as SeriesRead;
    if (!(read.res > 0)) continue;
    let k = resolutions.indexOf(read.res);
    for (let i = 0; i < read.points.length; i++) {
      const ts = (read.points[i] as SeriesRead['points'][number]).timestamp;
      if (!Number.isFinite(ts)) continue;
      if (k < 0) {
        k = resolutions.push(read.res) - 1;
        firsts.push(ts);
        ends.push(ts + read.res);
      }
      if (ts < (firsts[k] as number)) firsts[k] = ts;
      if (ts + read.res > (ends[k] as number)) ends[k] = ts + read.res;
      n++;
    }
  }
  // The buckets no finer resolution covers, as (read, point) positions, in time order.
  const readAt = new Uint32Array(n);
  const pointAt = new Uint32Array(n);
  let chosen = 0;
  for (let r = 0; r < reads.length; r++) {
    const read = reads[r] as SeriesRead;
    if (!(read.res > 0)) continue;
    for (let i = 0; i < read.points.length; i++) {
      const ts = (read.points[i] as SeriesRead['points'][number]).timestamp;
      if (!Number.isFinite(ts)) continue;
      let inFiner = false;
      for (let k = 0; k < resolutions.length && !inFiner; k++) {
        const res = resolutions[k] as number;
        inFiner = res < read.res && ts < (ends[k] as number) && ts + read.res > (firsts[k] as number);
      }
      if (inFiner) continue;
      readAt[chosen] = r;
      pointAt[chosen] = i;
      chosen++;
    }
  }
  const startOf = (j: number) =>
    ((reads[readAt[j] as number] as SeriesRead).points[pointAt[j] as number] as SeriesRead['points'][number])
      .timestamp;
  // Ties (a bucket read twice) keep the order read, as a stable sort would.
  const order = new Uint32Array(chosen);
  for (let j = 0; j < chosen; j++) order[j] = j;
  order.sort((a, b) => startOf(a) - startOf(b) || a - b);
  const spans: FilledSpan[] = [];
  let lastUpEnd: number | null = null;
  for (let o = 0; o < chosen; o++) {
    const j = order[o] as number;
    const read = reads[readAt[j] as number] as SeriesRead;
    const point = read.points[pointAt[j] as number] as SeriesRead['points'][number];
    const hashrate = point.hashrate;
    if (hashrate === null || !Number.isFinite(hashrate)) continue;
    const up = hashrate > 0;
    const end = point.timestamp + read.res;
    const tail = spans[spans.length - 1];
    if (tail && tail.up === up && tail.end === point.timestamp) tail.end = end;
    else spans.push({ start: point.timestamp, end, up, lastPresentAt: up ? null : lastUpEnd });
    if (up) lastUpEnd = end;
  }
  return spans;
}

/** `spans` with the parts inside any of `live` cut out (live observations win). */
export function withoutLive<T extends { start: number; end: number }>(
  spans: readonly T[],
  live: ReadonlyArray<{ start: number; end: number }>,
): T[] {
  const cuts = [...live].filter((l) => l.end > l.start).sort((a, b) => a.start - b.start);
  const out: T[] = [];
  for (const span of spans) {
    let pieces: T[] = [span];
    for (const cut of cuts) {
      pieces = pieces.flatMap((p) => {
        if (cut.end <= p.start || cut.start >= p.end) return [p];
        const keep: T[] = [];
        if (cut.start > p.start) keep.push({ ...p, end: cut.start });
        if (cut.end < p.end) keep.push({ ...p, start: cut.end });
        return keep;
      });
    }
    out.push(...pieces);
  }
  return out;
}
