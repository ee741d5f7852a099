/**
 * The tables of `pooltop mining rewards` over a whole window: one line per account and day (or
 * per account and month), amounts to their currency's places with the points aligned, and the
 * window's sums per account and currency. Canceled days are listed with their status and left
 * out of every sum. Every string from the network goes through sanitize.
 */
import { alignAmounts } from '../format/decimal.js';
import { formatHashRate, UNKNOWN_RATE } from '../format/hash-rate.js';
import { formatCount } from '../format/number.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { type BookRow, type MonthRow, windowTotals } from '../rewards/books.js';
import { renderTextTable } from './text-table.js';

const text = (value: string | null, term: TextTarget): string =>
  value === null ? '—' : sanitize(value, term) || '—';
const lines = (list: string[]): string => `${list.join('\n')}\n`;
export const YIELD_HEADING = 'Yield/TH/s/day';

type Amounts = { currency: string | null; total: string | null; fee: string | null; reward: string | null };

/**
 * Row i's total, fee, reward (each column to its currencies' places, points aligned) and yield
 * (its own fixed places, aligned as it is).
 */
function amountCells<R extends Amounts & { yieldPerTh: string | null }>(
  rows: readonly R[],
  term: TextTarget,
): (i: number) => string[] {
  const column = (pick: (r: R) => string | null) =>
    alignAmounts(rows.map((r) => ({ value: text(pick(r), term), currency: r.currency })));
  const [total, fee, reward] = [column((r) => r.total), column((r) => r.fee), column((r) => r.reward)];
  return (i) => [total[i] ?? '', fee[i] ?? '', reward[i] ?? '', rows[i]?.yieldPerTh ?? '—'];
}

export function booksDaysText(rows: BookRow[], term: TextTarget): string {
  if (rows.length === 0) return 'No rewards in this window (an unknown account answers empty too).\n';
  const money = amountCells(rows, term);
  const cells = rows.map((r, i) => [
    r.date ?? '—',
    text(r.account, term),
    text(r.status, term),
    r.hashRate === null ? UNKNOWN_RATE : formatHashRate(r.hashRate),
    ...money(i),
    text(r.currency, term),
  ]);
  const header = [
    'Day (UTC)',
    'Account',
    'Status',
    'Hash rate',
    'Total',
    'Fee',
    'Reward',
    YIELD_HEADING,
    'Currency',
  ];
  return lines([
    ...renderTextTable(term, header, cells, '  ', new Set([3, 4, 5, 6, 7])),
    '',
    ...sumsTable(windowTotals(rows), 'Sums', term),
  ]);
}

export function booksMonthsText(rows: MonthRow[], term: TextTarget): string {
  if (rows.length === 0) return 'No rewards in this window (an unknown account answers empty too).\n';
  return lines(sumsTable(rows, 'Month (UTC)', term));
}

/** Sums per account and currency (and month): days summed, canceled days, amounts, weighted yield. */
function sumsTable(rows: MonthRow[], first: string, term: TextTarget): string[] {
  const money = amountCells(rows, term);
  const cells = rows.map((r, i) => [
    r.month ?? 'window',
    text(r.account, term),
    formatCount(r.days),
    formatCount(r.canceledDays),
    ...money(i),
    text(r.currency, term),
  ]);
  const header = [first, 'Account', 'Days', 'Canceled', 'Total', 'Fee', 'Reward', YIELD_HEADING, 'Currency'];
  return [
    ...renderTextTable(term, header, cells, '  ', new Set([2, 3, 4, 5, 6, 7])),
    '',
    'Canceled days are listed, not summed; the yield is per TH/s per day, weighted by hash rate.',
  ];
}
