/** What the rewards pane says: one line per reward, and the totals of the rows shown. Pure. */
import type { MiningReward } from '../../api/mining-types.js';
import { sumDecimals } from '../../format/decimal.js';
import { formatHashRateValue, UNKNOWN_RATE } from '../../format/hash-rate.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatUtcDate } from '../../format/time.js';
import { padEnd, padStart, truncate } from '../../format/width.js';

const STATUSES = ['successful', 'pending', 'canceled'] as const;
const text = (v: string | null): string => (v === null ? '—' : sanitizeLine(v) || '—');

export const REWARD_COLUMNS = { day: 10, status: 10, reward: 14, currency: 5, rate: 9 } as const;

/** Where the reward went: the main balance, or the address (and the start of the transaction). */
export function payoutText(r: MiningReward): string {
  if (r.payoutDestination === 'main_balance') return 'main balance';
  const to = r.payoutAddress === null ? text(r.payoutDestination) : text(r.payoutAddress);
  return r.payoutTransactionHash === null ? to : `${to} tx ${truncate(text(r.payoutTransactionHash), 11)}`;
}

/** `2025-11-21 successful     0.00012345 BTC    120 TH/s main balance`, cut to `width`. */
export function rewardLine(r: MiningReward, width: number): string {
  const c = REWARD_COLUMNS;
  const line = [
    padEnd(r.date === null ? '—' : formatUtcDate(r.date * 1000), c.day),
    padEnd(text(r.status), c.status),
    padStart(text(r.reward), c.reward),
    padEnd(text(r.rewardCurrency), c.currency),
    padStart(r.hashRate === null ? UNKNOWN_RATE : formatHashRateValue(r.hashRate), c.rate),
    payoutText(r),
  ].join(' ');
  return truncate(line, width);
}

export function rewardsHeader(width: number): string {
  const c = REWARD_COLUMNS;
  const line = [
    padEnd('Day (UTC)', c.day),
    padEnd('Status', c.status),
    padStart('After fee', c.reward),
    padEnd('', c.currency),
    padStart('Hash rate', c.rate),
    'Payout',
  ].join(' ');
  return truncate(line, width);
}

/**
 * The sum after fee of the rows shown, per currency, and per status when they differ:
 * `0.0123 BTC (successful 0.01, pending 0.0023)`. Exact decimal sums.
 */
export function rewardsTotal(items: readonly MiningReward[]): string {
  if (items.length === 0) return 'nothing';
  const currencies = [...new Set(items.map((r) => r.rewardCurrency))];
  return currencies
    .map((currency) => {
      const mine = items.filter((r) => r.rewardCurrency === currency);
      const byStatus = STATUSES.map((status) => {
        const rows = mine.filter((r) => r.status === status);
        return rows.length === 0 || rows.length === mine.length
          ? ''
          : `${status} ${sumDecimals(rows.map((r) => r.reward))}`;
      }).filter(Boolean);
      const sum = `${sumDecimals(mine.map((r) => r.reward))} ${currency === null ? '?' : sanitizeLine(currency)}`;
      return byStatus.length ? `${sum} (${byStatus.join(', ')})` : sum;
    })
    .join(' + ');
}

/** `rewards 1–10, newest first · after fee 0.0123 BTC · ] older` and the like. */
export function rewardsTitle(input: {
  offset: number;
  items: readonly MiningReward[] | undefined;
  limit: number;
}): string {
  const { offset, items, limit } = input;
  if (!items) return `Rewards ${offset + 1}–${offset + limit} loading`;
  if (items.length === 0) return offset === 0 ? 'Rewards: none yet' : `Rewards: none from ${offset + 1} on`;
  const nav = [offset > 0 ? '[ newer' : '', items.length === limit ? '] older' : '']
    .filter(Boolean)
    .join(' · ');
  return `Rewards ${offset + 1}–${offset + items.length}, newest first · after fee ${rewardsTotal(items)}${nav ? ` · ${nav}` : ''}`;
}
