/**
 * The dashboard's one data hook: every tab reads its data through `useResource(key, fetcher,
 * policy)` on the dashboard's SWRConfig. What differs per resource is its key, its fetcher and
 * its policy; the lifecycle is written here once:
 *
 * - The key names the operation and its query (`['mining-info', account]`): each page, term or
 *   account is cached on its own and an answer lands only under its own key.
 * - Polled every interval while shown (`slow`: at most once a minute, also just after each
 *   `bucketMs` bucket closes; `once`: never). Not polled while hidden or paused; shown again, or
 *   a key met before asked again, with data older than its period, it is asked at once — the
 *   cached data is drawn meanwhile.
 * - Failures are retried by the dashboard's error-retry handler (swr-options.ts); `retryAt` says
 *   when (the status bar's "next retry").
 * - Each request has its own AbortSignal, linked to the dashboard's lifetime, and goes through
 *   the policy's request queue if it has one. Requests are aborted when the component that asked
 *   goes away; a request cancelled that way is not a failure, and its key is asked again by
 *   whoever still shows it. A cancellation from outside (the dashboard quitting) is reported.
 * - `poll` counts this key's answers, so changes "since the last poll" are per key.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { linkSignals } from '../../api/link-signals.js';
import type { Priority, RequestQueue } from '../../api/request-queue.js';
import { isPooltopError, PooltopError } from '../../errors/pooltop-error.js';
import { useDashboard } from '../dashboard-context.js';
import { useRefreshOnShow } from '../hooks/use-refresh-on-show.js';
import { type RetryAt, useRetryAt } from '../retry-schedule.js';
import { pollDelay, SLOW_POLL_MS } from './poll-delay.js';
import type { Polled } from './polled.js';
import { SeededCache } from './seed.js';

export type ResourceKey = string | readonly [string, ...(string | number)[]];

export type Fetcher<K extends ResourceKey, T> = (key: K, signal: AbortSignal) => Promise<T>;

export interface ResourcePolicy<T> {
  /** The tab is not shown: nothing is polled. */
  hidden?: boolean;
  /**
   * Polling paused (`p`) for this resource: nothing is polled, but keys asked for still load.
   * Left out, the dashboard's own pause (SWR's `isPaused`) holds every request of the key.
   */
  paused?: boolean;
  /** Polled at most once a minute. */
  slow?: boolean;
  /** A `slow` series of points this long: also polled just after each one closes (pollDelay). */
  bucketMs?: number;
  /** Never polled: asked for once per key (and on `r`). */
  once?: boolean;
  /** Requests wait their turn here (the fetcher queues its own when left out). */
  queue?: RequestQueue;
  priority?: Priority;
  /** The previous key's data stays on screen while a new key loads (see `Resource.key`). */
  keepPreviousData?: boolean;
  /** Builds each answer from the previous one, e.g. to keep unchanged arrays for memoised views. */
  share?: (previous: T | undefined, next: T) => T;
}

export interface Resource<T> {
  value: T | undefined;
  fetchedAt: number | undefined;
  poll: number | undefined;
  /** The last failure; cancelled requests are not failures. */
  error: Error | undefined;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** A request is in flight. */
  isValidating: boolean;
  /** While failing: when the next automatic retry is due (null: none, press r). */
  retryAt: RetryAt | undefined;
  refresh: () => void;
  /** How often it is polled, ms: the interval, or at least a minute for `slow` and `once`. */
  periodMs: number;
}

const notPaused = (): boolean => false;

/**
 * Failures of requests cancelled by the hook that sent them. Only those are asked again: a
 * request cancelled from outside (the dashboard quitting, the client closed) fails again at
 * once, and asking again would loop.
 */
const cancelledHere = new WeakSet<Error>();

export function isCancelledHere(err: unknown): boolean {
  return err instanceof Error && cancelledHere.has(err);
}

function cancelled(err: unknown): Error {
  const error =
    isPooltopError(err) && err.reason === 'aborted'
      ? err
      : new PooltopError('network', 'request cancelled', { reason: 'aborted', cause: err });
  cancelledHere.add(error);
  return error;
}

