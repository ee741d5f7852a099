/**
 * The normalised models of the pool overview, the sub-account list and the token refresh (the
 * Mining Pool models are in mining-types.ts), in the mining models' convention: camelCase, `null`
 * for absent, hash rates in H/s as numbers, times in Unix seconds; the wire names live in the
 * parser (schemas.ts). Where pooltop prints or stores an answer as it came (`pool --json`,
 * `accounts --json`, the token store), the model carries it as `received`: the wire names, a
 * missing field missing and a null one null.
 */

import type { BalancesQuery, CurrencyBalance } from './balance-types.js';
import type { CallOptions } from './call-options.js';
import type { MiningApi } from './mining-types.js';
import type { OversightApi } from './oversight-types.js';

/** Missing (undefined) or null: shown as a placeholder, kept as it came in `--json`. */
export type Maybe<T> = T | null | undefined;

/** A point of the pool's hash-rate history, in the mining models' shape. */
export interface HashRatePoint {
  /** Unix time, seconds. */
  timestamp: number | null;
  /** H/s. */
  hashrate: number | null;
}

/** A block needs a height or a time (an item with neither is reported as malformed). */
export interface FoundBlock {
  /** Unix time, seconds. */
  blockFoundAt: number | null;
  blockHeight: number | null;
}

/** The public pool overview. A field that was missing, null or unreadable is `null`. */
export interface PoolOverview {
  connectionLinks: string[] | null;
  location: string | null;
  assets: string[] | null;
  rewardSchemes: string[] | null;
  workers: number | null;
  /** H/s. */
  currentHashRate: number | null;
  /** Oldest first. */
  last7daysHashRate: HashRatePoint[] | null;
  /** Newest first. */
  blocks: FoundBlock[] | null;
  /**
   * The answer as read, in the documented snake_case shape: what `pool --json` prints, a public
   * format that keeps the exact decimal text of hash rates and a missing field apart from a null one.
   */
  received: PoolOverviewJson;
}

/** A history point as `pool --json` prints it: H/s as the decimal string received. */
export interface HashRatePointJson {
  timestamp?: Maybe<number>;
  hashrate?: Maybe<string>;
}

export interface FoundBlockJson {
  block_found_at?: Maybe<number>;
  block_height?: Maybe<number>;
}

/** The overview as `pool --json` prints it (the spec's field names). */
export interface PoolOverviewJson {
  connection_links?: Maybe<string[]>;
  location?: Maybe<string>;
  assets?: Maybe<string[]>;
  reward_schemes?: Maybe<string[]>;
  workers?: Maybe<number>;
  current_hash_rate?: Maybe<string>;
  last7days_hash_rate?: Maybe<HashRatePointJson[]>;
  blocks?: Maybe<FoundBlockJson[]>;
}

/**
 * A sub-account needs an `id`; a row without one is reported as malformed and shown with
 * placeholders. A field that was missing, null or unreadable is `null`.
 */
export interface SubAccount {
  id: string | null;
  alias: string | null;
  userId: string | null;
  /** Absent when KYC is shared. */
  email: string | null;
  /** `active`, `pending`, `blocked`, or any other text, kept as it came. */
  status: string | null;
  /** `#RRGGBB` when it is a colour; any other text is kept but never drawn. */
  color: string | null;
  kyc: { shareKyc: boolean | null; kycStatus: string | null } | null;
  permissions: { spotEnabled: boolean | null; collateralEnabled: boolean | null } | null;
}

/** A sub-account with the row as read, which `accounts --json` prints: what the client returns.
 * The dashboard's whole list keeps the model alone (the copy is ~40 % of 10,100 rows' memory). */
export interface ReadSubAccount extends SubAccount {
  received: SubAccountJson;
}

/** A sub-account as `accounts --json` prints it (the API's names). */
export interface SubAccountJson {
  id?: Maybe<string>;
  alias?: Maybe<string>;
  userId?: Maybe<string>;
  email?: Maybe<string>;
  status?: Maybe<string>;
  color?: Maybe<string>;
  kyc?: Maybe<{ shareKyc?: Maybe<boolean>; kycStatus?: Maybe<string> }>;
  permissions?: Maybe<{ spotEnabled?: Maybe<boolean>; collateralEnabled?: Maybe<boolean> }>;
}

export interface SubAccountQuery {
  search?: string;
  /** Integer 1..100, default 30. */
  limit?: number;
  /** Integer 0..10000, default 0. */
  offset?: number;
}

/** `data` is required (a page means nothing without its items); the echoed bounds are not. */
export interface SubAccountPage {
  offset: number | null;
  limit: number | null;
  data: ReadSubAccount[];
}

/** A token set needs both tokens; the rest may be missing (`null`). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number | null;
  /** Comma-separated, no spaces. */
  scope: string | null;
  tokenType: string | null;
  /** The set as read: what the token store keeps and `auth refresh --json` prints. */
  received: TokenSetJson;
}

/** A token set in the OAuth names, as stored on disk. */
export interface TokenSetJson {
  access_token: string;
  expires_in?: Maybe<number>;
  refresh_token: string;
  scope?: Maybe<string>;
  token_type?: Maybe<string>;
}

export interface RefreshParams {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface RefreshCallOptions extends CallOptions {
  /**
   * Called with the new refresh token as soon as it can be read from the answer, before
   * anything else in it is checked, and awaited: the session makes it durable there, so a
   * rotation whose answer is otherwise broken never loses the chain.
   */
  onRotated?: (refreshToken: string) => Promise<void>;
}

/** What every consumer (commands, SWR hooks, session) uses. Implemented in client.ts. */
export interface ApiClient {
  readonly baseUrl: string;
  getMiningPool(opts?: CallOptions): Promise<PoolOverview>;
  listSubAccounts(query?: SubAccountQuery, opts?: CallOptions): Promise<SubAccountPage>;
  /** What one sub-account holds, one row per currency (signed, like the list; read-only). */
  subAccountBalances(query: BalancesQuery, opts?: CallOptions): Promise<CurrencyBalance[]>;
  refreshToken(params: RefreshParams, opts?: RefreshCallOptions): Promise<TokenSet>;
  /** The Mining Pool read operations (signed, like the sub-account list). */
  readonly mining: MiningApi;
  /** Closes the keep-alive pool; pending calls are aborted. */
  close(): Promise<void>;
}

/**
 * The client as createClient makes it: with the oversight operations (API keys, their IP lists,
 * transfers, withdrawals awaiting you; read-only), which one-shot commands use. Views and the
 * watcher take the narrower ApiClient.
 */
export interface OverseeingClient extends ApiClient {
  readonly oversight: OversightApi;
}

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 30;
export const OFFSET_MIN = 0;
export const OFFSET_MAX = 10000;

export const PATHS = {
  refresh: '/oauth2/refresh_token',
  subAccounts: '/api/v4/sub-account/list',
  miningPool: '/api/v4/public/mining-pool',
} as const;
