/**
 * The rewards pane's yield against the embedded service over loopback HTTP (its clock frozen, so
 * no reward settles while the test reads): each row's yield per TH/s and the 30-day trend's
 * latest figure agree with the service's own amounts to the last digit, and `m` flips to months
 * whose sums are exact sums of their days (canceled ones left out), and back. The service's
 * rewards are read here independently (test/support/signed-rewards.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { REWARD_HISTORY_DAYS } from '../../src/ui/mining/mining-data.js';
import { expectYield, fetchRewardPages, units, type WireReward } from '../support/signed-rewards.js';
import { keyedConfig, mountMining, waitForFrame } from './helpers/mining-fakes.js';
import { keyOf } from './helpers/keys.js';

// A minute ago, whole: in the past for the client's checks, fixed for the service and the view.
const T = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
let service: ServiceHandle;
let wire: WireReward[];
const cleanup: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  service = await startService({
    port: 0,
    miningAccounts: 1,
    workers: 20,
    seed: 12,
    now: () => T,
    nonceNow: Date.now,
  });
  const { baseUrl, credentials } = service;
  const from = Math.floor(T / 1000) - REWARD_HISTORY_DAYS * 86_400;
  wire = await fetchRewardPages({ baseUrl, ...credentials }, { from, account: service.miningAccounts[0] });
});
afterAll(() => service.close());
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function mount() {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
  const config = { ...keyedConfig, baseUrl: service.baseUrl, miningAccount: service.miningAccounts[0] };
  const v = mountMining({ client, config, width: 120, height: 40, now: () => T });
  cleanup.push(
    () => v.unmount(),
    () => client.close(),
  );
  return v;
}

const DAY_LINE = /^.*?(\d{4}-\d\d-\d\d) (pending|successful|canceled)\s+([\d.]+) BTC\s+(\d+\.\d{12}|—) /;
const MONTH_LINE = /(\d{4}-\d\d) +(\d+) days? +([\d.]+) BTC +(\d+\.\d{12}|—)(?: (\d+) canceled)?/;

describe('the rewards pane: yield per TH/s per day, the trend, m for months', () => {
  it('each yield is the day total ÷ its TH/s to the last digit; m flips to exact month sums and back', async () => {
    expect(wire.length).toBeGreaterThan(360);
    const byDay = new Map(wire.map((w) => [new Date(w.date * 1000).toISOString().slice(0, 10), w]));
    const v = mount();
    let f = await waitForFrame(
      v.frame,
      (x) => x.includes('newest first') && /Yield 30 d .* BTC · m: months/.test(x),
      15_000,
    );

    const days = f.split('\n').flatMap((l) => {
      const m = DAY_LINE.exec(l);
      return m ? [m] : [];
    });
    expect(days.length).toBeGreaterThan(5);
    for (const [, day, status, , printed] of days) {
      const w = byDay.get(day!)!;
      expect(status).toBe(w.status);
      expectYield(printed!, units(w.totalReward, 8), 8, BigInt(w.hashRate));
    }
    // The trend's figure: the newest day that was not canceled.
    const newest = wire.find((w) => w.status !== 'canceled')!;
    const latest = /Yield 30 d \S* (\d+\.\d{12}) BTC · m: months/.exec(f)?.[1];
    expect(latest).toBeDefined();
    expectYield(latest!, units(newest.totalReward, 8), 8, BigInt(newest.hashRate));

    v.stdin.write(keyOf('mining', 'reward-months'));
    f = await waitForFrame(v.frame, (x) => /Rewards by month \(UTC\) 1–\d+ of \d+, newest first/.test(x));
    expect(f).toContain('m: days');
    const months = f.split('\n').flatMap((l) => {
      const m = MONTH_LINE.exec(l);
      return m ? [m] : [];
    });
    expect(months.length).toBeGreaterThan(5);
    for (const [, month, count, reward, printed, canceled] of months) {
      const group = wire.filter((w) => new Date(w.date * 1000).toISOString().startsWith(month!));
      const summed = group.filter((w) => w.status !== 'canceled');
      expect(Number(count)).toBe(summed.length);
      expect(Number(canceled ?? 0)).toBe(group.length - summed.length);
      expect(units(reward!, 8)).toBe(summed.reduce((s, w) => s + units(w.reward, 8), 0n));
      const total = summed.reduce((s, w) => s + units(w.totalReward, 8), 0n);
      const rates = summed.reduce((s, w) => s + BigInt(w.hashRate), 0n);
      expectYield(printed!, total, 8, rates);
    }
    // Some month of this year had canceled days, and says so.
    expect(months.some((m) => m[5] !== undefined)).toBe(true);

    v.stdin.write(keyOf('mining', 'reward-months'));
    f = await waitForFrame(v.frame, (x) => /Rewards 1–\d+, newest first/.test(x) && x.includes('m: months'));
    expect(f).not.toContain('Rewards by month');
  }, 30_000);
});
