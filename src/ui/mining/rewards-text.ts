/** What the rewards pane says: one line per reward, and the totals of the rows shown. Pure. */
import type { MiningReward } from '../../api/mining-types.js';
import { alignAmounts, currencyPlaces, sumDecimals, withPlaces } from '../../format/decimal.js';
import { formatHashRate, UNKNOWN_RATE } from '../../format/hash-rate.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatUtcDate } from '../../format/time.js';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';

const STATUSES = ['successful', 'pending', 'canceled'] as const;
const text = (v: string | null): string => (v === null ? '—' : sanitizeLine(v) || '—');

export const REWARD_COLUMNS = { day: 10, status: 10, reward: 14, currency: 5, rate: 9 } as const;

/** Where the reward went: the main balance, or the address (and the start of the transaction). */
export function payoutText(r: MiningReward): string {
  if (r.payoutDestination === 'main_balance') return 'main balance';
  const to = r.payoutAddress === null ? text(r.payoutDestination) : text(r.payoutAddress);
  return r.payoutTransactionHash === null ? to : `${to} tx ${truncate(text(r.payoutTransactionHash), 11)}`;
}

/** The rewards of a page as their column shows them: to the currency's places, points aligned. */
export function rewardAmounts(items: readonly MiningReward[]): string[] {
  return alignAmounts(items.map((r) => ({ value: text(r.reward), currency: r.rewardCurrency })));
}

/**
 * `2025-11-21 successful     0.00012345 BTC    120 TH/s main balance`, cut to `width`. `amount` is
 * the reward as rewardAmounts wrote it for the page.
 */
export function rewardLine(r: MiningReward, width: number, amount = text(r.reward)): string {
  const c = REWARD_COLUMNS;
  const line = [
    padEnd(r.date === null ? '—' : formatUtcDate(r.date * 1000), c.day),
    padEnd(text(r.status), c.status),
    padStart(amount, c.reward),
    padEnd(text(r.rewardCurrency), c.currency),
    padStart(r.hashRate === null ? UNKNOWN_RATE : formatHashRate(r.hashRate), c.rate),
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
      // The total to the currency's places; the parts as they add up, shorter, so they fit beside it.
      const places = currencyPlaces(currency);
      const byStatus = STATUSES.map((status) => {
        const rows = mine.filter((r) => r.status === status);
        return rows.length === 0 || rows.length === mine.length
          ? ''
          : `${status} ${sumDecimals(rows.map((r) => r.reward))}`;
      }).filter(Boolean);
      const sum = `${withPlaces(sumDecimals(mine.map((r) => r.reward)), places)} ${currency === null ? '?' : sanitizeLine(currency)}`;
      return byStatus.length ? `${sum} (${byStatus.join(', ')})` : sum;
    })
    .join(' + ');
}

/**
 * `Rewards 1–10, newest first · after fee 0.01230000 BTC · ] older` and the like, in `width`: the
 * keys stay; the per-status sums go first, then "newest first", then the total is cut.
 */
export function rewardsTitle(input: {
  offset: number;
  items: readonly MiningReward[] | undefined;
  limit: number;
  width?: number;
}): string {
  const { offset, items, limit, width = Infinity } = input;
  if (!items) return truncate(`Rewards ${offset + 1}–${offset + limit} loading`, width);
  if (items.length === 0)
    return truncate(offset === 0 ? 'Rewards: none yet' : `Rewards: none from ${offset + 1} on`, width);
  const nav = [offset > 0 ? '[ newer' : '', items.length === limit ? '] older' : '']
    .filter(Boolean)
    .join(' · ');
  const keys = nav ? ` · ${nav}` : '';
  const rows = `Rewards ${offset + 1}–${offset + items.length}`;
  const total = rewardsTotal(items);
  const plain = total.replace(/ \([^)]*\)/g, '');
  const fits = [
    `${rows}, newest first · after fee ${total}`,
    `${rows}, newest first · after fee ${plain}`,
    `${rows} · after fee ${plain}`,
  ].find((t) => displayWidth(t) + displayWidth(keys) <= width);
  return fits
    ? fits + keys
    : truncate(`${rows} · after fee ${plain}`, Math.max(1, width - displayWidth(keys))) + keys;
}
