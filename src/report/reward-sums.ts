/**
 * The window's rewards of one account, per currency: successful, pending and canceled days
 * apart (and any other status apart again), exact sums (format/decimal.ts), and the yield per
 * TH/s per day as the books compute it over the days not canceled (rewards/books.ts). Pure.
 */
import { sumDecimals } from '../format/decimal.js';
import { type BookRow, CANCELED, windowTotals } from '../rewards/books.js';
import type { RewardDay, RewardSummary, StatusSums } from './types.js';

function sums(rows: readonly RewardDay[]): StatusSums {
  return {
    days: rows.length,
    total: sumDecimals(rows.map((r) => r.total)),
    fee: sumDecimals(rows.map((r) => r.fee)),
    reward: sumDecimals(rows.map((r) => r.reward)),
  };
}

const bookRow = (account: string, r: RewardDay): BookRow => ({
  date: r.date,
  account,
  currency: r.currency,
  total: r.total,
  fee: r.fee,
  reward: r.reward,
  hashRate: r.hashRate,
  yieldPerTh: null,
  status: r.status,
  payoutTime: null,
  transactionHash: null,
  payoutAddress: null,
});

/** `rows` of the window's days (first day ≤ date < end day, `YYYY-MM-DD`). */
export function rewardSummaries(
  account: string,
  rows: readonly RewardDay[],
  firstDay: string,
  endDay: string,
): RewardSummary[] {
  const inWindow = rows.filter((r) => r.date >= firstDay && r.date < endDay);
  const currencies = [...new Set(inWindow.map((r) => r.currency))];
  return currencies.map((currency) => {
    const mine = inWindow.filter((r) => r.currency === currency);
    const of = (status: string) => mine.filter((r) => r.status === status);
    const known = new Set(['successful', 'pending', CANCELED]);
    const totals = windowTotals(mine.map((r) => bookRow(account, r)))[0];
    return {
      currency,
      successful: sums(of('successful')),
      pending: sums(of('pending')),
      canceled: sums(of(CANCELED)),
      other: sums(mine.filter((r) => !known.has(r.status ?? ''))),
      yieldPerTh: totals?.yieldPerTh ?? null,
    };
  });
}
