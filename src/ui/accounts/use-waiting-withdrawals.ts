/**
 * Withdrawals of any sub-account awaiting the main account's confirmation, for the tab's line:
 * the first page (the newest 100), every few minutes at low priority. Where the operation is
 * not enabled (the vendor's 404) the answer says so, and nothing is drawn: not an error.
 */
import { useCallback } from 'react';
import type { WithdrawalsAnswer } from '../../api/oversight-types.js';
import { LIMIT_MAX } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';
import type { OversightReadOptions } from './use-account-keys.js';

export const WITHDRAWALS_EVERY_MS = 3 * 60_000;
export const WITHDRAWALS_KEY = 'sub-account-withdrawals-waiting';

export function useWaitingWithdrawals(
  enabled: boolean,
  options: OversightReadOptions,
): Resource<WithdrawalsAnswer> {
  const { oversight, queue } = useDashboard();
  const fetch = useCallback(
    (_key: string, signal: AbortSignal) => {
      if (!oversight) throw new Error('no oversight reads');
      return oversight.unconfirmedWithdrawals({ limit: LIMIT_MAX }, { signal });
    },
    [oversight],
  );
  return useResource(enabled && oversight ? WITHDRAWALS_KEY : null, fetch, {
    ...options,
    everyMs: WITHDRAWALS_EVERY_MS,
    queue,
    priority: 'low',
  });
}
