/**
 * The sub-account oversight read operations (API keys, their IP lists, transfers, withdrawals
 * awaiting the main account) and their normalised models: camelCase, `null` for absent, times in
 * Unix seconds, amounts as exact decimal strings. The wire names live in oversight-schemas.ts.
 * pooltop only reads: the vendor's create, edit, delete, reset, block, transfer and confirm
 * operations have no method here.
 */
import type { CallOptions } from './call-options.js';

export const OVERSIGHT_PATHS = {
  apiKeys: '/api/v4/sub-account/api-key/list',
  ipAddresses: '/api/v4/sub-account/api-key/ip-address/list',
  transfers: '/api/v4/sub-account/transfer/history',
  unconfirmedWithdrawals: '/api/v4/sub-account/withdraw/unconfirmed-list',
} as const;

/** Every paged oversight operation answers 100 rows unless asked for fewer. */
export const OVERSIGHT_LIMIT_DEFAULT = 100;

export const TRANSFER_DIRECTIONS = ['main_to_sub', 'sub_to_main'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** An endpoint a key may call, when its access is restricted to a list. */
export interface KeyEndpoint {
  /** `/api/v4/…`. */
  name: string | null;
  title: string | null;
}

/** One API key of a sub-account, as listed. */
export interface SubAccountApiKey {
  id: string | null;
  subAccountId: string | null;
  title: string | null;
  isEnabled: boolean | null;
  /** The public key. */
  apiKey: string | null;
  /**
   * Whether the listing carried a secret: it should always be an empty string. The value itself
   * is never kept, so nothing can print it.
   */
  secretPresent: boolean;
  /** `1` info and trading, `2` with deposits and withdrawals; other values kept as text. */
  type: string | null;
  /** Unix seconds; `null` (or 0 as sent) means never used. */
  lastActivity: number | null;
  /** Whether the key is restricted to `accessEndpoints`. */
  restrictAccess: boolean | null;
  accessEndpoints: KeyEndpoint[];
}

export interface Transfer {
  /** `transaction_id` (or the deprecated `id` when only that came). */
  id: string | null;
  /** `main_to_sub`, `sub_to_main` or any other text as it came. */
  direction: string | null;
  currency: string | null;
  /** Decimal string as received. */
  amount: string | null;
  /** Unix seconds. */
  createdAt: number | null;
}

export interface UnconfirmedWithdrawal {
  id: string | null;
  subAccountId: string | null;
  currency: string | null;
  amount: string | null;
  /** Unix seconds. */
  createdAt: number | null;
}

/** A page: at most `limit` items; a page shorter than `limit` is the last. */
export interface OversightPage<T> {
  items: T[];
  limit: number;
  offset: number;
}

export interface ApiKeysQuery {
  subAccountId: string;
  limit?: number;
  offset?: number;
}

export interface TransfersQuery {
  /** The sub-account. */
  id: string;
  direction?: TransferDirection;
  limit?: number;
  offset?: number;
}

export interface WithdrawalsQuery {
  subAccountId?: string;
  limit?: number;
  offset?: number;
}

/**
 * What the unconfirmed-withdrawals listing answered: its page, or that the operation is not
 * enabled for this account (the vendor's 404), which is a state of the account, not an error.
 */
export type WithdrawalsAnswer =
  | { enabled: true; page: OversightPage<UnconfirmedWithdrawal> }
  | { enabled: false };

/** The oversight read operations (signed, like the sub-account list). */
export interface OversightApi {
  /** One page of a sub-account's keys, newest first. */
  apiKeys(query: ApiKeysQuery, opts?: CallOptions): Promise<OversightPage<SubAccountApiKey>>;
  /** The addresses a key may be used from; empty: no IP restriction. */
  ipAddresses(query: { apiKeyId: string }, opts?: CallOptions): Promise<string[]>;
  /** One page of a sub-account's transfers, newest first; `offset + limit` ≤ 10,000. */
  transfers(query: TransfersQuery, opts?: CallOptions): Promise<OversightPage<Transfer>>;
  /** One page of withdrawals awaiting the main account, newest first. */
  unconfirmedWithdrawals(query?: WithdrawalsQuery, opts?: CallOptions): Promise<WithdrawalsAnswer>;
}
