/**
 * When to list an account's worker names again (mining-data.ts useSeenWorkers): whenever the
 * worker counts differ from the counts of the last listing that succeeded — a worker came or
 * went — and at least every RELIST_MS, since one worker leaving as another comes back leaves the
 * counts as they were. Checked at each poll of the counts, so a listing that failed (a page
 * refused) is tried again at the next poll, not never.
 */
import { useEffect, useRef } from 'react';
import type { MinerInfo } from '../../api/mining-types.js';
import { GONE_AFTER_DEFAULT_S } from '../../config/seen-workers.js';
import { useDashboard } from '../dashboard-context.js';
import type { Resource } from '../data/use-resource.js';
import type { Poll, SeenWorkers } from './mining-data.js';

/** Connected and offline workers as one key; a worker moving between online and low changes neither. */
export function countsKey(info: MinerInfo | undefined): string | undefined {
  const w = info?.workers;
  return w ? `${(w.online ?? 0) + (w.low ?? 0)} ${w.offline}` : undefined;
}

/** The longest a listing stands: workers_gone's default grace, so a swap is seen within it. */
const RELIST_MS = GONE_AFTER_DEFAULT_S * 1000;

export function useRelistOnCounts(
  counts: string | undefined,
  /** The counts' poll number: each poll checks again. */
  countsPoll: number | undefined,
  seen: Resource<SeenWorkers>,
  poll: Poll,
): void {
  const listedAt = useRef<string | undefined>(undefined);
  const asked = useRef<string | undefined>(undefined);
  const pending = useRef(false);
  const countsNow = useRef(counts);
  countsNow.current = counts;
  const { now } = useDashboard();
  const { fetchedAt, error, refresh } = seen;
  const hasListing = seen.value !== undefined;
  // Read, never a trigger: a failed listing is asked again at the next poll of the counts. Asked
  // again on the failure itself, a listing that fails at once (a closed client, a refused key)
  // would be asked again as fast as it fails, without end.
  const failed = useRef(error);
  failed.current = error;
  useEffect(() => {
    if (fetchedAt === undefined) return;
    listedAt.current = asked.current ?? countsNow.current;
    pending.current = false;
  }, [fetchedAt]);
  useEffect(() => {
    if (error) pending.current = false;
  }, [error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: countsPoll: each poll checks again
  useEffect(() => {
    const error = failed.current;
    if (counts === undefined || poll.paused || poll.hidden || pending.current) return;
    if (!hasListing && !error) {
      // The first listing is on its way: it answers these counts (or older), not the ones when it
      // lands; counts that change meanwhile (pages read as workers come or go) list again.
      asked.current ??= counts;
      return;
    }
    if (listedAt.current === undefined && !error) {
      listedAt.current = counts;
      return;
    }
    const old = fetchedAt !== undefined && now() - fetchedAt >= RELIST_MS;
    if (counts === listedAt.current && !old) return;
    asked.current = counts;
    pending.current = true;
    refresh();
  }, [counts, countsPoll, poll.paused, poll.hidden, hasListing, refresh, fetchedAt, now]);
}
