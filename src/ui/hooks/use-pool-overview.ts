import { useCallback, useRef } from 'react';
import { useRefreshOnShow } from './use-refresh-on-show.js';
import useSWR, { useSWRConfig } from 'swr';
import type { FoundBlock, HashRatePoint, PoolOverview } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type RetryAt, useRetryAt } from '../retry-schedule.js';

export const POOL_OVERVIEW_KEY = 'pool-overview';

export interface PoolSnapshot {
  overview: PoolOverview;
  /** When this response arrived, ms. */
  fetchedAt: number;
  /** 1 for the first successful poll, then 2, 3…: identifies a poll whatever the clock says. */
  poll: number;
}

export interface PoolOverviewState {
  /** The latest overview received, kept while a later poll fails (then it is stale). */
  overview: PoolOverview | undefined;
  fetchedAt: number | undefined;
  /** Sequence number of the poll `overview` came from (see PoolSnapshot). */
  poll: number | undefined;
  error: Error | undefined;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** A request is in flight. */
  isValidating: boolean;
  /** While failing: when the next automatic retry is due (null: none, press r). */
  retryAt: RetryAt | undefined;
}

type List<T> = readonly T[] | null | undefined;

function sameSeries(a: List<HashRatePoint>, b: List<HashRatePoint>): boolean {
  if (!a || !b) return a === b;
  return (
    a.length === b.length &&
    a.every((p, i) => p.timestamp === b[i]?.timestamp && p.hashrate === b[i]?.hashrate)
  );
}

function sameBlocks(a: List<FoundBlock>, b: List<FoundBlock>): boolean {
  if (!a || !b) return a === b;
  return (
    a.length === b.length &&
    a.every((x, i) => x.block_height === b[i]?.block_height && x.block_found_at === b[i]?.block_found_at)
  );
}

/** Keeps the previous arrays when unchanged, so views can memoise the chart and table by identity. */
function share(prev: PoolOverview | undefined, next: PoolOverview): PoolOverview {
  if (!prev) return next;
  return {
    ...next,
    last7days_hash_rate: sameSeries(prev.last7days_hash_rate, next.last7days_hash_rate)
      ? prev.last7days_hash_rate
      : next.last7days_hash_rate,
    blocks: sameBlocks(prev.blocks, next.blocks) ? prev.blocks : next.blocks,
  };
}

/** The snapshot of a poll made before the dashboard mounted (first-poll.ts), for SWR's cache. */
export function firstPoolSnapshot(overview: PoolOverview, fetchedAt: number): PoolSnapshot {
  return { overview, fetchedAt, poll: 1 };
}

/**
 * Data already in the cache when the hook mounts is the poll made just before (first-poll.ts):
 * not fetched again at once, the next poll comes one interval later.
 */
const VISIBLE = { revalidateIfStale: false } as const;
/** `hidden`: the tab is not shown, so nothing is polled (see use-refresh-on-show.ts). */
const HIDDEN = { ...VISIBLE, refreshInterval: 0 } as const;

/** The public mining-pool overview, polled through the dashboard's SWRConfig. */
export function usePoolOverview(hidden = false): PoolOverviewState {
  const { client, signal, now, retries } = useDashboard();
  const retryAt = useRetryAt(retries, POOL_OVERVIEW_KEY);
  const { cache } = useSWRConfig();
  // Polls continue from a snapshot found in the cache (numbering, shared arrays).
  const last = useRef<PoolSnapshot | undefined>(cache.get(POOL_OVERVIEW_KEY)?.data);
  const fetcher = useCallback(async (): Promise<PoolSnapshot> => {
    const overview = share(last.current?.overview, await client.getMiningPool({ signal }));
    last.current = { overview, fetchedAt: now(), poll: (last.current?.poll ?? 0) + 1 };
    return last.current;
  }, [client, signal, now]);
  const swr = useSWR<PoolSnapshot, Error>(POOL_OVERVIEW_KEY, fetcher, hidden ? HIDDEN : VISIBLE);
  const { data, error, isLoading, mutate } = swr;
  useRefreshOnShow(hidden, data?.fetchedAt, mutate);
  return {
    overview: data?.overview,
    fetchedAt: data?.fetchedAt,
    poll: data?.poll,
    error,
    isLoading,
    // A getter: SWR re-renders on `isValidating` only for callers that read it.
    get isValidating() {
      return swr.isValidating;
    },
    retryAt: error ? retryAt : undefined,
  };
}
