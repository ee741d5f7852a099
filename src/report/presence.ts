/**
 * One worker's presence over the window: its spans laid end to end (gaps are not watched), the
 * flap filter applied, the seconds split by state and by UTC day, its outages. Pure.
 *
 * The flap filter, after minerstat's outage compensation: a worker counts as out only when it is
 * offline in at least two samples less than an hour apart. Samples are the instants of a fixed
 * grid (every `sample` seconds, 5 minutes by default, aligned to the epoch, so the same for
 * every worker). A down span that holds such a sample counts as out; a down span that holds
 * none (a flap) is counted as up and its seconds reported apart.
 */
import type { OutageColumns } from './outage-table.js';
import type { PresenceSpan, PresenceState, SecondsSplit, StatementWindow } from './types.js';

export const DAY_S = 86_400;
export const HOUR_S = 3600;

/** Per-day sums of a group of workers (an account), indexed by UTC day from the window's first. */
export class DaySums {
  readonly up: Float64Array;
  readonly down: Float64Array;
  readonly flaps: Float64Array;
  readonly unwatched: Float64Array;
  readonly filled: Float64Array;
  constructor(
    readonly firstDay: number,
    days: number,
  ) {
    this.up = new Float64Array(days);
    this.down = new Float64Array(days);
    this.flaps = new Float64Array(days);
    this.unwatched = new Float64Array(days);
    this.filled = new Float64Array(days);
  }
}

export interface WorkerPresence {
  split: SecondsSplit;
  /** Counted outages at least `threshold` long (merged where they touch), added to the account's. */
  outages: number;
  longestOutage: number;
  /** This worker's stretches known from the pool's series, merged. */
  filled: { from: number; to: number }[];
}

export function emptySplit(): SecondsSplit {
  return { up: 0, down: 0, flaps: 0, unwatched: 0, filled: 0 };
}

const UNWATCHED = 0;
const UP = 1;
const DOWN = 2;

/**
 * A worker's spans laid end to end, as columns: a month of 100,000 workers is millions of
 * pieces, so they live in buffers reused from one worker to the next rather than in objects.
 * `source` is the index of the piece's span in `sorted`, or -1 for a gap (not watched).
 */
class Pieces {
  n = 0;
  start = new Float64Array(64);
  end = new Float64Array(64);
  state = new Uint8Array(64);
  source = new Int32Array(64);
  out = new Uint8Array(64);

  push(state: number, start: number, end: number, source: number): void {
    if (this.n === this.start.length) this.grow();
    const k = this.n++;
    this.state[k] = state;
    this.start[k] = start;
    this.end[k] = end;
    this.source[k] = source;
    this.out[k] = 0;
  }

  private grow(): void {
    const size = this.start.length * 2;
    const more = <T extends Float64Array | Uint8Array | Int32Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.start = more(this.start, new Float64Array(size));
    this.end = more(this.end, new Float64Array(size));
    this.state = more(this.state, new Uint8Array(size));
    this.source = more(this.source, new Int32Array(size));
    this.out = more(this.out, new Uint8Array(size));
  }
}

/** One set of buffers: the statement is built synchronously, one worker at a time. */
const pieces = new Pieces();
/** Down pieces holding a sample instant: the piece, its first and its last instant. */
let seenPiece = new Int32Array(64);
let seenFirst = new Float64Array(64);
let seenLast = new Float64Array(64);

const stateCode = (s: PresenceState) => (s === 'up' ? UP : s === 'down' ? DOWN : UNWATCHED);

function sortedByStart(spans: readonly PresenceSpan[]): readonly PresenceSpan[] {
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]!.start < spans[i - 1]!.start) return [...spans].sort((a, b) => a.start - b.start);
  }
  return spans;
}

/** Spans clipped to the window and laid end to end into `pieces`; the first of two overlapping spans wins. */
function layOut(sorted: readonly PresenceSpan[], window: StatementWindow): void {
  pieces.n = 0;
  let cursor = window.from;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    const start = Math.max(s.start, cursor);
    const end = Math.min(s.end, window.to);
    if (!(end > start)) continue;
    if (start > cursor) pieces.push(UNWATCHED, cursor, start, -1);
    pieces.push(stateCode(s.state), start, end, i);
    cursor = end;
  }
  if (cursor < window.to) pieces.push(UNWATCHED, cursor, window.to, -1);
}

