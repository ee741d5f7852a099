/**
 * `]` and `[` on a mining account's rewards: a page of days (offset into the listing) or of months
 * (offset into the month rows); what a key does at either end is a notice instead. Pure.
 */
import { OFFSET_MAX } from '../../api/types.js';

export interface RewardPage {
  byMonth: boolean;
  /** First day row asked for. */
  offset: number;
  /** First month row shown. */
  monthOffset: number;
}

export const FIRST_REWARD_PAGE: RewardPage = { byMonth: false, offset: 0, monthOffset: 0 };

export type RewardStep = { page: RewardPage } | { notice: string };

/** `]`: the next older page, given the days on screen and the month rows (undefined while loading). */
export function olderRewards(
  page: RewardPage,
  rows: number,
  shown: { days: readonly unknown[] | undefined; months: readonly unknown[] | undefined },
): RewardStep {
  if (page.byMonth) {
    if (!shown.months) return { notice: 'The months are still loading.' };
    if (page.monthOffset + rows >= shown.months.length) return { notice: 'No older months.' };
    return { page: { ...page, monthOffset: page.monthOffset + rows } };
  }
  if (!shown.days) return { notice: 'Rewards are still loading.' };
  // A short page is the end of the listing.
  if (shown.days.length < rows) return { notice: 'No older rewards.' };
  return { page: { ...page, offset: Math.min(OFFSET_MAX, page.offset + rows) } };
}

/** `[`: the next newer page. */
export function newerRewards(page: RewardPage, rows: number): RewardStep {
  if (page.byMonth) {
    if (page.monthOffset === 0) return { notice: 'This is the newest month.' };
    return { page: { ...page, monthOffset: Math.max(0, page.monthOffset - rows) } };
  }
  if (page.offset === 0) return { notice: 'These are the newest rewards.' };
  return { page: { ...page, offset: Math.max(0, page.offset - rows) } };
}
