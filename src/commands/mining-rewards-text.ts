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

/** One column of amounts of `rows`, to their currencies' places, points aligned. */
function amounts<R extends { currency: string | null }>(
  rows: readonly R[],
  pick: (r: R) => string | null,
  term: TextTarget,
): string[] {
  return alignAmounts(rows.map((r) => ({ value: text(pick(r), term), currency: r.currency })));
}

/** Yields keep their own fixed places: aligned as they are. */
const yields = (rows: readonly { yieldPerTh: string | null }[]) => rows.map((r) => r.yieldPerTh ?? '—');

export function booksDaysText(rows: BookRow[], term: TextTarget): string {
  if (rows.length === 0) return 'No rewards in this window (an unknown account answers empty too).\n';
  const [total, fee, reward] = [
    amounts(rows, (r) => r.total, term),
    amounts(rows, (r) => r.fee, term),
    amounts(rows, (r) => r.reward, term),
  ];
  const yieldCells = yields(rows);
  const cells = rows.map((r, i) => [
    r.date ?? '—',
    text(r.account, term),
    text(r.status, term),
    r.hashRate === null ? UNKNOWN_RATE : formatHashRate(r.hashRate),
    total[i] ?? '',
    fee[i] ?? '',
    reward[i] ?? '',
    yieldCells[i] ?? '',
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
  const [total, fee, reward] = [
    amounts(rows, (r) => r.total, term),
    amounts(rows, (r) => r.fee, term),
    amounts(rows, (r) => r.reward, term),
  ];
  const yieldCells = yields(rows);
  const cells = rows.map((r, i) => [
    r.month ?? 'window',
    text(r.account, term),
    formatCount(r.days),
    formatCount(r.canceledDays),
    total[i] ?? '',
    fee[i] ?? '',
    reward[i] ?? '',
    yieldCells[i] ?? '',
    text(r.currency, term),
  ]);
  const header = [first, 'Account', 'Days', 'Canceled', 'Total', 'Fee', 'Reward', YIELD_HEADING, 'Currency'];
  return [
    ...renderTextTable(term, header, cells, '  ', new Set([2, 3, 4, 5, 6, 7])),
    '',
    'Canceled days are listed, not summed; the yield is per TH/s per day, weighted by hash rate.',
  ];
}
