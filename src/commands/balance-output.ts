/**
 * How balances are written by the commands: a table (currency, main, spot, collateral, total)
 * with decimal points lined up; JSON keyed by ticker; CSV rows of one account and currency.
 */
import { AMOUNT_KEYS, BALANCE_HEADER, balanceCells } from '../accounts/balance-cells.js';
import type { CurrencyBalance } from '../api/balance-types.js';
import type { SubAccount } from '../api/types.js';
import { displayWidth, padTo } from '../format/width.js';
import { csvRecord, CSV_HEADER } from './account-sinks.js';
import { renderTextTable } from './text-table.js';
import type { TextTarget } from '../format/sanitize.js';

type Amounts = Omit<CurrencyBalance, 'ticker'>;

/** `{"BTC": {"main","spot","collateral","total"}, …}` in the answer's order. */
export function balancesJson(rows: readonly CurrencyBalance[]): Record<string, Amounts> {
  return Object.fromEntries(
    rows.map(({ ticker, main, spot, collateral, total }) => [ticker, { main, spot, collateral, total }]),
  );
}

/** The table's lines; amounts of a row shown to that row's precision (the most digits it came with). */
export function balanceTable(rows: readonly CurrencyBalance[], term: TextTarget): string[] {
  const cells = balanceCells(rows, term);
  const widthOf = (col: number) => Math.max(...cells.map((c) => displayWidth(c[col] ?? '')), 0);
  const header = BALANCE_HEADER.map((h, col) =>
    col === 0 ? h : padTo(h, Math.max(widthOf(col), displayWidth(h)), 'right'),
  );
  return renderTextTable(term, header, cells);
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
