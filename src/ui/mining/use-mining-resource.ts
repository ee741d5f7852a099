/**
 * One Mining Pool answer through the dashboard's SWRConfig and the tab's request queue: the
 * pattern every Mining hook follows (mining-data.ts).
 *
 * - The SWR key names the operation and its query (`['mining-info', account]`), so each account,
 *   page, interval and worker is cached on its own and an answer lands only under its own key.
 * - Polled every interval while shown, or at most once a minute (`slow`) for what changes
 *   slower: series (whole buckets of 5 minutes or more), workers' names, rewards, payout, links
 *   and the per-worker trends. Not polled while hidden or paused; shown again (or asked again
 *   for a key met before) with data older than its period, it is asked at once — the cached
 *   data is drawn meanwhile.
 * - Every request goes through the queue (≤ 4 in flight, < 50 a second, 429 honoured), and is
 *   dropped or aborted when the component that asked goes away (a row scrolled off screen).
 * - `poll` counts this key's answers, so changes "since the last poll" are per key.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { isPooltopError } from '../../errors/pooltop-error.js';
import { linkSignals } from '../../api/link-signals.js';
import type { Priority } from '../../api/request-queue.js';
import { useDashboard } from '../dashboard-context.js';
import { useRefreshOnShow } from '../hooks/use-refresh-on-show.js';
import { type RetryAt, useRetryAt } from '../retry-schedule.js';
import { alignedPollDelay } from '../swr-options.js';
import { useMiningQueue } from './mining-queue.js';
import type { Polled } from '../hooks/swr-keys.js';

/** The slowest poll of `slow` resources' floor: once a minute. */
export const SLOW_POLL_MS = 60_000;
/** How long after a bucket closes its point is asked for. */
const BUCKET_MARGIN_MS = 3_000;

/**
 * Milliseconds until a resource's next poll: every interval; once a minute for `slow` ones, and
 * for series of `bucketMs` points also just after the current bucket closes, so a new point
 * shows within seconds rather than up to a minute. Never sooner than the interval allows.
 */
export function pollDelay(intervalMs: number, nowMs: number, slow: boolean, bucketMs?: number): number {
  const aligned = alignedPollDelay(intervalMs, nowMs);
  if (!slow) return aligned;
  const bucketCloses = bucketMs ? bucketMs - (nowMs % bucketMs) + BUCKET_MARGIN_MS : SLOW_POLL_MS;
  return Math.max(aligned, Math.min(SLOW_POLL_MS, bucketCloses));
}

export type MiningKey = readonly [string, ...(string | number)[]];

export type { Polled };

export interface ResourceOptions {
  hidden: boolean;
  /** Polling paused (`p`): nothing is polled, but keys asked for still load. */
  paused: boolean;
  /** Polled at most once a minute. */
  slow?: boolean;
  /** A `slow` series of points this long: also polled just after each one closes (pollDelay). */
  bucketMs?: number;
  /** Never polled: asked for once per key (and on `r`). */
  once?: boolean;
  priority?: Priority;
  /** The load queues its own requests (a walk over many pages); it is not put in the queue whole. */
  queuesItself?: boolean;
}

export interface Resource<T> {
  value: T | undefined;
  fetchedAt: number | undefined;
  poll: number | undefined;
  error: Error | undefined;
  isLoading: boolean;
  isValidating: boolean;
  retryAt: RetryAt | undefined;
  refresh: () => void;
  /** How often it is polled, ms: the interval, or at least a minute for `slow` and `once`. */
  periodMs: number;
}

const notPaused = (): boolean => false;
const isAborted = (err: unknown): boolean => isPooltopError(err) && err.reason === 'aborted';

export function useMiningResource<K extends MiningKey, T>(
  key: K | null,
  load: (key: K, signal: AbortSignal) => Promise<T>,
  opts: ResourceOptions,
): Resource<T> {
  const { signal: lifetime, now, intervalMs, retries } = useDashboard();
  const queue = useMiningQueue();
  const { cache } = useSWRConfig();
  const loadRef = useRef(load);
  loadRef.current = load;
  const { slow = false, once = false, priority = 'high', queuesItself = false, bucketMs } = opts;
  const periodMs = slow || once ? Math.max(intervalMs, SLOW_POLL_MS) : intervalMs;
  /** Requests started for this component, aborted when it unmounts. */
  const mine = useRef(new Set<AbortController>());

  const fetcher = useCallback(
    async (raw: MiningKey): Promise<Polled<T>> => {
      const k = raw as K; // the key this hook was given
      const previous = cache.get(unstable_serialize(k))?.data as Polled<T> | undefined;
      const controller = new AbortController();
      mine.current.add(controller);
      const linked = linkSignals(controller.signal, lifetime);
      try {
        const value = queuesItself
          ? await loadRef.current(k, linked.signal)
          : await queue.run(() => loadRef.current(k, linked.signal), { priority, signal: linked.signal });
        return { value, fetchedAt: now(), poll: (previous?.poll ?? 0) + 1 };
      } finally {
        linked.dispose();
        mine.current.delete(controller);
      }
    },
    [cache, lifetime, queue, queuesItself, priority, now],
  );
  useEffect(() => {
    const running = mine.current;
    return () => {
      for (const c of running) c.abort();
      running.clear();
    };
  }, []);

  const refreshInterval = useMemo(() => {
    if (opts.hidden || opts.paused || once) return 0;
    return () => pollDelay(intervalMs, now(), slow, bucketMs);
  }, [opts.hidden, opts.paused, once, slow, bucketMs, intervalMs, now]);
  const swr = useSWR<Polled<T>, Error, MiningKey | null>(key, fetcher, {
    isPaused: notPaused,
    keepPreviousData: false,
    revalidateIfStale: false,
    refreshInterval,
  });
  const { data, error, mutate } = swr;
  const id = key ? unstable_serialize(key) : '';
  const retryAt = useRetryAt(retries, id);
  const refresh = useCallback(() => void mutate(), [mutate]);

  // A key met before (a page visited again, a row scrolled back): its cached data is drawn, and
  // asked for again only if older than its period.
  const fetchedAt = data?.fetchedAt;
  const keySeen = useRef('');
  const { hidden } = opts;
  useEffect(() => {
    // Only when the key changes (or on mount): polling does the rest.
    if (keySeen.current === id) return;
    keySeen.current = id;
    if (id && !hidden && fetchedAt !== undefined && !(now() - fetchedAt < periodMs)) void mutate();
  }, [id, hidden, fetchedAt, now, periodMs, mutate]);
  useRefreshOnShow(hidden, opts.paused ? undefined : fetchedAt, mutate, periodMs);

  // This key's request was cancelled by a component that went away while another still wants it.
  // (isValidating is not read here: reading it re-renders on every request's start and end.)
  const aborted = isAborted(error);
  useEffect(() => {
    if (aborted && !lifetime.aborted) void mutate();
  }, [aborted, lifetime, mutate]);

  return {
    value: data?.value,
    fetchedAt,
    poll: data?.poll,
    error: aborted ? undefined : error,
    isLoading: swr.isLoading,
    get isValidating() {
      return swr.isValidating;
    },
    retryAt: error && !aborted ? retryAt : undefined,
    refresh,
    periodMs,
  };
}
