/**
 * Rewards as the books want them: one row per account and day with the amounts exactly as the
 * API sent them, the yield per TH/s per day, and month totals. Shared by `pooltop mining rewards`
 * and the Mining tab. Pure.
 *
 * Yield: the day's total reward (before fee) ÷ the day's hash rate in TH/s, in the reward's
 * currency, to YIELD_PLACES places rounded half up; exact decimal arithmetic on the total as
 * sent and the hash rate as written in the row. A day without a hash rate (missing or zero) has
 * no yield. Canceled days are listed and marked by their status, never added to a total.
 */
import { decimalText } from '../api/parse-policy.js';
import type { MiningReward } from '../api/mining-types.js';
import { divideDecimals } from '../format/decimal-divide.js';
import { sumDecimals } from '../format/decimal.js';

/**
 * Fractional digits of a yield. A bitcoin yield is near 0.0000005 BTC per TH/s per day: 12
 * places keep six significant digits (a hundredth of a satoshi per 100 TH/s).
 */
export const YIELD_PLACES = 12;
/** H/s in a TH/s: the yield's divisor is the hash rate ÷ 10^12. */
const TERA_EXPONENT = 12;

export const CANCELED = 'canceled';

/** One reward: the fields of the CSV, JSON and NDJSON outputs, in their order. */
export interface BookRow {
  /** The UTC day mined, `2025-06-01`. */
  date: string | null;
  account: string | null;
  currency: string | null;
  /** Exact decimal strings as the API sent them. */
  total: string | null;
  fee: string | null;
  reward: string | null;
  /** H/s. */
  hashRate: number | null;
  /** `total ÷ (hashRate / 10^12)`, YIELD_PLACES places; null without a hash rate or total. */
  yieldPerTh: string | null;
  status: string | null;
  /** ISO-8601 UTC, `2025-06-02T03:14:15Z`. */
  payoutTime: string | null;
  transactionHash: string | null;
  payoutAddress: string | null;
}

/** The hash rate as the decimal text the books print and divide by. */
export function hashRateText(hashRate: number | null): string | null {
  return hashRate === null || !Number.isFinite(hashRate) || hashRate < 0 ? null : decimalText(hashRate);
}

/** Reward per TH/s per day; null without a total or with no hash rate (no division by zero). */
export function rewardYield(total: string | null, hashRate: number | null): string | null {
  const rate = hashRateText(hashRate);
  if (total === null || rate === null) return null;
  return divideDecimals(total, rate, YIELD_PLACES, TERA_EXPONENT) ?? null;
}

const isoDate = (sec: number | null) =>
  sec === null ? null : new Date(sec * 1000).toISOString().slice(0, 10);
const isoTime = (sec: number | null) =>
  sec === null ? null : new Date(sec * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function bookRow(r: MiningReward): BookRow {
  return {
    date: isoDate(r.date),
    account: r.miningAccountName,
    currency: r.rewardCurrency,
    total: r.totalReward,
    fee: r.fee,
    reward: r.reward,
    hashRate: r.hashRate,
    yieldPerTh: rewardYield(r.totalReward, r.hashRate),
    status: r.status,
    payoutTime: isoTime(r.payoutTime),
    transactionHash: r.payoutTransactionHash,
    payoutAddress: r.payoutAddress,
  };
}

/** One account's rewards in one currency over one UTC calendar month; canceled days left out of the sums. */
export interface MonthRow {
  /** `2025-06`. */
  month: string | null;
  account: string | null;
  currency: string | null;
  /** Days summed (every status but canceled). */
  days: number;
  /** Canceled days of the month: listed, not summed. */
  canceledDays: number;
  total: string;
  fee: string;
  reward: string;
  /**
   * The month's yield weighted by hash rate: Σ total ÷ Σ hash rate in TH/s over the summed days
   * that have a hash rate (the mean of the daily yields, each weighted by its hash rate).
   */
  yieldPerTh: string | null;
}

/** Month rows, newest month first, then by account and currency as the rows first name them. */
export function monthRows(rows: readonly BookRow[]): MonthRow[] {
  const months = grouped(rows, (r) => r.date?.slice(0, 7) ?? null);
  // Stable: within a month the groups keep the order the rows named them in.
  return months.sort((a, b) => (b.month ?? '').localeCompare(a.month ?? ''));
}

/** The sums of the whole listing per account and currency (`month` null). */
export function windowTotals(rows: readonly BookRow[]): MonthRow[] {
  return grouped(rows, () => null);
}

function grouped(rows: readonly BookRow[], period: (r: BookRow) => string | null): MonthRow[] {
  const groups = new Map<string, BookRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([period(row), row.account, row.currency]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group): MonthRow => {
    const first = group[0] as BookRow;
    const summed = group.filter((r) => r.status !== CANCELED);
    const rated = summed.filter((r) => r.total !== null && (r.hashRate ?? 0) > 0);
    const rates = sumDecimals(rated.map((r) => hashRateText(r.hashRate)));
    return {
      month: period(first),
      account: first.account,
      currency: first.currency,
      days: summed.length,
      canceledDays: group.length - summed.length,
      total: sumDecimals(summed.map((r) => r.total)),
      fee: sumDecimals(summed.map((r) => r.fee)),
      reward: sumDecimals(summed.map((r) => r.reward)),
      yieldPerTh:
        rated.length === 0
          ? null
          : (divideDecimals(sumDecimals(rated.map((r) => r.total)), rates, YIELD_PLACES, TERA_EXPONENT) ??
            null),
    };
  });
}
