/**
 * The Mining Pool read operations: what is asked (queries) and the one normalised shape of each
 * answer, produced only at the client edge (mining-schemas.ts). Every hash rate is a number in
 * H/s (the per-worker series arrives in TH/s), every time is Unix seconds, series points are
 * `{timestamp, hashrate}` oldest first (the per-worker series calls it `time`), amounts stay exact
 * decimal strings. A field the server left out, sent as null or sent unreadable is `null`.
 */
import type { CallOptions } from './call-options.js';

export const MINING_PATHS = {
  accounts: '/api/v4/mining/accounts',
  minerInfo: '/api/v4/mining/miners/info',
  hashrate: '/api/v4/mining/hashrate',
  workerNames: '/api/v4/mining/workers/names',
  workerHashrate: '/api/v4/mining/workers/hashrate',
  rewards: '/api/v4/mining/rewards',
  payoutDestination: '/api/v4/mining/payout-destination',
  watcherLinks: '/api/v4/mining/watcher-links/list',
} as const;

export const MINING_INTERVALS = ['5m', '1h', '24h'] as const;
export type MiningInterval = (typeof MINING_INTERVALS)[number];
/** Seconds per interval. */
export const INTERVAL_SECONDS: Readonly<Record<MiningInterval, number>> = {
  '5m': 300,
  '1h': 3600,
  '24h': 86_400,
};

/** Account, worker and filter names: at most 255 characters. */
export const MINING_NAME_MAX = 255;
/** workers/names answers 100 names unless asked for fewer; rewards 30. */
export const WORKERS_LIMIT_DEFAULT = 100;
export const REWARDS_LIMIT_DEFAULT = 30;

/** Paged answers echo `limit` and `offset` (the request's when the server leaves them out). */
export interface MiningPage<T> {
  items: T[];
  limit: number;
  offset: number;
}

export interface MiningAccount {
  name: string;
  createdAt: number | null;
}

export interface MinerInfo {
  /** A percentage: 2.5 means 2.5 %. */
  fee: number | null;
  workers: { online: number | null; offline: number | null; low: number | null };
  stratum: { url: string | null; workersCount: number | null }[];
}

export interface HashRateSample {
  /** Unix seconds, start of the interval. */
  timestamp: number;
  /** H/s; null when the point carried no readable rate. */
  hashrate: number | null;
}

export interface AccountHashRateSample extends HashRateSample {
  /** Share reject ratio: 0.01 is 1 %. */
  rejectRate: number | null;
}

export interface AccountHashRate {
  account: string | null;
  /** Oldest first. */
  hashrate: AccountHashRateSample[];
}

export interface WorkerHashRate {
  account: string;
  worker: string;
  /** Oldest first; converted from TH/s, `time` renamed `timestamp`. */
  hashrate: HashRateSample[];
}

export type RewardStatus = 'pending' | 'successful' | 'canceled';

export interface MiningReward {
  miningAccountName: string | null;
  payoutDestination: string | null;
  payoutTransactionHash: string | null;
  payoutAddress: string | null;
  payoutTime: number | null;
  rewardCurrency: string | null;
  /** Decimal strings, exact. */
  totalReward: string | null;
  reward: string | null;
  fee: string | null;
  fppsRate: string | null;
  /** H/s. */
  hashRate: number | null;
  date: number | null;
  /** One of RewardStatus as a rule; other values are kept as they come. */
  status: string | null;
}

export interface PayoutDestination {
  /** `main_balance` or `external_address` as a rule. */
  payoutDestination: string | null;
  externalAddress: string | null;
}

export interface WatcherLink {
  id: string | null;
  accounts: string[];
  name: string | null;
  link: string | null;
  permissions: string[];
  /** Null: lives until revoked. */
  liveUntil: number | null;
  createdAt: number | null;
}

/** A time window in Unix seconds; neither end may be in the future, and from ≤ to. */
export interface MiningWindow {
  from?: number;
  to?: number;
}

export interface MiningAccountsQuery {
  /** Exact-match filter. */
  name?: string;
}

export interface AccountQuery {
  account: string;
}

export interface HashRateQuery extends AccountQuery, MiningWindow {
  interval?: MiningInterval;
}

export interface WorkerHashRateQuery extends HashRateQuery {
  worker: string;
}

export interface WorkerNamesQuery extends AccountQuery {
  /** 1..100, default 100. */
  limit?: number;
  /** 0..10000, default 0. */
  offset?: number;
}

export interface RewardsQuery extends MiningWindow {
  /** A filter: an unknown name gives an empty list, not an error. */
  account?: string;
  /** 1..100, default 30. */
  limit?: number;
  /** 0..10000, default 0. */
  offset?: number;
}

/**
 * The eight read operations. Each is one signed POST whose answer is normalised as above; the
 * query is checked before anything is signed or sent. Shaped for SWR: `(query, { signal })`.
 */
export interface MiningApi {
  accounts(query?: MiningAccountsQuery, opts?: CallOptions): Promise<MiningPage<MiningAccount>>;
  minerInfo(query: AccountQuery, opts?: CallOptions): Promise<MinerInfo>;
  hashrate(query: HashRateQuery, opts?: CallOptions): Promise<AccountHashRate>;
  /** Names of connected workers, ascending. */
  workerNames(query: WorkerNamesQuery, opts?: CallOptions): Promise<MiningPage<string>>;
  workerHashrate(query: WorkerHashRateQuery, opts?: CallOptions): Promise<WorkerHashRate>;
  /** Newest first. */
  rewards(query?: RewardsQuery, opts?: CallOptions): Promise<MiningPage<MiningReward>>;
  payoutDestination(query: AccountQuery, opts?: CallOptions): Promise<PayoutDestination>;
  watcherLinks(query: AccountQuery, opts?: CallOptions): Promise<WatcherLink[]>;
}
