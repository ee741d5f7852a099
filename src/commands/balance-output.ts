/**
 * How balances are written by the commands: a table (currency, main, spot, collateral, total)
 * with decimal points lined up; JSON keyed by ticker; CSV rows of one account and currency.
 */
import { BALANCE_PLACES, type CurrencyBalance } from '../api/balance-types.js';
import type { SubAccount } from '../api/types.js';
import { alignDecimals } from '../format/decimal-align.js';
import { PLACEHOLDER, textOr } from '../format/placeholder.js';
import { displayWidth, padTo } from '../format/width.js';
import { csvRecord, CSV_HEADER } from './account-sinks.js';
import { renderTextTable } from './text-table.js';
import type { TextTarget } from '../format/sanitize.js';

type Amounts = Omit<CurrencyBalance, 'ticker'>;
const AMOUNT_KEYS = [...BALANCE_PLACES, 'total'] as const;

/** `{"BTC": {"main","spot","collateral","total"}, …}` in the answer's order. */
export function balancesJson(rows: readonly CurrencyBalance[]): Record<string, Amounts> {
  return Object.fromEntries(
    rows.map(({ ticker, main, spot, collateral, total }) => [ticker, { main, spot, collateral, total }]),
  );
}

const HEADER = ['Currency', 'Main', 'Spot', 'Collateral', 'Total'];

/** The table's lines; amounts of a row shown to that row's precision (the most digits it came with). */
export function balanceTable(rows: readonly CurrencyBalance[], term: TextTarget): string[] {
  const cells = rows.map((r) => {
    const digits = precisionOf(r);
    return [textOr(r.ticker, term), ...AMOUNT_KEYS.map((k) => withDigits(r[k], digits))];
  });
  // Amount columns: points lined up, and right-aligned under their header.
  for (let col = 1; col < HEADER.length; col++) {
    const aligned = alignDecimals(cells.map((c) => c[col] ?? ''));
    const width = Math.max(displayWidth(HEADER[col] ?? ''), ...aligned.map(displayWidth));
    aligned.forEach((cell, i) => {
      (cells[i] as string[])[col] = padTo(cell, width, 'right');
    });
  }
  const widthOf = (col: number) => Math.max(...cells.map((c) => displayWidth(c[col] ?? '')), 0);
  const header = HEADER.map((h, col) =>
    col === 0 ? h : padTo(h, Math.max(widthOf(col), displayWidth(h)), 'right'),
  );
  return renderTextTable(term, header, cells);
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
  if (!/^-?\d+(\.\d+)?$/.test(value) || /^-?0+(\.0+)?$/.test(value) || digits === 0) return value;
  const [whole, frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(digits, '0')}`;
}

/** CSV of `--all --balances`: the account's columns, then one currency's. */
export const BALANCE_CSV_HEADER = [...CSV_HEADER, 'ticker', 'main', 'spot', 'collateral', 'total'] as const;

/**
 * One record per currency; an account holding nothing gets one record with empty currency
 * cells, and so does one whose balances could not be fetched (`balances` null), so no account
 * is lost from the file.
 */
export function balanceCsvRecords(
  account: SubAccount,
  balances: readonly CurrencyBalance[] | null,
): string[][] {
  const base = csvRecord(account);
  if (!balances || balances.length === 0) return [[...base, '', '', '', '', '']];
  return balances.map((b) => [...base, b.ticker, ...AMOUNT_KEYS.map((k) => b[k] ?? '')]);
}
