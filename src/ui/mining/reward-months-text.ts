/**
 * The rewards pane by month (`m`): one line per UTC calendar month of the account's last year,
 * newest first — days summed, the reward after fee, the yield per TH/s per day weighted by hash
 * rate, canceled days (never summed). Pure.
 */
import { alignAmounts } from '../../format/decimal.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';
import type { MonthRow } from '../../rewards/books.js';
import { glyphsFor } from '../../terminal/glyphs.js';
import { REWARD_COLUMNS } from './rewards-text.js';

const COLUMNS = {
  month: 10,
  days: 10,
  reward: REWARD_COLUMNS.reward,
  currency: 5,
  yield: REWARD_COLUMNS.yield,
};

/** The rewards of the months shown as their column writes them: currency places, points aligned. */
export function monthAmounts(months: readonly MonthRow[]): string[] {
  return alignAmounts(months.map((m) => ({ value: m.reward, currency: m.currency })));
}

/** `2025-11    27 days      0.04514113 BTC   0.000000462656 1 canceled`, cut to `width`. */
export function monthLine(m: MonthRow, amount: string, width: number, term: TextTarget): string {
  const { ellipsis } = glyphsFor(term);
  const line = [
    padEnd(m.month ?? '—', COLUMNS.month, ellipsis),
    padEnd(`${m.days} day${m.days === 1 ? '' : 's'}`, COLUMNS.days, ellipsis),
    padStart(amount, COLUMNS.reward, ellipsis),
    padEnd(m.currency === null ? '?' : sanitizeLine(m.currency, term), COLUMNS.currency, ellipsis),
    padStart(m.yieldPerTh ?? '—', COLUMNS.yield, ellipsis),
    m.canceledDays > 0 ? `${m.canceledDays} canceled` : '',
  ].join(' ');
  return truncate(line.trimEnd(), width, ellipsis);
}

export function monthsHeader(width: number, term: TextTarget): string {
  const { ellipsis } = glyphsFor(term);
  const line = [
    padEnd('Month', COLUMNS.month, ellipsis),
    padEnd('Summed', COLUMNS.days, ellipsis),
    padStart('After fee', COLUMNS.reward, ellipsis),
    padEnd('', COLUMNS.currency, ellipsis),
    padStart('Yield/TH/s', COLUMNS.yield, ellipsis),
    'Not summed',
  ].join(' ');
  return truncate(line, width, ellipsis);
}

/** `Rewards by month (UTC) 1–6 of 13, newest first · ] older`, the keys kept whole. */
export function monthsTitle(
  input: { offset: number; shown: number; total: number | undefined; width: number },
  term: TextTarget,
): string {
  const { ellipsis } = glyphsFor(term);
  const { offset, shown, total, width } = input;
  if (total === undefined) return truncate('Rewards by month (UTC) loading', width, ellipsis);
  if (total === 0) return truncate('Rewards by month (UTC): none in the last year', width, ellipsis);
  const nav = [offset > 0 ? '[ newer' : '', offset + shown < total ? '] older' : '']
    .filter(Boolean)
    .join(' · ');
  const keys = nav ? ` · ${nav}` : '';
  const head = `Rewards by month (UTC) ${offset + 1}–${offset + shown} of ${total}, newest first`;
  return displayWidth(head) + displayWidth(keys) <= width
    ? head + keys
    : truncate(head, Math.max(1, width - displayWidth(keys)), ellipsis) + keys;
}
