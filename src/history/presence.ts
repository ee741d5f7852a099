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

export interface SeriesBucket {
  /** Unix seconds, the bucket's start. */
  timestamp: number;
  /** Seconds per bucket. */
  res: number;
  /** H/s; null: no reading (not watched). */
  hashrate: number | null;
}

/**
 * A worker's series as spans: in each bucket a zero rate is down, a non-zero one up, a missing
 * bucket not watched. Where resolutions overlap the finest wins (its first to last bucket).
 */
export function seriesSpans(buckets: readonly SeriesBucket[]): FilledSpan[] {
  const byRes = new Map<number, SeriesBucket[]>();
  for (const b of buckets) {
    if (!Number.isFinite(b.timestamp) || !(b.res > 0)) continue;
    // Pushed, not spread: months of hourly buckets copied bucket by bucket were megabytes of garbage.
    const list = byRes.get(b.res);
    if (list) list.push(b);
    else byRes.set(b.res, [b]);
  }
  const chosen: SeriesBucket[] = [];
  const covered: Array<[number, number]> = [];
  for (const res of [...byRes.keys()].sort((a, b) => a - b)) {
    const list = (byRes.get(res) ?? []).sort((a, b) => a.timestamp - b.timestamp);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) continue;
    for (const b of list) {
      const end = b.timestamp + b.res;
      const inFiner = covered.some(([s, e]) => b.timestamp < e && end > s);
      if (!inFiner) chosen.push(b);
    }
    covered.push([first.timestamp, last.timestamp + res]);
  }
  chosen.sort((a, b) => a.timestamp - b.timestamp);
  const spans: FilledSpan[] = [];
  let lastUpEnd: number | null = null;
  for (const b of chosen) {
    if (b.hashrate === null || !Number.isFinite(b.hashrate)) continue;
    const up = b.hashrate > 0;
    const end = b.timestamp + b.res;
    const tail = spans[spans.length - 1];
    if (tail && tail.up === up && tail.end === b.timestamp) tail.end = end;
    else spans.push({ start: b.timestamp, end, up, lastPresentAt: up ? null : lastUpEnd });
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
