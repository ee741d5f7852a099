import { describe, expect, it } from 'vitest';
import type { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  parseAccountHashRate,
  parseMinerInfo,
  parseMiningAccounts,
  parseMiningRewards,
  parsePayoutDestination,
  parseWatcherLinks,
  parseWorkerHashRate,
  parseWorkerNames,
} from '../../src/api/mining-schemas.js';
import { thrown } from '../support/failures.js';

const asked = { limit: 30, offset: 0 };

function schemaError(fn: () => unknown): PooltopError {
  const e = thrown(fn);
  expect(e.kind).toBe('schema');
  return e;
}

describe('hash rates are H/s at the edge', () => {
  it('converts the per-worker series from TH/s and renames time to timestamp, oldest first', () => {
    const body = {
      data: {
        hashrates: [
          { time: 1709293600, hashrate: '43.5' },
          { time: 1709290000, hashrate: '42.1' },
        ],
      },
    };
    const series = parseWorkerHashRate(body, { account: 'a', worker: 'w' });
    expect(series).toEqual({
      account: 'a',
      worker: 'w',
      hashrate: [
        { timestamp: 1709290000, hashrate: 42_100_000_000_000 },
        { timestamp: 1709293600, hashrate: 43_500_000_000_000 },
      ],
    });
  });

  it('keeps the account series in H/s with its reject ratio', () => {
    const body = {
      data: {
        account: 'miner123',
        hashrate: [{ timestamp: 1640995200, hashrate: '184425100325925.9259', rejectRate: 0.01 }],
      },
    };
    expect(parseAccountHashRate(body)).toEqual({
      account: 'miner123',
      hashrate: [{ timestamp: 1640995200, hashrate: Number('184425100325925.9259'), rejectRate: 0.01 }],
    });
  });

  it('reads the reward hash rate (H/s, a string) as a number', () => {
    const page = parseMiningRewards({ data: [{ hashRate: '100', date: 1641081600 }] }, asked);
    expect(page.items[0]!.hashRate).toBe(100);
  });
});

describe('liberal reading', () => {
  it('takes numbers as strings and strings as numbers; missing, null and junk become null', () => {
    const info = parseMinerInfo({
      data: { fee: '2.5', workers: { online: '3', offline: null }, stratum: [{ url: 7, workersCount: 'x' }] },
    });
    expect(info).toEqual({
      fee: 2.5,
      workers: { online: 3, offline: null, low: null },
      stratum: [{ url: '7', workersCount: null }],
    });
  });

  it('one odd item degrades one row, never the page', () => {
    const page = parseMiningRewards(
      {
        offset: '0',
        limit: 30,
        data: [
          { miningAccountName: 'a', totalReward: '0.00125', status: 'pending', date: 1641081600 },
          'not an object',
          { miningAccountName: 'b', totalReward: 'NaN', hashRate: -5, date: 'soon', status: null },
          null,
        ],
      },
      asked,
    );
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      miningAccountName: 'a',
      totalReward: '0.00125',
      status: 'pending',
    });
    expect(page.items[1]).toMatchObject({
      miningAccountName: 'b',
      totalReward: null,
      hashRate: null,
      date: null,
      status: null,
      payoutTime: null,
    });
  });

  it('keeps amounts exact as text, also when they arrive as numbers', () => {
    const page = parseMiningRewards({ data: [{ reward: 0.5, fee: '0.00000001', fppsRate: '1e-7' }] }, asked);
    expect(page.items[0]).toMatchObject({ reward: '0.5', fee: '0.00000001', fppsRate: null });
  });

  it('drops series points without a readable time, accepts either time field name and millisecond times', () => {
    const worker = parseWorkerHashRate(
      {
        data: {
          hashrates: [
            { time: 'x', hashrate: '1' },
            { timestamp: 1709290000000, hashrate: 2 },
            { hashrate: '3' },
          ],
        },
      },
      { account: 'a', worker: 'w' },
    );
    expect(worker.hashrate).toEqual([{ timestamp: 1709290000, hashrate: 2e12 }]);
    const account = parseAccountHashRate({
      data: { hashrate: [{ time: 5, hashrate: null, rejectRate: '0.5' }] },
    });
    expect(account.hashrate).toEqual([{ timestamp: 5, hashrate: null, rejectRate: 0.5 }]);
  });

  it("reads PHP's empty data ([] or {}) and a missing data as nothing", () => {
    expect(parseAccountHashRate({ data: [] })).toEqual({ account: null, hashrate: [] });
    expect(parseAccountHashRate({ data: {} }).hashrate).toEqual([]);
    expect(parseWorkerNames({ data: [] }, { limit: 100, offset: 0 }).items).toEqual([]);
    expect(parseMiningRewards({ data: {} }, asked).items).toEqual([]);
    expect(parseWatcherLinks({})).toEqual([]);
  });

  it('falls back to the asked paging when the answer does not echo it', () => {
    const page = parseWorkerNames({ data: { workers: ['w1', 2, null, ''] } }, { limit: 5, offset: 10 });
    expect(page).toEqual({ items: ['w1', '2'], limit: 5, offset: 10 });
    const hundred = { limit: 100, offset: 0 };
    const echoed = parseWorkerNames({ data: { workers: [] }, limit: 50, offset: '100' }, hundred);
    expect(echoed).toMatchObject({ limit: 50, offset: 100 });
    // A server that ignored the limit asked for: the page held no more than that.
    const ignored = parseWorkerNames({ data: { workers: [] }, limit: 10_000 }, hundred);
    expect(ignored).toMatchObject({ limit: 100, offset: 0 });
  });

  it('drops accounts without a name', () => {
    const page = parseMiningAccounts(
      { data: [{ name: 'a', createdAt: '1709340000' }, { createdAt: 1 }] },
      asked,
    );
    expect(page.items).toEqual([{ name: 'a', createdAt: 1709340000 }]);
  });

  it('reads watcher links with null liveUntil and odd permissions', () => {
    const links = parseWatcherLinks({
      data: [
        {
          id: 'abc',
          accounts: ['m1', 7, null],
          name: 'monitoring_link',
          link: 'https://x/abc',
          permissions: 'dashboard',
          liveUntil: null,
          createdAt: 1709340000,
        },
      ],
    });
    expect(links).toEqual([
      {
        id: 'abc',
        accounts: ['m1', '7'],
        name: 'monitoring_link',
        link: 'https://x/abc',
        permissions: [],
        liveUntil: null,
        createdAt: 1709340000,
      },
    ]);
  });
});

describe('payout-destination', () => {
  it('reads the unwrapped answer', () => {
    expect(parsePayoutDestination({ payoutDestination: 'main_balance', externalAddress: null })).toEqual({
      payoutDestination: 'main_balance',
      externalAddress: null,
    });
  });

  it('reads a wrapped one too', () => {
    const body = { data: { payoutDestination: 'external_address', externalAddress: 'bc1qxy' } };
    expect(parsePayoutDestination(body)).toEqual({
      payoutDestination: 'external_address',
      externalAddress: 'bc1qxy',
    });
  });
});

describe('what is still an error', () => {
  it('a body that is not an object, or data of the wrong kind altogether', () => {
    expect(schemaError(() => parseMinerInfo([1])).message).toMatch(/body must be a JSON object/);
    expect(schemaError(() => parseMiningRewards({ data: 'oops' }, asked)).message).toMatch(
      /data must be a list/,
    );
    expect(schemaError(() => parseMinerInfo({ data: 42 })).message).toMatch(/data must be an object/);
    expect(schemaError(() => parseMinerInfo({ data: [1, 2] })).message).toMatch(/data must be an object/);
  });
});
