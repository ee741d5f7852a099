/**
 * SWR keys of the Mining Pool data in the dashboard's cache, one place for whoever polls it (the
 * Mining tab) and whoever reads it (the alerts, ui/alerts/use-alert-sources.ts). Each key's data
 * is the client's normalised model as `client.mining` returns it.
 */
import type { MiningInterval } from '../../api/mining-types.js';

/** `MinerInfo` of one account. */
export const miningInfoKey = (account: string) => ['mining-info', account] as const;

/** `AccountHashRate` of one account at one interval. */
export const miningSeriesKey = (account: string, interval: MiningInterval) =>
  ['mining-hashrate', account, interval] as const;

/** The account the dashboard shows (a string); without it, the configured `mining_account`. */
export const MINING_ACCOUNT_KEY = 'mining-account';
