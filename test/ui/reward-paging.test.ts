import { describe, expect, it } from 'vitest';
import { OFFSET_MAX } from '../../src/api/types.js';
import { FIRST_REWARD_PAGE, newerRewards, olderRewards } from '../../src/ui/mining/reward-paging.js';

const days = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('reward paging (] and [)', () => {
  it('pages days by the rows shown, stops at a short page and at the newest, never past the offset limit', () => {
    expect(olderRewards(FIRST_REWARD_PAGE, 5, { days: undefined, months: undefined })).toEqual({
      notice: 'Rewards are still loading.',
    });
    const older = olderRewards(FIRST_REWARD_PAGE, 5, { days: days(5), months: undefined });
    expect(older).toEqual({ page: { ...FIRST_REWARD_PAGE, offset: 5 } });
    expect(
      olderRewards({ ...FIRST_REWARD_PAGE, offset: 5 }, 5, { days: days(3), months: undefined }),
    ).toEqual({
      notice: 'No older rewards.',
    });
    expect(
      olderRewards({ ...FIRST_REWARD_PAGE, offset: OFFSET_MAX }, 5, { days: days(5), months: undefined }),
    ).toEqual({
      page: { ...FIRST_REWARD_PAGE, offset: OFFSET_MAX },
    });
    expect(newerRewards({ ...FIRST_REWARD_PAGE, offset: 3 }, 5)).toEqual({ page: FIRST_REWARD_PAGE });
    expect(newerRewards(FIRST_REWARD_PAGE, 5)).toEqual({ notice: 'These are the newest rewards.' });
  });

  it('pages months within the month rows', () => {
    const byMonth = { ...FIRST_REWARD_PAGE, byMonth: true };
    expect(olderRewards(byMonth, 5, { days: days(5), months: undefined })).toEqual({
      notice: 'The months are still loading.',
    });
    expect(olderRewards(byMonth, 5, { days: undefined, months: days(12) })).toEqual({
      page: { ...byMonth, monthOffset: 5 },
    });
    expect(olderRewards({ ...byMonth, monthOffset: 10 }, 5, { days: undefined, months: days(12) })).toEqual({
      notice: 'No older months.',
    });
    expect(newerRewards(byMonth, 5)).toEqual({ notice: 'This is the newest month.' });
    expect(newerRewards({ ...byMonth, monthOffset: 5 }, 5)).toEqual({ page: byMonth });
  });
});
