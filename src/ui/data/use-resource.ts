/**
 * The dashboard's one data hook: every tab reads its data through `useResource(key, fetcher,
 * policy)` on the dashboard's SWRConfig. What differs per resource is its key, its fetcher and
 * its policy; the lifecycle is written here once:
 *
 * - The key names the operation and its query (`['mining-info', account]`): each page, term or
 *   account is cached on its own and an answer lands only under its own key.
 * - Polled every interval while shown (`slow`: at most once a minute, also just after each
 *   `bucketMs` bucket closes; `once`: never; `everyMs`: that often, and sooner when an answer is
 *   `dueAt`). Not polled while hidden (unless `background`) or paused; shown again, or
 *   a key met before asked again, with data older than its period, it is asked at once — the
 *   cached data is drawn meanwhile. A `once` key is neither: its caller says when to ask again.
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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import type { Priority, RequestQueue } from '../../api/request-queue.js';
import { useDashboard } from '../dashboard-context.js';
import { useRefreshOnShow } from './use-refresh-on-show.js';
import { type RetryAt, useRetryAt } from '../retry-schedule.js';
import { useDataLayer } from './data-layer.js';
import { pollDelay, SLOW_POLL_MS } from './poll-delay.js';
import type { Polled } from './polled.js';
import { isCancelledHere, type Request, Requests } from './requests.js';
import { SeededCache } from './seed.js';
import { type ReportProgress, useProgress } from './use-progress.js';

export type ResourceKey = string | readonly [string, ...(string | number)[]];

/** Asks for `key`; a long request (a bulk load) may report how far it has got (use-progress.ts). */
export type Fetcher<K extends ResourceKey, T, P = never> = (
  key: K,
  signal: AbortSignal,
  report: ReportProgress<P>,
) => Promise<T>;

/**
 * How a resource is read. Where options meet, the first row that applies wins (the guide's
 * Concepts has the same table; test/docs/policy-table.test.ts keeps the two alike). `queue` and
 * `priority`, `keepPreviousData`, `share`, `prefetch` and `abortOnLeave` are independent of it
 * and of each other.
 *
 * | option       | polled                                        | what it overrides                           |
 * |--------------|-----------------------------------------------|---------------------------------------------|
 * | `bulk`       | never: asked when its key is, dropped if left | implies `once`; `hidden`, `paused` ignored   |
 * | `once`       | never: once per key, and on `r`               | `slow`, `bucketMs`, `everyMs`, `dueAt`       |
 * | `hidden`     | not while hidden, unless `background`         | every cadence below                          |
 * | `paused`     | not while true; keys asked for still load     | the dashboard's `p` for this resource        |
 * | `slow`       | at most once a minute                         | `everyMs` (kept only as the floor)           |
 * | `bucketMs`   | with `slow`: also just after a bucket closes  | the minute, never below the interval        |
 * | `everyMs`    | this often instead of every interval          | the dashboard's interval                     |
 * | `dueAt`      | sooner when an answer says it is due (≥ 1 s)  | any period above, but not `once`/`bulk`      |
 */
