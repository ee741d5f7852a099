/**
 * Wire types of the three operations, with the spec's own field names (the Mining Pool models
 * are in mining-types.ts).
 * The client normalises every accepted response shape (e.g. the legacy camelCase pool
 * overview) into these, so the rest of the program sees exactly one shape.
 */

import type { MiningApi } from './mining-types.js';

export interface HashRatePoint {
  /** Unix time, seconds. */
  timestamp: number;
  /** H/s as a decimal string, exactly as received. */
  hashrate: string;
}

export interface FoundBlock {
  /** Unix time, seconds. */
  block_found_at: number;
  block_height: number;
}

export interface PoolOverview {
  connection_links: string[];
  location: string;
  assets: string[];
  reward_schemes: string[];
  workers: number;
  /** H/s as a decimal string, exactly as received. */
  current_hash_rate: string;
  last7days_hash_rate: HashRatePoint[];
  /** Newest first. */
  blocks: FoundBlock[];
}

export interface SubAccount {
  id: string;
  alias: string;
  userId: string;
  email: string;
  status: string;
  color: string;
  kyc: { shareKyc: boolean; kycStatus: string };
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
}

export interface SubAccountQuery {
  search?: string;
  /** Integer 1..100, default 30. */
  limit?: number;
  /** Integer 0..10000, default 0. */
  offset?: number;
}

export interface SubAccountPage {
  offset: number;
  limit: number;
  data: SubAccount[];
}

export interface TokenSet {
  access_token: string;
  /** Seconds. */
  expires_in: number;
  refresh_token: string;
  /** Comma-separated, no spaces. */
  scope: string;
  token_type: string;
}

export interface RefreshParams {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** What every consumer (commands, SWR hooks, session) uses. Implemented in client.ts. */
export interface ApiClient {
  readonly baseUrl: string;
  getMiningPool(opts?: CallOptions): Promise<PoolOverview>;
  listSubAccounts(query?: SubAccountQuery, opts?: CallOptions): Promise<SubAccountPage>;
  refreshToken(params: RefreshParams, opts?: CallOptions): Promise<TokenSet>;
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
