/**
 * Resource keys of the data more than one hook of the dashboard reads (the fleet's rows and the account
 * view share them, so opening an account draws at once from the cache).
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
