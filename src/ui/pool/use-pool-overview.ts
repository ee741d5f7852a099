import { useCallback, useRef, useState } from 'react';
import { POOL_OVERVIEW_KEY } from '../hooks/swr-keys.js';
import { useRefreshOnShow } from '../hooks/use-refresh-on-show.js';
import useSWR, { useSWRConfig } from 'swr';
import type { FoundBlock, HashRatePoint, PoolOverview } from '../../api/types.js';
import { type FirstPoll, useDashboard } from '../dashboard-context.js';
import { type RetryAt, useRetryAt } from '../retry-schedule.js';

export type { FirstPoll };

export { POOL_OVERVIEW_KEY };

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

export function firstPoll(request: Promise<PoolOverview>, now: () => number = Date.now): FirstPoll {
  const first: FirstPoll = { request, taken: false };
  request.then(
    (overview) => {
      first.answer = { overview, fetchedAt: now() };
    },
    () => {}, // the fetch that takes the request over reports it
  );
  return first;
}

/**
 * Waits up to `waitMs` for the first poll to settle: the first frame then shows the pool
 * instead of a loading line that costs a whole render, and a slow answer holds it back no longer.
 */
export async function settleFirstPoll(first: FirstPoll, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const settled = first.request.then(
    () => {},
    () => {},
  );
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** The first poll's request for the first fetch, once; later fetches send their own. */
function takeFirstPoll(first: FirstPoll | undefined): Promise<PoolOverview> | undefined {
  if (!first || first.taken) return undefined;
  first.taken = true;
  return first.request;
}

/** The first poll's answer as poll 1, when it is in; the next fetch then sends a new request. */
function startFrom(first: FirstPoll | undefined): PoolSnapshot | undefined {
  if (!first?.answer) return undefined;
  first.taken = true;
  return { ...first.answer, poll: 1 };
}

/** Nothing is fetched on mount when there is data already (the first poll's answer). */
const VISIBLE = { revalidateIfStale: false } as const;
/** `hidden`: the tab is not shown, so nothing is polled (see use-refresh-on-show.ts). */
const HIDDEN = { ...VISIBLE, refreshInterval: 0 } as const;

/** The public mining-pool overview, polled through the dashboard's SWRConfig. */
export function usePoolOverview(hidden = false): PoolOverviewState {
  const { client, signal, now, retries, firstPoll: first } = useDashboard();
  const retryAt = useRetryAt(retries, POOL_OVERVIEW_KEY);
  const { cache } = useSWRConfig();
  const fallback = useState(() => startFrom(first))[0];
  // Polls continue from the latest snapshot (numbering, shared arrays).
  const last = useRef<PoolSnapshot | undefined>(cache.get(POOL_OVERVIEW_KEY)?.data ?? fallback);
  const fetcher = useCallback(async (): Promise<PoolSnapshot> => {
    const answer = await (takeFirstPoll(first) ?? client.getMiningPool({ signal }));
    const overview = share(last.current?.overview, answer);
    last.current = { overview, fetchedAt: now(), poll: (last.current?.poll ?? 0) + 1 };
    return last.current;
  }, [client, signal, now, first]);
  const options = hidden ? HIDDEN : VISIBLE;
  const swr = useSWR<PoolSnapshot, Error>(
    POOL_OVERVIEW_KEY,
    fetcher,
    fallback ? { ...options, fallbackData: fallback } : options,
  );
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
