import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MiningReward } from '../../src/api/mining-types.js';
import { bookRow, monthRows, rewardYield, windowTotals, YIELD_PLACES } from '../../src/rewards/books.js';

const DAY = 86_400;

function reward(over: Partial<MiningReward>): MiningReward {
  return {
    miningAccountName: 'main_farm',
    payoutDestination: 'external_address',
    payoutTransactionHash: 'ab12',
    payoutAddress: 'bc1qexample',
    payoutTime: Date.UTC(2025, 5, 2, 3, 14, 15) / 1000,
    rewardCurrency: 'BTC',
    totalReward: '0.00125',
    reward: '0.00121875',
    fee: '0.00003125',
    fppsRate: '0.00000048',
    hashRate: 2.5e15,
    date: Date.UTC(2025, 5, 1) / 1000,
    status: 'successful',
    ...over,
  };
}

describe('bookRow', () => {
  it('a day as the books want it: UTC date, amounts as sent, ISO payout time, yield per TH/s', () => {
    expect(bookRow(reward({}))).toEqual({
      date: '2025-06-01',
      account: 'main_farm',
      currency: 'BTC',
      total: '0.00125',
      fee: '0.00003125',
      reward: '0.00121875',
      hashRate: 2.5e15,
      yieldPerTh: '0.000000500000',
      status: 'successful',
      payoutTime: '2025-06-02T03:14:15Z',
      transactionHash: 'ab12',
      payoutAddress: 'bc1qexample',
    });
  });

  it('no hash rate, a zero one or no total: no yield (never a division by zero); nulls stay null', () => {
    expect(rewardYield('0.001', null)).toBeNull();
    expect(rewardYield('0.001', 0)).toBeNull();
    expect(rewardYield(null, 1e15)).toBeNull();
    const row = bookRow(
      reward({ hashRate: null, payoutTime: null, date: null, payoutTransactionHash: null }),
    );
    expect([row.yieldPerTh, row.payoutTime, row.date, row.transactionHash]).toEqual([null, null, null, null]);
  });

  it('a hash rate past 2^53 H/s divides as its decimal text', () => {
    expect(rewardYield('1', 1.8e22)).toBe('0.000000000056');
  });
});

describe('monthRows', () => {
  const days = [
    reward({
      date: Date.UTC(2025, 6, 1) / 1000,
      totalReward: '0.3',
      fee: '0.01',
      reward: '0.29',
      hashRate: 1e12,
    }),
    reward({
      date: Date.UTC(2025, 5, 30) / 1000,
      totalReward: '0.1',
      fee: '0.002',
      reward: '0.098',
      hashRate: 1e12,
    }),
    reward({
      date: Date.UTC(2025, 5, 29) / 1000,
      totalReward: '0.2',
      fee: '0.004',
      reward: '0.196',
      hashRate: 3e12,
    }),
    reward({
      date: Date.UTC(2025, 5, 28) / 1000,
      totalReward: '9',
      fee: '1',
      reward: '8',
      status: 'canceled',
    }),
    reward({
      date: Date.UTC(2025, 5, 27) / 1000,
      miningAccountName: 'solar',
      totalReward: '0.05',
      hashRate: null,
    }),
  ].map(bookRow);

  it('sums each account, currency and UTC month exactly, canceled days counted apart and never summed', () => {
    expect(monthRows(days)).toEqual([
      {
        month: '2025-07',
        account: 'main_farm',
        currency: 'BTC',
        days: 1,
        canceledDays: 0,
        total: '0.3',
        fee: '0.01',
        reward: '0.29',
        yieldPerTh: '0.300000000000',
      },
      {
        month: '2025-06',
        account: 'main_farm',
        currency: 'BTC',
        days: 2,
        canceledDays: 1,
        total: '0.3',
        fee: '0.006',
        reward: '0.294',
        // Weighted by hash rate: (0.1 + 0.2) ÷ (1 + 3) TH/s, not the mean of 0.1 and 0.0667.
        yieldPerTh: '0.075000000000',
      },
      {
        month: '2025-06',
        account: 'solar',
        currency: 'BTC',
        days: 1,
        canceledDays: 0,
        total: '0.05',
        fee: '0.00003125',
        reward: '0.00121875',
        yieldPerTh: null,
      },
    ]);
  });

  it('property: the weighted yield is the hash-rate-weighted mean of the daily yields (within rounding)', () => {
    const day = fc.record({
      sats: fc.integer({ min: 0, max: 10_000_000 }),
      th: fc.integer({ min: 1, max: 100_000 }),
      canceled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 40 }), (list) => {
        const rows = list.map((d, i) =>
          bookRow(
            reward({
              date: Date.UTC(2025, 0, 1) / 1000 + (i % 28) * DAY,
              totalReward: (d.sats / 1e8).toFixed(8),
              hashRate: d.th * 1e12,
              status: d.canceled ? 'canceled' : 'successful',
            }),
          ),
        );
        const [month] = monthRows(rows);
        const [window] = windowTotals(rows);
        expect(month).toEqual({ ...window, month: '2025-01' });
        const summed = list.filter((d) => !d.canceled);
        expect(month?.canceledDays).toBe(list.length - summed.length);
        if (summed.length === 0) {
          expect(month?.yieldPerTh).toBeNull();
          return;
        }
        // Σ(yield_i · th_i) / Σ th_i, with yield_i = sats_i / th_i: exactly Σ sats / Σ th, in 10^-8 units.
        const sats = summed.reduce((s, d) => s + d.sats, 0);
        const th = summed.reduce((s, d) => s + d.th, 0);
        const printed = Number(month?.yieldPerTh) * 10 ** YIELD_PLACES;
        expect(Math.abs(printed - (sats / th) * 10 ** (YIELD_PLACES - 8))).toBeLessThanOrEqual(0.5001);
      }),
      { numRuns: 300 },
    );
  });
});
