/**
 * The normalised models of the three operations, with the spec's own field names (the Mining
 * Pool models are in mining-types.ts). The client turns every accepted response shape (e.g. the
 * camelCase pool overview) into these, so the rest of the program sees exactly one shape.
 * Following the parsing policy (parse-policy.ts), every field the data can mean something
 * without is optional: `undefined` when it was missing (or could not be read), `null` when the
 * server sent null.
 */

import type { BalancesQuery, CurrencyBalance } from './balance-types.js';
import type { CallOptions } from './call-options.js';
import type { MiningApi } from './mining-types.js';

/** Missing (undefined) or null: shown as a placeholder, kept as it came in `--json`. */
export type Maybe<T> = T | null | undefined;

export interface HashRatePoint {
  /** Unix time, seconds. */
  timestamp?: Maybe<number>;
  /** H/s as a decimal string, exactly as received (or a received number written out). */
  hashrate?: Maybe<string>;
}

/** A block needs a height or a time (an item with neither is reported as malformed). */
export interface FoundBlock {
  /** Unix time, seconds. */
  block_found_at?: Maybe<number>;
  block_height?: Maybe<number>;
}

export interface PoolOverview {
  connection_links?: Maybe<string[]>;
  location?: Maybe<string>;
  assets?: Maybe<string[]>;
  reward_schemes?: Maybe<string[]>;
  workers?: Maybe<number>;
  /** H/s as a decimal string, exactly as received (or a received number written out). */
  current_hash_rate?: Maybe<string>;
  /** Oldest first. */
  last7days_hash_rate?: Maybe<HashRatePoint[]>;
  /** Newest first. */
  blocks?: Maybe<FoundBlock[]>;
}

/** A sub-account needs an `id`; a row without one is reported as malformed and shown with placeholders. */
export interface SubAccount {
  id?: Maybe<string>;
  alias?: Maybe<string>;
  userId?: Maybe<string>;
  /** Absent when KYC is shared. */
  email?: Maybe<string>;
  /** `active`, `pending`, `blocked`, or any other text, kept as it came. */
  status?: Maybe<string>;
  /** `#RRGGBB` when it is a colour; any other text is kept but never drawn. */
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
  offset?: Maybe<number>;
  limit?: Maybe<number>;
  data: SubAccount[];
}

/** A token set needs both tokens; the rest may be missing. */
export interface TokenSet {
  access_token: string;
  /** Seconds. */
  expires_in?: Maybe<number>;
  refresh_token: string;
  /** Comma-separated, no spaces. */
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