export function useResource<K extends ResourceKey, T>(
  key: K | null,
  fetch: Fetcher<K, T>,
  policy: ResourcePolicy<T> = {},
): Resource<T> {
  const { signal: lifetime, now, intervalMs, retries } = useDashboard();
  const { cache } = useSWRConfig();
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const shareRef = useRef(policy.share);
  shareRef.current = policy.share;
  const { hidden = false, paused, slow = false, once = false, bucketMs, queue, priority = 'high' } = policy;
  const periodMs = slow || once ? Math.max(intervalMs, SLOW_POLL_MS) : intervalMs;
  /** Requests started for this component, aborted when it unmounts. */
  const mine = useRef(new Set<AbortController>());

  const fetcher = useCallback(
    async (raw: ResourceKey): Promise<Polled<T>> => {
      const k = raw as K; // the key this hook was given
      const id = unstable_serialize(k);
      const previous = cache.get(id)?.data as Polled<T> | undefined;
      const seeded = cache instanceof SeededCache ? (cache.take(id) as Promise<T> | undefined) : undefined;
      const controller = new AbortController();
      mine.current.add(controller);
      const linked = linkSignals(controller.signal, lifetime);
      try {
        const load = (): Promise<T> => fetchRef.current(k, linked.signal);
        const value = await (seeded ??
          (queue ? queue.run(load, { priority, signal: linked.signal }) : load()));
        const shared = shareRef.current ? shareRef.current(previous?.value, value) : value;
        return { value: shared, fetchedAt: now(), poll: (previous?.poll ?? 0) + 1 };
      } catch (err) {
        throw controller.signal.aborted ? cancelled(err) : err;
      } finally {
        linked.dispose();
        mine.current.delete(controller);
      }
    },
    [cache, lifetime, queue, priority, now],
  );
  useEffect(() => {
    const running = mine.current;
    return () => {
      for (const c of running) c.abort();
      running.clear();
    };
  }, []);

  const stopped = hidden || paused === true || once;
  const refreshInterval = useMemo(
    () => (stopped ? 0 : () => pollDelay(intervalMs, now(), slow, bucketMs)),
    [stopped, slow, bucketMs, intervalMs, now],
  );
  const swr = useSWR<Polled<T>, Error, ResourceKey | null>(key, fetcher, {
    ...(paused === undefined ? {} : { isPaused: notPaused }),
    keepPreviousData: policy.keepPreviousData ?? false,
    revalidateIfStale: false,
    refreshInterval,
  });
  const { data, error, mutate } = swr;
  const id = key ? unstable_serialize(key) : '';
  const retryAt = useRetryAt(retries, id);
  const refresh = useCallback(() => void mutate(), [mutate]);

  // A key met before (a page visited again, a row scrolled back): its cached data is drawn, and
  // asked for again only if older than its period. A seed is as fresh as data gets on mount.
  const fetchedAt = data?.fetchedAt;
  const keySeen = useRef('');
  const seed = cache instanceof SeededCache && cache.isSeed(id, data);
  useEffect(() => {
    // Only when the key changes (or on mount): polling does the rest.
    if (keySeen.current === id) return;
    keySeen.current = id;
    if (!id || hidden || seed || fetchedAt === undefined) return;
    if (!(now() - fetchedAt < periodMs)) void mutate();
  }, [id, hidden, seed, fetchedAt, now, periodMs, mutate]);
  useRefreshOnShow(hidden, paused ? undefined : fetchedAt, mutate, periodMs);

  // This key's request was cancelled by a component that went away while another still wants it.
  // (isValidating is not read here: reading it re-renders on every request's start and end.)
  const aborted = isCancelledHere(error);
  useEffect(() => {
    if (aborted && !lifetime.aborted) void mutate();
  }, [aborted, lifetime, mutate]);

  return {
    value: data?.value,
    fetchedAt,
    poll: data?.poll,
    error: aborted ? undefined : error,
    isLoading: swr.isLoading,
    // A getter: SWR re-renders on `isValidating` only for callers that read it.
    get isValidating() {
      return swr.isValidating;
    },
    retryAt: error && !aborted ? retryAt : undefined,
    refresh,
    periodMs,
  };
}
