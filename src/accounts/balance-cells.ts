/**
 * Balances as table cells, shared by `pooltop accounts balances` and the dashboard's detail
 * pane: each row's amounts written to that row's precision (the most fractional digits it came
 * with, zeros added, never cut), decimal points lined up per column; which rows are all zero;
 * amounts compared exactly for sorting. Pure.
 */
import { BALANCE_PLACES, type CurrencyBalance } from '../api/balance-types.js';
import { alignDecimals } from '../format/decimal-align.js';
import { PLACEHOLDER, textOr } from '../format/placeholder.js';
import type { TextTarget } from '../format/sanitize.js';
import { displayWidth, padTo } from '../format/width.js';

export const AMOUNT_KEYS = [...BALANCE_PLACES, 'total'] as const;
export const BALANCE_HEADER = ['Currency', 'Main', 'Spot', 'Collateral', 'Total'] as const;

/**
 * One row of cells per balance (ticker, main, spot, collateral, total); each amount column has
 * its points lined up and is right-aligned to one width, at least its header's.
 */
export function balanceCells(rows: readonly CurrencyBalance[], term: TextTarget): string[][] {
  const cells = rows.map((r) => {
    const digits = precisionOf(r);
    return [textOr(r.ticker, term), ...AMOUNT_KEYS.map((k) => withDigits(r[k], digits))];
  });
  for (let col = 1; col < BALANCE_HEADER.length; col++) {
    const aligned = alignDecimals(cells.map((c) => c[col] ?? ''));
    const width = Math.max(displayWidth(BALANCE_HEADER[col] ?? ''), ...aligned.map(displayWidth));
    aligned.forEach((cell, i) => {
      (cells[i] as string[])[col] = padTo(cell, width, 'right');
    });
  }
  return cells;
}

const ZERO = /^-?0+(\.0+)?$/;

/** Nothing held in this currency: every known place is zero (or none is known). */
export function isZeroBalance(row: CurrencyBalance): boolean {
  return BALANCE_PLACES.every((k) => row[k] == null || ZERO.test(row[k] ?? ''));
}

/** The most fractional digits among a row's amounts. */
function precisionOf(row: CurrencyBalance): number {
  let digits = 0;
  for (const key of AMOUNT_KEYS) {
    const dot = row[key]?.indexOf('.') ?? -1;
    if (dot >= 0) digits = Math.max(digits, (row[key]?.length ?? 0) - dot - 1);
  }
  return digits;
}

/** An amount with its fractional digits filled with zeros to `digits` (never cut); zero stays "0". */
function withDigits(value: string | null, digits: number): string {
  if (value == null) return PLACEHOLDER;
  if (!/^-?\d+(\.\d+)?$/.test(value) || ZERO.test(value) || digits === 0) return value;
  const [whole, frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(digits, '0')}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount as a key that plain string comparison orders exactly, for sorting many rows without
 * parsing at each comparison: the digit count of the whole part, the whole part, the fraction
 * without trailing zeros (`0.10` and `0.1` are one key). `negative`: the key is of the amount's
 * absolute value. Undefined for what is not a decimal.
 */
export function amountKey(amount: string): { negative: boolean; key: string } | undefined {
  const m = DECIMAL.exec(amount);
  if (!m) return undefined;
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const key = `${String.fromCharCode(0x30 + whole.length)}${whole}${frac}`;
  return { negative: m[1] === '-' && key !== '10', key };
}
