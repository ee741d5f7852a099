/**
 * What the watcher knows of each worker's presence, from evidence only, so a worker's offline
 * hold counts from when its absence was seen, never from the age of the last listing. Pure.
 *
 * Evidence that a worker was there: a complete listing naming it, or a later round whose worker
 * counts (miners/info) still match that listing's (nothing connected or left since). Evidence
 * that it is missing: a complete listing without it. An absence carries both bounds: the last time
 * the worker was known present and the first time it was known missing; its condition begins at the
 * latter. A worker already missing at the first listing of a run (gone while nothing watched)
 * has no fresh evidence: its absence begins at that listing. Times are milliseconds.
 */
import type { SeenState } from '../config/seen-workers.js';

/** How the last presence is known: a listing naming the worker, or a round whose counts matched it. */
export type PresenceKnown = 'listing' | 'counts';

export interface Absence {
  lastPresentMs: number;
  firstMissingMs: number;
  known: PresenceKnown;
}

export interface Presence {
  /** The last complete listing: when, the names in it, and the worker counts read in its round. */
  listedMs?: number;
  names: readonly string[];
  counts?: string;
  /** The latest round whose counts still matched that listing's (none once they differed). */
  matchedMs?: number;
  diverged?: boolean;
  /** Every remembered worker missing from the last complete listing. */
  absent: ReadonlyMap<string, Absence>;
}

export const NO_PRESENCE: Presence = { names: [], absent: new Map() };

/** A round's fresh worker counts: while they match the last listing's, its names were still there. */
export function countsRead(p: Presence, counts: string, atMs: number): Presence {
  if (p.listedMs === undefined || p.diverged) return p;
  if (counts !== p.counts) return { ...p, diverged: true };
  return { ...p, matchedMs: Math.max(p.matchedMs ?? p.listedMs, atMs) };
}

/**
 * A complete listing at `atMs`, with `seen` the remembered workers after it: the names listed are
 * present; each remembered name missing from it stays absent since it was first found missing, or
 * is absent from now.
 */
export function listingRead(
  p: Presence,
  seen: SeenState,
  names: readonly string[],
  counts: string | undefined,
  atMs: number,
): Presence {
  const listed = new Set(names);
  const before = new Set(p.names);
  const absent = new Map<string, Absence>();
  for (const w of seen.workers) {
    if (listed.has(w.name)) continue;
    const had = p.absent.get(w.name);
    if (had) {
      absent.set(w.name, had);
      continue;
    }
    const byListing = w.lastSeen * 1000;
    const byCounts = before.has(w.name) && p.matchedMs !== undefined ? p.matchedMs : 0;
    absent.set(w.name, {
      lastPresentMs: Math.max(byListing, byCounts),
      firstMissingMs: atMs,
      known: byCounts > byListing ? 'counts' : 'listing',
    });
  }
  return { listedMs: atMs, names, ...(counts === undefined ? {} : { counts }), matchedMs: atMs, absent };
}
