import { useCallback, useRef } from 'react';
import useSWR from 'swr';
import type { FoundBlock, HashRatePoint, PoolOverview } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';

export const POOL_OVERVIEW_KEY = 'pool-overview';

export interface PoolSnapshot {
  overview: PoolOverview;
  /** When this response arrived, ms. */
  fetchedAt: number;
}

export interface PoolOverviewState {
  /** The latest overview received, kept while a later poll fails (then it is stale). */
  overview: PoolOverview | undefined;
  fetchedAt: number | undefined;
  error: Error | undefined;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** A request is in flight. */
  isValidating: boolean;
}

function sameSeries(a: readonly HashRatePoint[], b: readonly HashRatePoint[]): boolean {
  return a.length === b.length && a.every((p, i) => p.timestamp === b[i]?.timestamp && p.hashrate === b[i]?.hashrate);
}

function sameBlocks(a: readonly FoundBlock[], b: readonly FoundBlock[]): boolean {
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

/** The public mining-pool overview, polled through the dashboard's SWRConfig. */
export function usePoolOverview(): PoolOverviewState {
  const { client, signal, now } = useDashboard();
  const last = useRef<PoolOverview | undefined>(undefined);
  const fetcher = useCallback(async (): Promise<PoolSnapshot> => {
    const overview = share(last.current, await client.getMiningPool({ signal }));
    last.current = overview;
    return { overview, fetchedAt: now() };
  }, [client, signal, now]);
  const { data, error, isLoading, isValidating } = useSWR<PoolSnapshot, Error>(POOL_OVERVIEW_KEY, fetcher);
  return {
    overview: data?.overview,
    fetchedAt: data?.fetchedAt,
    error,
    isLoading,
    isValidating,
  };
}
