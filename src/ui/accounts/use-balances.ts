/**
 * What the sub-account open in the detail pane holds (data/use-resource.ts polls it). The key is
 * `['sub-account-balances', id]` only while a pane shows that account: nothing is asked for rows
 * whose pane is not open, and the request of a row left behind is aborted.
 */
import { useCallback, useMemo } from 'react';
import type { CurrencyBalance } from '../../api/balance-types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';

export const BALANCES_KEY = 'sub-account-balances';
type BalancesKey = readonly [typeof BALANCES_KEY, string];

export interface UseBalancesOptions {
  /** The tab is hidden: no polling; shown again, balances older than the interval are asked again. */
  hidden: boolean;
  /** Polling paused (`p`): what is on screen is no longer polled. */
  paused: boolean;
}

/** The balances of the account with `id`; undefined or empty: nothing is asked for. */
export function useBalances(
  id: string | null | undefined,
  options: UseBalancesOptions,
): Resource<CurrencyBalance[]> {
  const { client, queue } = useDashboard();
  const key = useMemo((): BalancesKey | null => (id ? [BALANCES_KEY, id] : null), [id]);
  const fetch = useCallback(
    ([, accountId]: BalancesKey, signal: AbortSignal) =>
      client.subAccountBalances({ id: accountId }, { signal }),
    [client],
  );
  return useResource(key, fetch, {
    hidden: options.hidden,
    paused: options.paused,
    abortOnLeave: true,
    queue,
  });
}
