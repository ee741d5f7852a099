/**
 * The recent transfers between the main account and the sub-account open in the detail pane:
 * the first page only, newest first (the API has no date filter; `pooltop accounts transfers`
 * reads further). Asked for only while the pane shows them, polled at most once a minute.
 */
import type { OversightApi, OversightPage, Transfer } from '../../api/oversight-types.js';
import type { Resource } from '../data/use-resource.js';
import { type OversightReadOptions, useOversightRead } from './use-account-keys.js';

/** One page: more than a pane shows. */
export const TRANSFERS_LIMIT = 50;

const listTransfers = (o: OversightApi, id: string, signal: AbortSignal) =>
  o.transfers({ id, limit: TRANSFERS_LIMIT }, { signal });

export function useTransfers(
  id: string | null | undefined,
  options: OversightReadOptions,
): Resource<OversightPage<Transfer>> {
  return useOversightRead('sub-account-transfers', id, listTransfers, { ...options, slow: true });
}
