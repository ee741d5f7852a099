/**
 * One page of sub-accounts through the dashboard's SWRConfig.
 *
 * - The SWR key is `['sub-accounts', search, offset, limit]`: every page and term is cached on
 *   its own, and a response can only land under the key it was asked for, so a late answer
 *   for an old term never replaces a newer one.
 * - `keepPreviousData` keeps the last rows on screen while a new key loads; `isCurrent` says
 *   whether the rows belong to the key asked for.
 * - Each request gets its own AbortSignal. When the key moves on, requests for keys nobody
 *   wants any more (the old page, a prefetch for an old term) are aborted.
 * - Once a full page has arrived the next one is fetched ahead, the way SWR's `preload` does
 *   it: the promise is kept and handed to SWR's fetcher when that key is asked for, so `PgDn`
 *   costs no second request. (SWR's own `preload` is a no-op outside a browser, IS_SERVER, so
 *   this hook keeps the promise itself, which also lets it abort and forget abandoned ones.)
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { isPooltopError, PooltopError } from '../../errors/pooltop-error.js';
import { linkSignals } from '../../api/link-signals.js';
import type { SubAccountPage } from '../../api/types.js';
import { nextPageOffset } from '../browser/browser-state.js';
import { useDashboard } from '../dashboard-context.js';
import { alignedPollDelay } from '../swr-options.js';
import { useRefreshOnShow } from '../hooks/use-refresh-on-show.js';

export const SUB_ACCOUNTS_KEY = 'sub-accounts';

export interface SubAccountsQuery {
  search: string;
  offset: number;
  limit: number;
}

export type SubAccountsKey = readonly [typeof SUB_ACCOUNTS_KEY, string, number, number];

export interface SubAccountsResult extends SubAccountsQuery {
  page: SubAccountPage;
  /** When the response arrived, ms. */
  fetchedAt: number;
}

export interface SubAccountsState {
  /** The rows on screen: for the key asked for, or the previous key's while it loads. */
  result: SubAccountsResult | undefined;
  /** `result` answers the query asked for (not previous data kept while loading). */
  isCurrent: boolean;
  /** The last failure for this key; cancelled requests are not failures. */
  error: Error | undefined;
  isLoading: boolean;
  isValidating: boolean;
}

export interface UseSubAccountsOptions {
  /** False: no request at all (e.g. no credentials). */
  enabled?: boolean;
  /** Fetch the next page ahead of time (default true). */
  prefetch?: boolean;
  /**
   * Polling paused (`p`): the page on screen is no longer polled, but pages and terms the user
   * asks for still load. (The dashboard's own `isPaused` would stop those too.)
   */
  paused?: boolean;
  /** The tab is hidden: no polling; on showing again a page older than the interval is re-asked. */
  hidden?: boolean;
}

export function subAccountsKey(q: SubAccountsQuery): SubAccountsKey {
  return [SUB_ACCOUNTS_KEY, q.search, q.offset, q.limit];
}

export function isAborted(err: unknown): boolean {
  return isPooltopError(err) && err.reason === 'aborted';
}

/**
 * Failures of requests this hook cancelled itself (their key was left). Only those are asked
 * again when their key comes back: a request cancelled from outside (the dashboard quitting, the
 * client closed) fails again at once, and asking again would loop.
 */
const cancelledHere = new WeakSet<Error>();

/** The page after `current`, when `current` is a full page and the offset bound allows it. */
export function nextQuery(
  q: SubAccountsQuery,
  current: SubAccountsResult | undefined,
): SubAccountsQuery | undefined {
  if (!current || current.page.data.length < q.limit) return undefined;
  const offset = nextPageOffset(q.offset, q.limit);
  return offset === undefined ? undefined : { ...q, offset };
}

const notPaused = (): boolean => false;

interface Request {
  controller: AbortController;
  promise: Promise<SubAccountsResult>;
  startedAt: number;
}

