/**
 * SWR keys of the data more than one part of the dashboard reads: whoever polls it (a tab's hook)
 * and whoever only reads it from the cache (the alerts, ui/alerts/use-alert-sources.ts).
 */
import type { MiningInterval } from '../../api/mining-types.js';

/** The pool overview, `{ overview, fetchedAt, poll }` (pool/use-pool-overview.ts). */
export const POOL_OVERVIEW_KEY = 'pool-overview';

// The Mining Pool data: each key's data is the client's model as `client.mining` returns it,
// with when it came.

/** One answer of a polled key (mining/use-mining-resource.ts). */
export interface Polled<T> {
  value: T;
  /** When the answer arrived, ms. */
  fetchedAt: number;
  /** 1 for this key's first answer, then 2, 3… */
  poll: number;
}

/** `MinerInfo` of one account. */
export const miningInfoKey = (account: string) => ['mining-info', account] as const;

/** `AccountHashRate` of one account at one interval. */
export const miningSeriesKey = (account: string, interval: MiningInterval) =>
  ['mining-hashrate', account, interval] as const;

/** The account the dashboard shows (a string); without it, the configured `mining_account`. */
export const MINING_ACCOUNT_KEY = 'mining-account';
