/**
 * What the rewards pane says: one line per reward with its yield per TH/s per day, the 30-day
 * yield trend, and the totals of the rows shown. Pure.
 */
import type { MiningReward } from '../../api/mining-types.js';
import { alignAmounts, currencyPlaces, sumDecimals, withPlaces } from '../../format/decimal.js';
import { formatHashRate, UNKNOWN_RATE } from '../../format/hash-rate.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { sparkline } from '../../format/sparkline.js';
import { CANCELED, rewardYield } from '../../rewards/books.js';
import { glyphsFor } from '../../terminal/glyphs.js';
import { formatUtcDate } from '../../format/time.js';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';

const STATUSES = ['successful', 'pending', 'canceled'] as const;
const text = (v: string | null, term: TextTarget): string =>
  v === null ? '—' : sanitizeLine(v, term) || '—';

export const REWARD_COLUMNS = { day: 10, status: 10, reward: 14, currency: 5, yield: 14, rate: 9 } as const;
/** Days in the yield trend. */
export const TREND_DAYS = 30;

/** Where the reward went: the main balance, or the address (and the start of the transaction). */
export function payoutText(r: MiningReward, term: TextTarget): string {
  const { ellipsis } = glyphsFor(term);
  if (r.payoutDestination === 'main_balance') return 'main balance';
  const to = r.payoutAddress === null ? text(r.payoutDestination, term) : text(r.payoutAddress, term);
  return r.payoutTransactionHash === null
    ? to
    : `${to} tx ${truncate(text(r.payoutTransactionHash, term), 11, ellipsis)}`;
}

/** The rewards of a page as their column shows them: to the currency's places, points aligned. */
export function rewardAmounts(items: readonly MiningReward[], term: TextTarget): string[] {
  return alignAmounts(items.map((r) => ({ value: text(r.reward, term), currency: r.rewardCurrency })));
}

/**
 * `2025-11-21 successful     0.00012345 BTC   0.000000482913 3.67 PH/s main balance`, cut to
 * `width`. `amount` is the reward as rewardAmounts wrote it for the page.
 */
export function rewardLine(
  r: MiningReward,
  width: number,
  term: TextTarget,
  amount = text(r.reward, term),
): string {
  const c = REWARD_COLUMNS;
  const { ellipsis } = glyphsFor(term);
  const line = [
    padEnd(r.date === null ? '—' : formatUtcDate(r.date * 1000), c.day, ellipsis),
    padEnd(text(r.status, term), c.status, ellipsis),
    padStart(amount, c.reward, ellipsis),
    padEnd(text(r.rewardCurrency, term), c.currency, ellipsis),
    padStart(rewardYield(r.totalReward, r.hashRate) ?? '—', c.yield, ellipsis),
    padStart(r.hashRate === null ? UNKNOWN_RATE : formatHashRate(r.hashRate), c.rate, ellipsis),
    payoutText(r, term),
  ].join(' ');
  return truncate(line, width, ellipsis);
}

export function rewardsHeader(width: number, term: TextTarget): string {
  const c = REWARD_COLUMNS;
  const { ellipsis } = glyphsFor(term);
  const line = [
    padEnd('Day (UTC)', c.day, ellipsis),
    padEnd('Status', c.status, ellipsis),
    padStart('After fee', c.reward, ellipsis),
    padEnd('', c.currency, ellipsis),
    padStart('Yield/TH/s', c.yield, ellipsis),
    padStart('Hash rate', c.rate, ellipsis),
    'Payout',
  ].join(' ');
  return truncate(line, width, ellipsis);
}

/**
 * The sum after fee of the rows shown, per currency, and per status when they differ:
 * `0.0123 BTC (successful 0.01, pending 0.0023)`. Exact decimal sums.
 */
