/**
 * A sub-account's balances (`POST /api/v4/sub-account/balances`), in the one model convention:
 * camelCase, `null` for a value the server left out, sent as null or sent unreadable, amounts as
 * exact decimal strings. One row per currency, in the order the server sent them, each ticker
 * once; the wire shape (an object keyed by ticker, each value a list of one object) lives only in
 * the parser (balance-schemas.ts).
 */

export const BALANCES_PATH = '/api/v4/sub-account/balances';

/** Where a currency is held: the main balance, the trade (spot) balance, the collateral balance. */
export const BALANCE_PLACES = ['main', 'spot', 'collateral'] as const;

/** A ticker is network text: at most this many characters reach the model. */
export const TICKER_MAX = 32;

export interface CurrencyBalance {
  /** Sanitised (no control characters or escape sequences), at most TICKER_MAX characters. */
  ticker: string;
  /** Decimal strings as received (a number written out in full); may be negative. */
  main: string | null;
  spot: string | null;
  collateral: string | null;
  /** The exact sum of the places that are known; null when none is. */
  total: string | null;
}

export interface BalancesQuery {
  /** The sub-account's id (a UUID). */
  id: string;
  /** One currency; without it, every currency. */
  ticker?: string;
}
