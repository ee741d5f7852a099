/**
 * An account's API keys and a key's IP list, read lazily (data/use-resource.ts): the Keys column
 * asks for the accounts whose rows are drawn, the detail pane's key view for the keys it shows.
 * Both are low-priority tasks of the request queue, so a page of rows never holds up a poll, and
 * each answer is kept and asked again only after KEYS_EVERY_MS: a page flip costs at most one
 * listing per account not seen in that time, and no IP list is read until the pane asks.
 */
import { useCallback, useMemo } from 'react';
import type { OversightPage, SubAccountApiKey } from '../../api/oversight-types.js';
import { LIMIT_MAX } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';

/** Keys change seldom: each account's listing, and each key's IP list, at most every 10 minutes. */
export const KEYS_EVERY_MS = 10 * 60_000;

export const ACCOUNT_KEYS_KEY = 'sub-account-keys';
export const KEY_IPS_KEY = 'sub-account-key-ips';
type AccountKeysKey = readonly [typeof ACCOUNT_KEYS_KEY, string];
type KeyIpsKey = readonly [typeof KEY_IPS_KEY, string];

export interface OversightReadOptions {
  /** The tab is hidden: nothing is polled. */
  hidden: boolean;
  /** Polling paused (`p`). */
  paused: boolean;
}

/**
 * The first page (up to 100) of the account's keys; nothing is asked without an id or without
 * the oversight reads (a client that has none).
 */
export function useAccountKeys(
  id: string | null | undefined,
  options: OversightReadOptions,
): Resource<OversightPage<SubAccountApiKey>> {
  const { oversight, queue } = useDashboard();
  const key = useMemo(
    (): AccountKeysKey | null => (id && oversight ? [ACCOUNT_KEYS_KEY, id] : null),
    [id, oversight],
  );
  const fetch = useCallback(
    ([, subAccountId]: AccountKeysKey, signal: AbortSignal) => {
      if (!oversight) throw new Error('no oversight reads');
      return oversight.apiKeys({ subAccountId, limit: LIMIT_MAX }, { signal });
    },
    [oversight],
  );
  return useResource(key, fetch, {
    ...options,
    everyMs: KEYS_EVERY_MS,
    queue,
    priority: 'low',
    abortOnLeave: true,
  });
}

/** The addresses the key may be used from (empty: no IP restriction). */
export function useKeyIps(
  keyId: string | null | undefined,
  options: OversightReadOptions,
): Resource<string[]> {
  const { oversight, queue } = useDashboard();
  const key = useMemo(
    (): KeyIpsKey | null => (keyId && oversight ? [KEY_IPS_KEY, keyId] : null),
    [keyId, oversight],
  );
  const fetch = useCallback(
    ([, apiKeyId]: KeyIpsKey, signal: AbortSignal) => {
      if (!oversight) throw new Error('no oversight reads');
      return oversight.ipAddresses({ apiKeyId }, { signal });
    },
    [oversight],
  );
  return useResource(key, fetch, {
    ...options,
    everyMs: KEYS_EVERY_MS,
    queue,
    priority: 'low',
    abortOnLeave: true,
  });
}