export function rewardsTotal(items: readonly MiningReward[], term: TextTarget): string {
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
      const sum = `${withPlaces(sumDecimals(mine.map((r) => r.reward)), places)} ${currency === null ? '?' : sanitizeLine(currency, term)}`;
      return byStatus.length ? `${sum} (${byStatus.join(', ')})` : sum;
    })
    .join(' + ');
}

/**
 * `Rewards 1–10, newest first · after fee 0.01230000 BTC · ] older` and the like, in `width`: the
 * keys stay; the per-status sums go first, then "newest first", then the total is cut.
 */
export function rewardsTitle(
  input: {
    offset: number;
    items: readonly MiningReward[] | undefined;
    limit: number;
    width?: number;
  },
  term: TextTarget,
): string {
  const { ellipsis } = glyphsFor(term);
  const { offset, items, limit, width = Infinity } = input;
  if (!items) return truncate(`Rewards ${offset + 1}–${offset + limit} loading`, width, ellipsis);
  if (items.length === 0)
    return truncate(
      offset === 0 ? 'Rewards: none yet' : `Rewards: none from ${offset + 1} on`,
      width,
      ellipsis,
    );
  const nav = [offset > 0 ? '[ newer' : '', items.length === limit ? '] older' : '']
    .filter(Boolean)
    .join(' · ');
  const keys = nav ? ` · ${nav}` : '';
  const rows = `Rewards ${offset + 1}–${offset + items.length}`;
  const total = rewardsTotal(items, term);
  const plain = total.replace(/ \([^)]*\)/g, '');
  const fits = [
    `${rows}, newest first · after fee ${total}`,
    `${rows}, newest first · after fee ${plain}`,
    `${rows} · after fee ${plain}`,
  ].find((t) => displayWidth(t) + displayWidth(keys) <= width);
  return fits
    ? fits + keys
    : truncate(`${rows} · after fee ${plain}`, Math.max(1, width - displayWidth(keys)), ellipsis) + keys;
}

/**
 * `Yield 30 d ▃▄▅▅▆▇ 0.000000482913 BTC · m: months`: the daily yields per TH/s of the last
 * TREND_DAYS days of `history` (newest first, as listed), oldest on the left, as many as fit; a
 * canceled day or one without a hash rate is a gap. The latest yield is written out; the keys
 * are never cut.
 */
export function yieldTrendLine(
  history: readonly MiningReward[] | undefined,
  input: { width: number; ascii: boolean; keys: string },
  term: TextTarget,
): string {
  const { ellipsis } = glyphsFor(term);
  const keys = ` · ${input.keys}`;
  const label = `Yield ${TREND_DAYS} d`;
  const room = Math.max(1, input.width - displayWidth(keys));
  if (!history) return truncate(`${label} loading`, room, ellipsis) + keys;
  const days = history
    .filter((r) => r.date !== null)
    .slice(0, TREND_DAYS)
    .reverse();
  const yields = days.map((r) => (r.status === CANCELED ? null : rewardYield(r.totalReward, r.hashRate)));
  let latest = yields.length - 1;
  while (latest >= 0 && yields[latest] === null) latest--;
  const last = days[latest];
  const newest = last === undefined ? 'none yet' : `${yields[latest]} ${text(last.rewardCurrency, term)}`;
  const fit = Math.max(0, Math.min(days.length, room - displayWidth(label) - displayWidth(newest) - 2));
  // A picture, so doubles will do (the figure beside it is exact). Heights span the lowest to the
  // highest yield shown: yields move by a few percent, which a scale from zero would flatten.
  const values = yields.map((y) => (y === null ? null : Number(y)));
  const shown = values.slice(-fit).filter((v): v is number => v !== null);
  const low = shown.length > 0 ? Math.min(...shown) : 0;
  const trend = sparkline(
    values.map((v) => (v === null ? null : v - low)),
    fit,
    { ascii: input.ascii },
  );
  const body = fit > 0 ? `${label} ${trend} ${newest}` : `${label} ${newest}`;
  return truncate(body, room, ellipsis) + keys;
}
