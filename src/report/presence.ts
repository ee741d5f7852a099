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
import type { Outage, PresenceSpan, PresenceState, SecondsSplit, StatementWindow } from './types.js';

export const DAY_S = 86_400;
export const HOUR_S = 3600;

interface Piece {
  state: PresenceState;
  start: number;
  end: number;
  filled: boolean;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
  /** Down and counted as out (after the flap filter). */
  out: boolean;
}

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
  /** Counted outages at least `threshold` long, merged where they touch. */
  outages: Outage[];
  longestOutage: number;
  /** This worker's stretches known from the pool's series, merged. */
  filled: { from: number; to: number }[];
}

export function emptySplit(): SecondsSplit {
  return { up: 0, down: 0, flaps: 0, unwatched: 0, filled: 0 };
}

/** Spans clipped to the window and laid end to end; the first of two overlapping spans wins. */
function laidOut(spans: readonly PresenceSpan[], window: StatementWindow): Piece[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Piece[] = [];
  let cursor = window.from;
  const gap = (end: number) =>
    out.push({
      state: 'unwatched',
      start: cursor,
      end,
      filled: false,
      lastPresentAt: null,
      firstMissingAt: null,
      out: false,
    });
  for (const s of sorted) {
    const start = Math.max(s.start, cursor);
    const end = Math.min(s.end, window.to);
    if (!(end > start)) continue;
    if (start > cursor) gap(start);
    out.push({
      state: s.state,
      start,
      end,
      filled: s.filled,
      lastPresentAt: s.lastPresentAt ?? null,
      firstMissingAt: s.firstMissingAt ?? null,
      out: false,
    });
    cursor = end;
  }
  if (cursor < window.to) gap(window.to);
  return out;
}

/** Marks the down pieces that count as out (the flap filter above). */
function applyFlapFilter(pieces: Piece[], sample: number): void {
  // Each down piece with at least one sample instant: its first and last instant.
  const seen: { piece: Piece; first: number; last: number }[] = [];
  for (const piece of pieces) {
    if (piece.state !== 'down') continue;
    const first = Math.ceil(piece.start / sample) * sample;
    if (first >= piece.end) continue;
    const last = first + Math.floor((piece.end - 1 - first) / sample) * sample;
    seen.push({ piece, first, last });
  }
  for (let k = 0; k < seen.length; k++) {
    const here = seen[k]!;
    if (here.last > here.first) {
      here.piece.out = true;
      continue;
    }
    const before = seen[k - 1];
    const after = seen[k + 1];
    here.piece.out =
      (before !== undefined && here.first - before.last < HOUR_S) ||
      (after !== undefined && after.first - here.first < HOUR_S);
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
  name: string,
  spans: readonly PresenceSpan[],
  window: StatementWindow,
  sample: number,
  threshold: number,
  days: DaySums,
): WorkerPresence {
  const pieces = laidOut(spans, window);
  applyFlapFilter(pieces, sample);
  const split = emptySplit();
  const outages: Outage[] = [];
  const filled: { from: number; to: number }[] = [];
  let longestOutage = 0;
  let run: Outage | undefined;
  const closeRun = () => {
    if (!run) return;
    longestOutage = Math.max(longestOutage, run.seconds);
    if (run.seconds >= threshold) outages.push(run);
    run = undefined;
  };
  for (const p of pieces) {
    const seconds = p.end - p.start;
    if (p.state === 'unwatched') {
      split.unwatched += seconds;
      addByDay(days.unwatched, days, p.start, p.end);
    } else if (p.out) {
      split.down += seconds;
      addByDay(days.down, days, p.start, p.end);
    } else {
      split.up += seconds;
      addByDay(days.up, days, p.start, p.end);
      if (p.state === 'down') {
        split.flaps += seconds;
        addByDay(days.flaps, days, p.start, p.end);
      }
    }
    if (p.filled) {
      split.filled += seconds;
      addByDay(days.filled, days, p.start, p.end);
      const last = filled.at(-1);
      if (last && last.to === p.start) last.to = p.end;
      else filled.push({ from: p.start, to: p.end });
    }
    if (p.out) {
      if (run && run.end === p.start) {
        run.end = p.end;
        run.seconds += seconds;
        run.filled ||= p.filled;
      } else {
        closeRun();
        run = {
          worker: name,
          start: p.start,
          end: p.end,
          seconds,
          lastPresentAt: p.lastPresentAt,
          firstMissingAt: p.firstMissingAt,
          filled: p.filled,
        };
      }
    } else {
      closeRun();
    }
  }
  closeRun();
  return { split, outages, longestOutage, filled };
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
