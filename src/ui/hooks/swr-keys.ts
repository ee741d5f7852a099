/**
 * SWR keys of the data more than one part of the dashboard reads: whoever polls it (a tab's hook)
 * and whoever only reads it from the cache (the alerts, ui/alerts/use-alert-sources.ts).
 */
import type { MiningInterval } from '../../api/mining-types.js';

/** The pool overview (pool/use-pool-overview.ts). */
export const POOL_OVERVIEW_KEY = 'pool-overview';

// Each key's data is a `Polled` answer (data/polled.ts): the client's model, when it came, its
// poll number.

/** `MinerInfo` of one account. */
export const miningInfoKey = (account: string) => ['mining-info', account] as const;

/** `AccountHashRate` of one account at one interval. */
export const miningSeriesKey = (account: string, interval: MiningInterval) =>
  ['mining-hashrate', account, interval] as const;

/** The account the dashboard shows (a string); without it, the configured `mining_account`. */
export const MINING_ACCOUNT_KEY = 'mining-account';