export interface ResourcePolicy<T> {
  /**
   * A bulk load (the whole sub-account list, a balance column): asked for when its key is and
   * never again by itself (no polling, no `r`, not held by `p`); its fetcher reports progress,
   * drawn at most every 100 ms; `cancel` ends it with what arrived; a key left behind is
   * dropped from the cache with its rows, and its request stops.
   */
  bulk?: boolean;
  /** The tab is not shown: nothing is polled (unless `background`). */
  hidden?: boolean;
  /** Polled while hidden too: what the dashboard must keep doing for a tab nobody looks at. */
  background?: boolean;
  /** Polled this often, ms, instead of every interval. */
  everyMs?: number;
  /** When an answer says it must be asked again sooner than its period (a token due for refresh), ms. */
  dueAt?: (value: T) => number | undefined;
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

export interface Resource<T, P = never> {
  value: T | undefined;
  /** While a bulk load of this key runs: how far it has got, as its fetcher last reported. */
  progress: P | undefined;
  /** Stops this key's request; a bulk load ends with what arrived. False: none was running. */
  cancel: () => boolean;
  /** `value` answers the key asked for (not the previous key's, kept while this one loads). */
  isCurrent: boolean;
  fetchedAt: number | undefined;
  poll: number | undefined;
  /** The last failure; cancelled requests are not failures. */
  error: Error | undefined;
  /**
   * A request is in flight (with no `value`: the first load). Read only where it is drawn (a
   * spinner): a component that reads it re-renders as each request starts and ends.
   */
  readonly loading: boolean;
  /** `fetchedAt` as the cache holds it when called, for the status bar (status-report.ts). */
  readonly [READ_FETCHED_AT]: () => number | undefined;
  /** While failing: when the next automatic retry is due (null: none, press r). */
  retryAt: RetryAt | undefined;
  refresh: () => void;
  /** How often it is polled, ms: the interval, or at least a minute for `slow` and `once`. */
  periodMs: number;
}

const READ_FETCHED_AT = Symbol('readFetchedAt');

/**
 * A reader of the resource's answer time that stays the same function from poll to poll: the
 * status bar calls it as it draws, so a tab's report need not change with every answer and a
 * poll stays one render (status-report.ts).
 */
export function fetchedAtReader(resource: Resource<unknown, unknown>): () => number | undefined {
  return resource[READ_FETCHED_AT];
}

const notPaused = (): boolean => false;
/** The soonest an answer that says it is due is asked again. */
const MIN_DUE_MS = 1_000;
/** A bulk load's progress is drawn at most this often. */
const BULK_PROGRESS_MS = 100;
const NOTHING: ReadonlySet<string> = new Set();

export function useResource<K extends ResourceKey, T, P = never>(
  key: K | null,
  fetch: Fetcher<K, T, P>,
  policy: ResourcePolicy<T> = {},
): Resource<T, P> {
  const { signal: lifetime, now, intervalMs } = useDashboard();
  const { retrySchedule, manual, answers } = useDataLayer();
  const { cache } = useSWRConfig();
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const shareRef = useRef(policy.share);
  shareRef.current = policy.share;
  const { slow = false, bucketMs, queue, priority = 'high', everyMs } = policy;
  const hidden = (policy.hidden ?? false) && !policy.background && !policy.bulk;
  const once = (policy.once ?? false) || (policy.bulk ?? false);
  const paused = policy.bulk ? false : policy.paused;
  const periodMs = slow || once ? Math.max(intervalMs, SLOW_POLL_MS) : (everyMs ?? intervalMs);
  const requests = useState(() => new Requests<T>())[0];
  const bulk = policy.bulk ?? false;
  const progress = useProgress<P>(BULK_PROGRESS_MS, now);
  const currentId = useRef('');
  const { reporter, end: endProgress } = progress;

  const request = useCallback(
    (k: K): Request<T> => {
      const id = unstable_serialize(k);
      const previous = cache.get(id)?.data as Polled<T> | undefined;
      const seeded = cache instanceof SeededCache ? (cache.take(id) as Promise<T> | undefined) : undefined;
      const load = (signal: AbortSignal): Promise<T> => {
        if (seeded) return seeded;
        const report = reporter(id, () => currentId.current);
        const run = (): Promise<T> => fetchRef.current(k, signal, report);
        return queue ? queue.run(run, { priority, signal }) : run();
      };
      const answer = (value: T): Polled<T> => ({
        value: shareRef.current ? shareRef.current(previous?.value, value) : value,
        fetchedAt: now(),
        poll: (previous?.poll ?? 0) + 1,
      });
      const req = requests.start(id, lifetime, load, answer, now());
      req.promise.then(
        () => endProgress(id),
        () => endProgress(id),
      );
      return req;
    },
    [cache, requests, lifetime, queue, priority, now, reporter, endProgress],
  );

  /** SWR's fetcher: a fresh answer fetched ahead if there is one, else a new request. */
  const fetcher = useCallback(
    (raw: ResourceKey): Promise<Polled<T>> => {
      const k = raw as K; // the key this hook was given
      return requests.takeAhead(unstable_serialize(k), now(), periodMs) ?? request(k).promise;
    },
    [requests, request, now, periodMs],
  );

  // Abort whatever is still running when the component goes away.
  useEffect(
    () => () => {
      requests.abortAllBut(NOTHING);
    },
    [requests],
  );

  const stopped = hidden || paused === true || once;
  const dueRef = useRef(policy.dueAt);
  dueRef.current = policy.dueAt;
  const refreshInterval = useMemo(
    () =>
      stopped
        ? 0
        : (latest: Polled<T> | undefined): number => {
            const delay = pollDelay(everyMs ?? intervalMs, now(), slow, bucketMs);
            const due = latest && dueRef.current ? dueRef.current(latest.value) : undefined;
            // An answer already due is asked again a moment later at the soonest, never in a loop.
            return due === undefined ? delay : Math.max(MIN_DUE_MS, Math.min(delay, due - now()));
          },
    [stopped, slow, bucketMs, intervalMs, everyMs, now],
  );
  const swr = useSWR<Polled<T>, Error, ResourceKey | null>(key, fetcher, {
    ...(paused === undefined ? {} : { isPaused: notPaused }),
    keepPreviousData: policy.keepPreviousData ?? false,
    // One request per poll of this key: shorter than its own period (`everyMs` may be shorter
    // than the interval the dashboard's deduplication is set from) and than a due answer's wait.
    dedupingInterval: Math.floor(Math.min(intervalMs, periodMs, policy.dueAt ? MIN_DUE_MS : periodMs) / 2),
    revalidateIfStale: false,
    refreshInterval,
  });
  const { data, error, mutate } = swr;
  const id = key ? unstable_serialize(key) : '';
  currentId.current = id;
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
    if (!nextId || !next || cache.get(nextId)?.data !== undefined || requests.hasAhead(nextId)) return;
    const req = request(next as K);
    requests.keepAhead(nextId, req);
    req.promise.then(
      // Into the cache as it lands, so the next key draws in one render (its fetch still gets
      // this same promise when that key is asked for: no second request).
      (polled) => {
        if (requests.isAhead(nextId, req) && !lifetime.aborted)
          void fill(next, polled, { revalidate: false });
      },
      // Not shown: forget it, so the key is fetched afresh when it is asked for.
      () => requests.forgetAhead(nextId, req),
    );
  }, [nextId, cache, requests, request, fill, lifetime]);

  // Abandon everything except the key asked for and the one after it.
  const abortOnLeave = policy.abortOnLeave ?? false;
  useEffect(() => {
    if (abortOnLeave) requests.abortAllBut(new Set([id, nextId]));
  }, [abortOnLeave, requests, id, nextId]);
  // A background resource of a hidden tab: its answers are not drawn, so they do not redraw the shell.
  const quiet = Boolean(policy.background && policy.hidden);
  useEffect(() => {
    if (!quiet || !id) return;
    answers.quiet.add(id);
    return () => {
      answers.quiet.delete(id);
    };
  }, [quiet, answers, id]);
  // A bulk key left behind leaves the cache with its rows, and its request stops; `r` leaves a
  // bulk load alone.
  useEffect(() => {
    if (!bulk || !id) return;
    manual.add(id);
    return () => {
      manual.delete(id);
      requests.abortAllBut(NOTHING);
      cache.delete(id);
      endProgress(id);
    };
  }, [bulk, manual, requests, cache, id, endProgress]);
  const cancel = useCallback(() => requests.abortAllBut(NOTHING), [requests]);
  const retryAt = useRetryAt(retrySchedule, id);
  const refresh = useCallback(() => void mutate(), [mutate]);

  // A key met before (a page visited again, a row scrolled back): its cached data is drawn, and
  // asked for again only if older than its period. A seed is as fresh as data gets on mount.
  // A `once` key has no period to be older than: asked once, then on `r` or when its caller says
  // (the worker listing: use-relist.ts), never because its tab was shown again.
  const fetchedAt = data?.fetchedAt;
  const agedAt = once ? undefined : fetchedAt;
  const keySeen = useRef('');
  const seed = cache instanceof SeededCache && cache.isSeed(id, data);
  useEffect(() => {
    // Only when the key changes (or on mount): polling does the rest.
    if (keySeen.current === id) return;
    keySeen.current = id;
    if (!id || hidden || seed || agedAt === undefined) return;
    if (!(now() - agedAt < periodMs)) void mutate();
  }, [id, hidden, seed, agedAt, now, periodMs, mutate]);
  useRefreshOnShow(hidden, paused ? undefined : agedAt, mutate, periodMs);

  // The previous key's time while this key loads (with keepPreviousData), else the cache's.
  const laggingAt = isCurrent ? undefined : fetchedAt;
  const readFetchedAt = useCallback(
    () => (cache.get(id)?.data as Polled<T> | undefined)?.fetchedAt ?? laggingAt,
    [cache, id, laggingAt],
  );

  // This key's request was cancelled by a component that went away while another still wants it.
  // (isValidating is not read here: reading it re-renders on every request's start and end.)
  const aborted = isCancelledHere(error);
  useEffect(() => {
    if (aborted && !lifetime.aborted) void mutate();
  }, [aborted, lifetime, mutate]);

  return {
    value: data?.value,
    progress: progress.read(id),
    cancel,
    isCurrent,
    fetchedAt,
    [READ_FETCHED_AT]: readFetchedAt,
    poll: data?.poll,
    error: aborted ? undefined : error,
    // A getter: SWR re-renders on `isValidating` only for callers that read it.
    get loading() {
      return swr.isValidating;
    },
    retryAt: error && !aborted ? retryAt : undefined,
    refresh,
    periodMs,
  };
}
