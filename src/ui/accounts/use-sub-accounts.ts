/**
 * One page of sub-accounts (data/use-resource.ts polls it).
 *
 * - The key is `['sub-accounts', search, offset, limit]`: every page and term is cached on its
 *   own, and a response can only land under the key it was asked for, so a late answer for an
 *   old term never replaces a newer one.
 * - The previous key's rows stay on screen while a new key loads; `isCurrent` says whether the
 *   rows belong to the key asked for.
 * - Once a full page has arrived the next one is fetched ahead; requests for keys nobody wants
 *   any more (the old page, a prefetch for an old term) are aborted.
 */
import { useCallback, useMemo } from 'react';
import type { SubAccountPage } from '../../api/types.js';
import { nextPageOffset } from '../browser/browser-state.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';

export const SUB_ACCOUNTS_KEY = 'sub-accounts';

export interface SubAccountsQuery {
  search: string;
  offset: number;
  limit: number;
}

export type SubAccountsKey = readonly [typeof SUB_ACCOUNTS_KEY, string, number, number];

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

/** The page after the one asked for by `q`, when `page` is full and the offset bound allows it. */
export function nextQuery(q: SubAccountsQuery, page: SubAccountPage): SubAccountsQuery | undefined {
  if (page.data.length < q.limit) return undefined;
  const offset = nextPageOffset(q.offset, q.limit);
  return offset === undefined ? undefined : { ...q, offset };
}

/** The page asked for; `isCurrent` false: the previous key's page, kept on screen while it loads. */
export function useSubAccounts(
  query: SubAccountsQuery,
  options: UseSubAccountsOptions = {},
): Resource<SubAccountPage> {
  const { client, queue } = useDashboard();
  const enabled = options.enabled ?? true;
  const prefetch = options.prefetch ?? true;
  const { search, offset, limit } = query;
  const key = useMemo(
    () => (enabled ? subAccountsKey({ search, offset, limit }) : null),
    [enabled, search, offset, limit],
  );
  const fetch = useCallback(
    ([, s, o, l]: SubAccountsKey, signal: AbortSignal) =>
      client.listSubAccounts({ search: s, offset: o, limit: l }, { signal }),
    [client],
  );
  return useResource(key, fetch, {
    hidden: options.hidden === true,
    paused: options.paused === true,
    keepPreviousData: true,
    abortOnLeave: true,
    prefetch: prefetch ? (page) => nextSubAccountsKey({ search, offset, limit }, page) : undefined,
  });
}

function nextSubAccountsKey(q: SubAccountsQuery, page: SubAccountPage): SubAccountsKey | undefined {
  const next = nextQuery(q, page);
  return next && subAccountsKey(next);
}
