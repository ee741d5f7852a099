import { alignDecimals } from './decimal-align.js';

/**
 * Exact sums of non-negative decimal strings (reward amounts): `["0.00125", "0.1"]` → `"0.10125"`.
 * Money is never added through doubles.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The sum, without trailing fractional zeros; strings that are not decimals are skipped. */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  let scale = 0;
  const parts: [string, string][] = [];
  for (const value of values) {
    const m = value ? DECIMAL.exec(value) : null;
    if (!m) continue;
    const frac = m[2] ?? '';
    scale = Math.max(scale, frac.length);
    parts.push([m[1] ?? '0', frac]);
  }
  let total = 0n;
  for (const [whole, frac] of parts) total += BigInt(whole + frac.padEnd(scale, '0'));
  const digits = total.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}

const SIGNED = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact sum of signed decimal strings (balances: a collateral balance may be negative),
 * written with as many fractional digits as the longest input, so `["0.10000000", "1"]` →
 * `"1.10000000"`: an amount keeps the precision it came with. Strings that are not decimals
 * are skipped; undefined when none is a decimal.
 */
export function addDecimals(values: readonly (string | null | undefined)[]): string | undefined {
  let scale = 0;
  const parts: [boolean, string, string][] = [];
  for (const value of values) {
    const m = value == null ? null : SIGNED.exec(value);
    if (!m) continue;
    const frac = m[3] ?? '';
    scale = Math.max(scale, frac.length);
    parts.push([m[1] === '-', m[2] ?? '0', frac]);
  }
  if (parts.length === 0) return undefined;
  let total = 0n;
  for (const [negative, whole, frac] of parts) {
    const n = BigInt(whole + frac.padEnd(scale, '0'));
    total += negative ? -n : n;
  }
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - scale)}`;
}

/**
 * Decimal places an amount of a currency is shown with: its smallest unit (BTC's satoshi is 10⁻⁸).
 * The API writes amounts without trailing zeros; written to these places they line up in a column.
 */
const PLACES: Readonly<Record<string, number>> = { BTC: 8, BCH: 8, LTC: 8, DOGE: 8 };

export function currencyPlaces(currency: string | null | undefined): number | undefined {
  const code = currency?.toUpperCase();
  return code !== undefined && Object.hasOwn(PLACES, code) ? PLACES[code] : undefined;
}

/**
 * `value` with at least `places` fractional digits (`0.0018248`, 8 → `0.00182480`). Digits are only
 * ever added: a value with more places keeps them all. What is not a decimal comes back as it is.
 */
export function withPlaces(value: string, places: number | undefined): string {
  const m = DECIMAL.exec(value);
  if (!m || places === undefined) return value;
  const frac = (m[2] ?? '').padEnd(places, '0');
  return frac === '' ? (m[1] ?? value) : `${m[1]}.${frac}`;
}

/**
 * One column of amounts, each written to its currency's places, with the decimal points lined up
 * (format/decimal-align.ts). Right-align the results in the column.
 */
export function alignAmounts(
  values: readonly { value: string; currency: string | null | undefined }[],
): string[] {
  return alignDecimals(values.map(({ value, currency }) => withPlaces(value, currencyPlaces(currency))));
}
