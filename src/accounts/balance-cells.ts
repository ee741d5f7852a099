/**
 * Balances as table cells, shared by `pooltop accounts balances` and the dashboard's detail
 * pane: each row's amounts written to that row's precision (the most fractional digits it came
 * with, zeros added, never cut), decimal points lined up per column; which rows are all zero;
 * amounts compared exactly for sorting. Pure.
 */
import { BALANCE_PLACES, type CurrencyBalance } from '../api/balance-types.js';
import { alignDecimals } from '../format/decimal-align.js';
import { PLACEHOLDER, textOr } from '../format/placeholder.js';
import { displayWidth, padStart } from '../format/width.js';

export const AMOUNT_KEYS = [...BALANCE_PLACES, 'total'] as const;
export const BALANCE_HEADER = ['Currency', 'Main', 'Spot', 'Collateral', 'Total'] as const;

/**
 * One row of cells per balance (ticker, main, spot, collateral, total); each amount column has
 * its points lined up and is right-aligned to one width, at least its header's.
 */
export function balanceCells(rows: readonly CurrencyBalance[]): string[][] {
  const cells = rows.map((r) => {
    const digits = precisionOf(r);
    return [textOr(r.ticker), ...AMOUNT_KEYS.map((k) => withDigits(r[k], digits))];
  });
  for (let col = 1; col < BALANCE_HEADER.length; col++) {
    const aligned = alignDecimals(cells.map((c) => c[col] ?? ''));
    const width = Math.max(displayWidth(BALANCE_HEADER[col] ?? ''), ...aligned.map(displayWidth));
    aligned.forEach((cell, i) => {
      (cells[i] as string[])[col] = padStart(cell, width);
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

/** Exact order of two decimal strings (`-1.5` < `0` < `0.10` = `0.1` < `2`). */
export function compareDecimals(a: string, b: string): number {
  const ma = DECIMAL.exec(a);
  const mb = DECIMAL.exec(b);
  if (!ma || !mb) return ma ? 1 : mb ? -1 : 0;
  const [wa, fa] = [stripZeros(ma[2] ?? ''), (ma[3] ?? '').replace(/0+$/, '')];
  const [wb, fb] = [stripZeros(mb[2] ?? ''), (mb[3] ?? '').replace(/0+$/, '')];
  const negA = ma[1] === '-' && (wa !== '0' || fa !== '');
  const negB = mb[1] === '-' && (wb !== '0' || fb !== '');
  if (negA !== negB) return negA ? -1 : 1;
  let order = wa.length - wb.length || (wa < wb ? -1 : wa > wb ? 1 : 0);
  if (order === 0) {
    const n = Math.max(fa.length, fb.length);
    const pa = fa.padEnd(n, '0');
    const pb = fb.padEnd(n, '0');
    order = pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  return negA ? -order : order;
}

function stripZeros(whole: string): string {
  return whole.replace(/^0+(?=\d)/, '');
}