/** Marks the down pieces that count as out (the flap filter above). */
function applyFlapFilter(sample: number): void {
  if (seenPiece.length < pieces.n) {
    seenPiece = new Int32Array(pieces.start.length);
    seenFirst = new Float64Array(pieces.start.length);
    seenLast = new Float64Array(pieces.start.length);
  }
  let m = 0;
  for (let k = 0; k < pieces.n; k++) {
    if (pieces.state[k] !== DOWN) continue;
    const start = pieces.start[k]!;
    const end = pieces.end[k]!;
    const first = Math.ceil(start / sample) * sample;
    if (first >= end) continue;
    seenPiece[m] = k;
    seenFirst[m] = first;
    seenLast[m] = first + Math.floor((end - 1 - first) / sample) * sample;
    m++;
  }
  for (let k = 0; k < m; k++) {
    const first = seenFirst[k]!;
    const out =
      seenLast[k]! > first ||
      (k > 0 && first - seenLast[k - 1]! < HOUR_S) ||
      (k + 1 < m && seenFirst[k + 1]! - first < HOUR_S);
    pieces.out[seenPiece[k]!] = out ? 1 : 0;
  }
}

/** Adds `seconds` of [start, end) into `into`, split at UTC midnights. */
function addByDay(into: Float64Array, days: DaySums, start: number, end: number): void {
  let t = start;
  while (t < end) {
    const day = Math.floor(t / DAY_S);
    const stop = Math.min(end, (day + 1) * DAY_S);
    const index = day - days.firstDay;
    if (index >= 0 && index < into.length) into[index]! += stop - t;
    t = stop;
  }
}

export function workerPresence(
  worker: number,
  spans: readonly PresenceSpan[],
  window: StatementWindow,
  sample: number,
  threshold: number,
  days: DaySums,
  outages: OutageColumns,
): WorkerPresence {
  const sorted = sortedByStart(spans);
  layOut(sorted, window);
  applyFlapFilter(sample);
  const split = emptySplit();
  const filled: { from: number; to: number }[] = [];
  let counted = 0;
  let longestOutage = 0;
  // The run of out pieces under way: its first piece's span holds the evidence.
  let runFrom = -1;
  let runStart = 0;
  let runEnd = 0;
  let runFilled = false;
  const closeRun = () => {
    const seconds = runEnd - runStart;
    longestOutage = Math.max(longestOutage, seconds);
    if (seconds >= threshold) {
      const span = sorted[runFrom]!;
      outages.add(
        worker,
        runStart,
        runEnd,
        span.lastPresentAt ?? null,
        span.firstMissingAt ?? null,
        runFilled,
      );
      counted++;
    }
    runFrom = -1;
  };
  for (let k = 0; k < pieces.n; k++) {
    const start = pieces.start[k]!;
    const end = pieces.end[k]!;
    const state = pieces.state[k]!;
    const out = pieces.out[k] === 1;
    const source = pieces.source[k]!;
    const isFilled = source >= 0 && sorted[source]!.filled === true;
    const seconds = end - start;
    if (state === UNWATCHED) {
      split.unwatched += seconds;
      addByDay(days.unwatched, days, start, end);
    } else if (out) {
      split.down += seconds;
      addByDay(days.down, days, start, end);
    } else {
      split.up += seconds;
      addByDay(days.up, days, start, end);
      if (state === DOWN) {
        split.flaps += seconds;
        addByDay(days.flaps, days, start, end);
      }
    }
    if (isFilled) {
      split.filled += seconds;
      addByDay(days.filled, days, start, end);
      const last = filled.at(-1);
      if (last && last.to === start) last.to = end;
      else filled.push({ from: start, to: end });
    }
    if (out && runFrom >= 0 && runEnd === start) {
      runEnd = end;
      runFilled ||= isFilled;
      continue;
    }
    if (runFrom >= 0) closeRun();
    if (out) {
      // An out piece is always a span's (gaps are not watched).
      runFrom = source;
      runStart = start;
      runEnd = end;
      runFilled = isFilled;
    }
  }
  if (runFrom >= 0) closeRun();
  return { split, outages: counted, longestOutage, filled };
}

/** Merges periods that overlap or touch. */
export function mergedPeriods(periods: { from: number; to: number }[]): { from: number; to: number }[] {
  const sorted = [...periods].sort((a, b) => a.from - b.from);
  const out: { from: number; to: number }[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else out.push({ ...p });
  }
  return out;
}
