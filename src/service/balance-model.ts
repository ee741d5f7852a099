/**
 * Generated sub-account balances: a pure function of (seed, the account's place in the list), so
 * the same request always gets the same answer. About one account in seven holds nothing; the
 * others hold BTC, ETH, USDT and USDC and a few of the smaller currencies, most of them zero in one
 * or two of the three places (spot mostly where spot trading is enabled, collateral where
 * collateral is). Amounts carry the currency's precision (CURRENCIES); a zero is sent as "0".
 */
import type { GeneratedAccount } from './accounts.js';
import { hash32, mulberry32 } from './random.js';

export interface Currency {
  ticker: string;
  /** Fractional digits of an amount. */
  precision: number;
  /** Whole units an amount stays under (its spread is heavy towards small amounts). */
  max: number;
  /** Always listed (zeros included) on an account that holds anything. */
  major: boolean;
}

export const CURRENCIES: readonly Currency[] = [
  { ticker: 'BTC', precision: 8, max: 3, major: true },
  { ticker: 'ETH', precision: 8, max: 60, major: true },
  { ticker: 'USDT', precision: 6, max: 80_000, major: true },
  { ticker: 'USDC', precision: 6, max: 30_000, major: true },
  { ticker: 'WBT', precision: 8, max: 900, major: false },
  { ticker: 'LTC', precision: 8, max: 150, major: false },
  { ticker: 'DOGE', precision: 8, max: 250_000, major: false },
  { ticker: 'TRX', precision: 6, max: 400_000, major: false },
];

/** One entry of the answer, as the API sends it. */
export interface PlaceAmounts {
  main: string;
  spot: string;
  collateral: string;
}

const EMPTY_SHARE = 0.15;
const MINOR_SHARE = 0.35;
const SALT = 61;
const ZERO: PlaceAmounts = { main: '0', spot: '0', collateral: '0' };

/** Every currency the account holds (in CURRENCIES order), or `{}` for an empty account. */
export function accountBalances(
  account: GeneratedAccount,
  index: number,
  seed: number,
): Record<string, PlaceAmounts> {
  const rnd = mulberry32(hash32(seed, SALT, index));
  if (rnd() < EMPTY_SHARE) return {};
  const out: Record<string, PlaceAmounts> = {};
  CURRENCIES.forEach((currency) => {
    if (!currency.major && rnd() >= MINOR_SHARE) return;
    const spotOdds = account.permissions.spotEnabled ? 0.45 : 0.05;
    const collateralOdds = account.permissions.collateralEnabled ? 0.4 : 0.02;
    out[currency.ticker] = {
      main: rnd() < 0.6 ? amount(currency, rnd()) : '0',
      spot: rnd() < spotOdds ? amount(currency, rnd()) : '0',
      collateral: rnd() < collateralOdds ? amount(currency, rnd()) : '0',
    };
  });
  return out;
}

/** The one currency asked for: its amounts, zeros when the account does not hold it. */
export function oneBalance(
  all: Readonly<Record<string, PlaceAmounts>>,
  ticker: string,
): Record<string, PlaceAmounts> {
  return { [ticker]: all[ticker] ?? ZERO };
}

export function isCurrency(ticker: string): boolean {
  return CURRENCIES.some((c) => c.ticker === ticker);
}

/** A non-zero amount below `max`, written with exactly `precision` fractional digits. */
function amount(currency: Currency, u: number): string {
  const units = 1 + Math.floor(u ** 4 * currency.max * 10 ** currency.precision);
  const digits = String(units).padStart(currency.precision + 1, '0');
  return `${digits.slice(0, -currency.precision)}.${digits.slice(-currency.precision)}`;
}
