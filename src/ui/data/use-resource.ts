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
 * - `prefetch` names the key after this one (the next page, once this one is full): it is fetched
 *   ahead and put in the cache as it lands, and the fetch of that key, once asked for, is handed
 *   the same request, so `PgDn` costs no second one. (SWR's own `preload` is a no-op outside a
 *   browser.) With `abortOnLeave`, requests for keys left behind (the old page, a prefetch for an
 *   old term) are aborted when the key moves on.
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
  /** The key to fetch ahead, given this key and its answer (undefined: none). */
  prefetch?: (value: T, key: ResourceKey) => ResourceKey | undefined;
  /** Requests for keys other than this one and its prefetch are aborted when the key changes. */
  abortOnLeave?: boolean;
}

export interface Resource<T> {
  value: T | undefined;
  /** `value` answers the key asked for (not the previous key's, kept while this one loads). */
  isCurrent: boolean;
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

interface Request<T> {
  controller: AbortController;
  promise: Promise<Polled<T>>;
  startedAt: number;
}

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
  /** Requests in flight, by serialized key (a refresh may overlap the one it replaces). */
  const inflight = useRef(new Map<string, Set<AbortController>>());
  /** Prefetched answers not yet handed to SWR, by serialized key. */
  const prefetched = useRef(new Map<string, Request<T>>());

  const request = useCallback(
    (k: K): Request<T> => {
      const id = unstable_serialize(k);
      const previous = cache.get(id)?.data as Polled<T> | undefined;
      const seeded = cache instanceof SeededCache ? (cache.take(id) as Promise<T> | undefined) : undefined;
      const controller = new AbortController();
      const running = inflight.current.get(id) ?? new Set<AbortController>();
      inflight.current.set(id, running);
      running.add(controller);
      // Not AbortSignal.any: it leaks an entry on the lifetime signal per call (link-signals.ts).
      const linked = linkSignals(controller.signal, lifetime);
      const promise = (async (): Promise<Polled<T>> => {
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
          running.delete(controller);
          if (running.size === 0 && inflight.current.get(id) === running) inflight.current.delete(id);
        }
      })();
      return { controller, promise, startedAt: now() };
    },
    [cache, lifetime, queue, priority, now],
  );

  /** SWR's fetcher: a fresh prefetched answer if there is one, else a new request. */
  const fetcher = useCallback(
    (raw: ResourceKey): Promise<Polled<T>> => {
      const k = raw as K; // the key this hook was given
      const id = unstable_serialize(k);
      const ahead = prefetched.current.get(id);
      prefetched.current.delete(id);
      const age = ahead ? now() - ahead.startedAt : Number.NaN;
      // A negative age means the clock jumped back: the answer's age is unknown, ask again.
      if (ahead && age >= 0 && age < periodMs) return ahead.promise;
      ahead?.controller.abort(); // too old to show: ask again
      return request(k).promise;
    },
    [request, now, periodMs],
  );

  // Abort whatever is still running when the component goes away.
  useEffect(() => {
    const running = inflight.current;
    const ahead = prefetched.current;
    return () => {
      for (const set of running.values()) for (const c of set) c.abort();
      running.clear();
      ahead.clear();
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
  const isCurrent = data !== undefined && cache.get(id)?.data === data;

  // The key after this one, once this one's answer names it.
  const nextKey =
    key && policy.prefetch && isCurrent && !error ? policy.prefetch(data.value, key) : undefined;
  const nextId = nextKey === undefined ? '' : unstable_serialize(nextKey);
  const nextRef = useRef(nextKey);
  nextRef.current = nextKey;
  const { mutate: fill } = useSWRConfig();
  useEffect(() => {
    const next = nextRef.current;
    if (!nextId || !next || cache.get(nextId)?.data !== undefined || prefetched.current.has(nextId)) return;
    const req = request(next as K);
    prefetched.current.set(nextId, req);
    req.promise.then(
      // Into the cache as it lands, so the next key draws in one render (its fetch still gets
      // this same promise when that key is asked for: no second request).
      (polled) => {
        if (prefetched.current.get(nextId) === req && !lifetime.aborted)
          void fill(next, polled, { revalidate: false });
      },
      () => {
        // Not shown: forget it, so the key is fetched afresh when it is asked for.
        if (prefetched.current.get(nextId) === req) prefetched.current.delete(nextId);
      },
    );
  }, [nextId, cache, request, fill, lifetime]);

  // Abandon everything except the key asked for and the one after it.
  const abortOnLeave = policy.abortOnLeave ?? false;
  useEffect(() => {
    if (!abortOnLeave) return;
    for (const [running, set] of inflight.current) {
      if (running === id || running === nextId) continue;
      inflight.current.delete(running);
      prefetched.current.delete(running);
      for (const c of set) c.abort();
    }
    for (const ahead of prefetched.current.keys())
      if (ahead !== id && ahead !== nextId) prefetched.current.delete(ahead);
  }, [abortOnLeave, id, nextId]);
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
    isCurrent,
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
