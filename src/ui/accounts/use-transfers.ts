/**
 * The recent transfers between the main account and the sub-account open in the detail pane:
 * the first page only, newest first (the API has no date filter; `pooltop accounts transfers`
 * reads further). Asked for only while the pane shows them, polled at most once a minute.
 */
import { useCallback, useMemo } from 'react';
import type { OversightPage, Transfer } from '../../api/oversight-types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';
import type { OversightReadOptions } from './use-account-keys.js';

export const TRANSFERS_KEY = 'sub-account-transfers';
/** One page: more than a pane shows. */
export const TRANSFERS_LIMIT = 50;
type TransfersKey = readonly [typeof TRANSFERS_KEY, string];

export function useTransfers(
  id: string | null | undefined,
  options: OversightReadOptions,
): Resource<OversightPage<Transfer>> {
  const { oversight, queue } = useDashboard();
  const key = useMemo(
    (): TransfersKey | null => (id && oversight ? [TRANSFERS_KEY, id] : null),
    [id, oversight],
  );
  const fetch = useCallback(
    ([, accountId]: TransfersKey, signal: AbortSignal) => {
      if (!oversight) throw new Error('no oversight reads');
      return oversight.transfers({ id: accountId, limit: TRANSFERS_LIMIT }, { signal });
    },
    [oversight],
  );
  return useResource(key, fetch, { ...options, slow: true, queue, abortOnLeave: true });
}
