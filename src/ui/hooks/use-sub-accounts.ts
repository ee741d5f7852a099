/**
 * One page of sub-accounts through the dashboard's SWRConfig.
 *
 * - The SWR key is `[tag, client, search, offset, limit]`, so every page and term is cached
 *   on its own and a response can only ever land under the key it was asked for: a late answer
 *   for an old term never replaces a newer one.
 * - `keepPreviousData` (from the root config) keeps the last rows on screen while a new key
 *   loads; `isCurrent` says whether the rows belong to the key asked for.
 * - Each request gets its own AbortSignal; when the key moves on, requests for keys nobody
 *   wants any more (the old page, a prefetch for an old term) are aborted.
 * - Once a full page has arrived the next one is fetched ahead with SWR `preload`.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useSWR, { mutate as mutateDefaultCache, preload, unstable_serialize, useSWRConfig } from 'swr';
import { isPooltopError, PooltopError } from '../../api/errors.js';
import type { ApiClient, SubAccountPage } from '../../api/types.js';
import { nextPageOffset } from '../accounts/browser-state.js';
import { useDashboard } from '../dashboard-context.js';

export const SUB_ACCOUNTS_KEY = 'sub-accounts';

export interface SubAccountsQuery {
  search: string;
  offset: number;
  limit: number;
}

export type SubAccountsKey = readonly [typeof SUB_ACCOUNTS_KEY, number, string, number, number];

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
  /** False: no request at all (e.g. no credentials); the hook returns nothing. */
  enabled?: boolean;
  /** Fetch the next page ahead of time (default true). */
  prefetch?: boolean;
}

interface Inflight {
  key: SubAccountsKey;
  controllers: Set<AbortController>;
}

/** Per-client number, so SWR's process-wide preload store never mixes two dashboards (tests). */
const clientTags = new WeakMap<ApiClient, number>();
let lastTag = 0;
function tagOf(client: ApiClient): number {
  let tag = clientTags.get(client);
  if (tag === undefined) {
    tag = ++lastTag;
    clientTags.set(client, tag);
  }
  return tag;
}

export function subAccountsKey(client: ApiClient, q: SubAccountsQuery): SubAccountsKey {
  return [SUB_ACCOUNTS_KEY, tagOf(client), q.search, q.offset, q.limit];
}

export function isAborted(err: unknown): boolean {
  return isPooltopError(err) && err.reason === 'aborted';
}

export function useSubAccounts(query: SubAccountsQuery, options: UseSubAccountsOptions = {}): SubAccountsState {
  const { client, signal: lifetime, now } = useDashboard();
  const { cache } = useSWRConfig();
  const enabled = options.enabled ?? true;
  const prefetch = options.prefetch ?? true;
  /** Requests in flight by serialized key (a refresh may overlap the request it replaces). */
  const inflight = useRef(new Map<string, Inflight>());

  const fetchPage = useCallback(
    async (key: SubAccountsKey): Promise<SubAccountsResult> => {
      const [, , search, offset, limit] = key;
      const id = unstable_serialize(key);
      const controller = new AbortController();
      const entry = inflight.current.get(id) ?? { key, controllers: new Set<AbortController>() };
      entry.controllers.add(controller);
      inflight.current.set(id, entry);
      try {
        const page = await client.listSubAccounts(
          { search, offset, limit },
          { signal: AbortSignal.any([controller.signal, lifetime]) },
        );
        return { search, offset, limit, page, fetchedAt: now() };
      } catch (err) {
        if (controller.signal.aborted && !isAborted(err)) {
          throw new PooltopError('network', 'request cancelled', { reason: 'aborted', cause: err });
        }
        throw err;
      } finally {
        entry.controllers.delete(controller);
        if (entry.controllers.size === 0 && inflight.current.get(id) === entry) inflight.current.delete(id);
      }
    },
    [client, lifetime, now],
  );

  const { search, offset, limit } = query;
  const key = useMemo(
    () => (enabled ? subAccountsKey(client, { search, offset, limit }) : null),
    [enabled, client, search, offset, limit],
  );
  const { data, error, isLoading, isValidating, mutate } = useSWR<SubAccountsResult, Error, SubAccountsKey | null>(
    key,
    fetchPage,
    { keepPreviousData: true },
  );
  const isCurrent = data !== undefined && data.search === search && data.offset === offset && data.limit === limit;

  // The page after this one, once this one is known to be full.
  const next = nextQuery(query, isCurrent ? data : undefined);
  const nextOffset = enabled && prefetch && !error ? next?.offset : undefined;
  const nextKey = useMemo(
    () => (nextOffset === undefined ? null : subAccountsKey(client, { search, offset: nextOffset, limit })),
    [nextOffset, client, search, limit],
  );
  const keyId = key ? unstable_serialize(key) : '';
  const nextId = nextKey ? unstable_serialize(nextKey) : '';

  // Prefetch it, unless it is cached already.
  useEffect(() => {
    if (!nextKey || cache.get(unstable_serialize(nextKey))?.data !== undefined) return;
    preload(nextKey, fetchPage)?.catch(() => {
      // Not shown: forget it, so the page is fetched afresh when it is asked for.
      void mutateDefaultCache(nextKey);
    });
  }, [nextKey, fetchPage, cache]);

  // Abandon everything except the page asked for and its prefetch.
  useEffect(() => {
    for (const [id, entry] of inflight.current) {
      if (id === keyId || id === nextId) continue;
      inflight.current.delete(id);
      for (const controller of entry.controllers) controller.abort();
      // Drop SWR's preload entry for it (preloads live in SWR's default cache), so the page is
      // fetched afresh, not answered with the cancelled request, if it is ever wanted again.
      void mutateDefaultCache(entry.key);
    }
  }, [keyId, nextId]);

  // Abort whatever is still running when the view goes away.
  useEffect(() => {
    const map = inflight.current;
    return () => {
      for (const entry of map.values()) for (const controller of entry.controllers) controller.abort();
      map.clear();
    };
  }, []);

  // A request of this key cancelled while it was being left (A → B → A): ask again.
  const aborted = isAborted(error);
  useEffect(() => {
    if (aborted && !isValidating && !lifetime.aborted) void mutate();
  }, [aborted, isValidating, lifetime, mutate]);

  return {
    result: data,
    isCurrent,
    error: aborted ? undefined : error,
    isLoading,
    isValidating,
  };
}

/** The page after `current`, when `current` is a full page and the offset bound allows it. */
export function nextQuery(q: SubAccountsQuery, current: SubAccountsResult | undefined): SubAccountsQuery | undefined {
  if (!current || current.page.data.length < q.limit) return undefined;
  const offset = nextPageOffset(q.offset, q.limit);
  return offset === undefined ? undefined : { ...q, offset };
}
