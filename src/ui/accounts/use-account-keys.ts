/**
 * An account's API keys and a key's IP list, read lazily (data/use-resource.ts): the Keys column
 * asks for the accounts whose rows are drawn, the detail pane's key view for the keys it shows.
 * Both are low-priority tasks of the request queue, so a page of rows never holds up a poll, and
 * each answer is kept and asked again only after KEYS_EVERY_MS: a page flip costs at most one
 * listing per account not seen in that time, and no IP list is read until the pane asks.
 */
import { useCallback, useMemo } from 'react';
import type { OversightApi, OversightPage, SubAccountApiKey } from '../../api/oversight-types.js';
import { LIMIT_MAX } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, type ResourcePolicy, useResource } from '../data/use-resource.js';

/** Keys change seldom: each account's listing, and each key's IP list, at most every 10 minutes. */
export const KEYS_EVERY_MS = 10 * 60_000;

export interface OversightReadOptions {
  /** The tab is hidden: nothing is polled. */
  hidden: boolean;
  /** Polling paused (`p`). */
  paused: boolean;
}

type ByIdKey = readonly [string, string];

/**
 * One oversight read of one id (an account's, a key's), under `name`; nothing is asked without an
 * id or without the oversight reads (a client that has none).
 */
export function useOversightRead<T>(
  name: string,
  id: string | null | undefined,
  read: (oversight: OversightApi, id: string, signal: AbortSignal) => Promise<T>,
  policy: ResourcePolicy<T>,
): Resource<T> {
  const { oversight, queue } = useDashboard();
  const key = useMemo((): ByIdKey | null => (id && oversight ? [name, id] : null), [name, id, oversight]);
  const fetch = useCallback(
    ([, given]: ByIdKey, signal: AbortSignal) => {
      if (!oversight) throw new Error('no oversight reads');
      return read(oversight, given, signal);
    },
    [oversight, read],
  );
  return useResource(key, fetch, { queue, abortOnLeave: true, ...policy });
}

const listKeys = (o: OversightApi, subAccountId: string, signal: AbortSignal) =>
  o.apiKeys({ subAccountId, limit: LIMIT_MAX }, { signal });
const listIps = (o: OversightApi, apiKeyId: string, signal: AbortSignal) =>
  o.ipAddresses({ apiKeyId }, { signal });

/** The first page (up to 100) of the account's keys. */
export function useAccountKeys(
  id: string | null | undefined,
  options: OversightReadOptions,
): Resource<OversightPage<SubAccountApiKey>> {
  return useOversightRead('sub-account-keys', id, listKeys, {
    ...options,
    everyMs: KEYS_EVERY_MS,
    priority: 'low',
  });
}

/** The addresses the key may be used from (empty: no IP restriction). */
export function useKeyIps(
  keyId: string | null | undefined,
  options: OversightReadOptions,
): Resource<string[]> {
  return useOversightRead('sub-account-key-ips', keyId, listIps, {
    ...options,
    everyMs: KEYS_EVERY_MS,
    priority: 'low',
  });
}