export function useSubAccounts(
  query: SubAccountsQuery,
  options: UseSubAccountsOptions = {},
): SubAccountsState {
  const { client, signal: lifetime, now, intervalMs } = useDashboard();
  const { cache, mutate: fill } = useSWRConfig();
  const enabled = options.enabled ?? true;
  const prefetch = options.prefetch ?? true;
  /** Requests in flight, by serialized key (a refresh may overlap the one it replaces). */
  const inflight = useRef(new Map<string, Set<Request>>());
  /** Prefetched pages not yet handed to SWR, by serialized key. */
  const prefetched = useRef(new Map<string, Request>());

  const request = useCallback(
    (key: SubAccountsKey): Request => {
      const [, search, offset, limit] = key;
      const id = unstable_serialize(key);
      const controller = new AbortController();
      // Not AbortSignal.any: it leaks an entry on the lifetime signal per call (link-signals.ts).
      const linked = linkSignals(controller.signal, lifetime);
      const set = inflight.current.get(id) ?? new Set<Request>();
      inflight.current.set(id, set);
      // Assigned before the request settles (the body below awaits before it can reach finally).
      let req!: Request;
      const promise = (async (): Promise<SubAccountsResult> => {
        try {
          const page = await client.listSubAccounts({ search, offset, limit }, { signal: linked.signal });
          return { search, offset, limit, page, fetchedAt: now() };
        } catch (err) {
          if (controller.signal.aborted) {
            const cancelled =
              err instanceof PooltopError && isAborted(err)
                ? err
                : new PooltopError('network', 'request cancelled', { reason: 'aborted', cause: err });
            cancelledHere.add(cancelled);
            throw cancelled;
          }
          throw err;
        } finally {
          linked.dispose();
          set.delete(req);
          if (set.size === 0 && inflight.current.get(id) === set) inflight.current.delete(id);
        }
      })();
      req = { controller, promise, startedAt: now() };
      set.add(req);
      return req;
    },
    [client, lifetime, now],
  );

  /** SWR's fetcher: a fresh prefetched page if there is one, else a new request. */
  const fetcher = useCallback(
    (key: SubAccountsKey): Promise<SubAccountsResult> => {
      const id = unstable_serialize(key);
      const ahead = prefetched.current.get(id);
      prefetched.current.delete(id);
      const age = ahead ? now() - ahead.startedAt : Number.NaN;
      // A negative age means the clock jumped back: the page's age is unknown, ask again.
      if (ahead && age >= 0 && age < intervalMs) return ahead.promise;
      ahead?.controller.abort(); // too old to show: ask again
      return request(key).promise;
    },
    [request, now, intervalMs],
  );

  const pollDelay = useCallback(() => alignedPollDelay(intervalMs, now()), [intervalMs, now]);
  const { search, offset, limit } = query;
  const key = useMemo(
    () => (enabled ? subAccountsKey({ search, offset, limit }) : null),
    [enabled, search, offset, limit],
  );
  const { data, error, isLoading, isValidating, mutate } = useSWR<
    SubAccountsResult,
    Error,
    SubAccountsKey | null
  >(key, fetcher, {
    keepPreviousData: true,
    isPaused: notPaused,
    refreshInterval: options.paused || options.hidden ? 0 : pollDelay,
  });
  useRefreshOnShow(options.hidden === true, options.paused ? undefined : data?.fetchedAt, mutate);
  const isCurrent =
    data !== undefined && data.search === search && data.offset === offset && data.limit === limit;

  // The page after this one, once this one is known to be full.
  const next = nextQuery(query, isCurrent ? data : undefined);
  const nextOffset = enabled && prefetch && !error ? next?.offset : undefined;
  const nextKey = useMemo(
    () => (nextOffset === undefined ? null : subAccountsKey({ search, offset: nextOffset, limit })),
    [nextOffset, search, limit],
  );
  const keyId = key ? unstable_serialize(key) : '';
  const nextId = nextKey ? unstable_serialize(nextKey) : '';

  // Fetch it ahead, unless it is cached or on its way already.
  useEffect(() => {
    if (!nextKey || cache.get(nextId)?.data !== undefined || prefetched.current.has(nextId)) return;
    const req = request(nextKey);
    prefetched.current.set(nextId, req);
    req.promise.then(
      // Into SWR's cache as it lands, so PgDn draws the page in one render (the fetcher still
      // hands SWR this same promise when the key is asked for: no second request).
      (page) => {
        if (prefetched.current.get(nextId) === req && !lifetime.aborted)
          void fill(nextKey, page, { revalidate: false });
      },
      () => {
        // Not shown: forget it, so the page is fetched afresh when it is asked for.
        if (prefetched.current.get(nextId) === req) prefetched.current.delete(nextId);
      },
    );
  }, [nextKey, nextId, cache, request, fill, lifetime]);

  // Abandon everything except the page asked for and the one after it.
  useEffect(() => {
    for (const [id, set] of inflight.current) {
      if (id === keyId || id === nextId) continue;
      inflight.current.delete(id);
      prefetched.current.delete(id);
      for (const req of set) req.controller.abort();
    }
    for (const id of prefetched.current.keys())
      if (id !== keyId && id !== nextId) prefetched.current.delete(id);
  }, [keyId, nextId]);

  // Abort whatever is still running when the view goes away.
  useEffect(() => {
    const running = inflight.current;
    const ahead = prefetched.current;
    return () => {
      for (const set of running.values()) for (const req of set) req.controller.abort();
      running.clear();
      ahead.clear();
    };
  }, []);

  // This key's request was cancelled while it was being left (A → B → A quickly): ask again.
  const aborted = isAborted(error);
  const cancelled = error !== undefined && cancelledHere.has(error);
  useEffect(() => {
    if (cancelled && !isValidating && !lifetime.aborted) void mutate();
  }, [cancelled, isValidating, lifetime, mutate]);

  return {
    result: data,
    isCurrent,
    error: aborted ? undefined : error,
    isLoading,
    isValidating,
  };
}
