import { describe, expect, it } from 'vitest';
import { sumDecimals } from '../../src/format/decimal.js';
import { createFleet } from '../../src/service/mining-fleet.js';
import { buckets, createMiningModel, DAY } from '../../src/service/mining-model.js';
import { btc, feeOn, rewardsPage } from '../../src/service/mining-rewards.js';

const START = Date.UTC(2025, 5, 1, 12, 0, 0);
const START_SEC = START / 1000;
const model = (seed = 1, workers = 40, accounts = 3) =>
  createMiningModel({ seed, accounts, workers, startMs: START });

describe('deterministic from the seed', () => {
  it('the same seed and start give the same accounts, workers, series and rewards', () => {
    const a = model(5);
    const b = model(5);
    expect(a.accounts.map((x) => [x.name, x.createdAt, x.fee, x.payout])).toEqual(
      b.accounts.map((x) => [x.name, x.createdAt, x.fee, x.payout]),
    );
    const [x, y] = [a.accounts[0]!, b.accounts[0]!];
    expect(x.series(300, {}, START_SEC)).toEqual(y.series(300, {}, START_SEC));
    expect(x.workerSeries(7, 3600, {}, START_SEC)).toEqual(y.workerSeries(7, 3600, {}, START_SEC));
    expect(rewardsPage(a.accounts, { limit: 50, offset: 0 }, START_SEC)).toEqual(
      rewardsPage(b.accounts, { limit: 50, offset: 0 }, START_SEC),
    );
    expect(a.links(x.name, START_SEC)).toEqual(b.links(y.name, START_SEC));
  });

  it('another seed gives other data', () => {
    const a = model(5);
    const b = model(6);
    expect(a.accounts[0]!.series(300, {}, START_SEC)).not.toEqual(b.accounts[0]!.series(300, {}, START_SEC));
  });

  it('names: unique, letters, digits and underscores, newest account first', () => {
    const big = model(2, 40, 30);
    const names = big.accounts.map((a) => a.name);
    expect(new Set(names).size).toBe(30);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_]+$/);
    const created = big.accounts.map((a) => a.createdAt);
    expect([...created].sort((p, q) => q - p)).toEqual(created);
    expect(created.every((t) => t < START_SEC - 20 * DAY)).toBe(true);
  });
});

describe('workers drift between online, low and offline', () => {
  it('every state shows up, workers change state over a day, most are online', () => {
    const fleet = createFleet(42, 200, START_SEC);
    const seen = new Set<string>();
    let changed = 0;
    for (let i = 0; i < 200; i++) {
      const states = Array.from({ length: 48 }, (_, h) => fleet.stateAt(i, START_SEC + h * 1800));
      for (const s of states) seen.add(s);
      if (new Set(states).size > 1) changed++;
    }
    expect([...seen].sort()).toEqual(['low', 'offline', 'online']);
    expect(changed).toBeGreaterThan(20);
    const snap = fleet.snapshot(START_SEC);
    expect(snap.online + snap.low + snap.offline).toBe(200);
    expect(snap.online / 200).toBeGreaterThan(0.75);
    expect(snap.connected).toHaveLength(snap.online + snap.low);
  });

  it('an offline worker hashes nothing, a low one less than its online self', () => {
    const fleet = createFleet(42, 200, START_SEC);
    let offline = 0;
    let low = 0;
    for (let i = 0; i < 200; i++) {
      const state = fleet.stateAt(i, START_SEC);
      const rate = fleet.rateAt(i, START_SEC);
      if (state === 'offline') {
        expect(rate).toBe(0);
        offline++;
      } else expect(rate).toBeGreaterThan(1e12);
      if (state === 'low') low++;
    }
    expect(offline + low).toBeGreaterThan(0);
  });

  it('names are zero-padded so they sort in index order, and read back', () => {
    const fleet = createFleet(3, 20_000, START_SEC);
    const names = [0, 1, 9, 10, 99, 19_999].map((i) => fleet.nameOf(i));
    expect([...names].sort()).toEqual(names);
    expect(names.map((n) => fleet.indexOf(n))).toEqual([0, 1, 9, 10, 99, 19_999]);
    expect(fleet.indexOf(`${names[0]}x`)).toBeUndefined();
    expect(fleet.indexOf('nobody')).toBeUndefined();
  });

  it('20,000 workers per account: counts, names and series without materialising anything per second', () => {
    const big = model(9, 20_000);
    const account = big.accounts[0]!;
    const snap = account.fleet.snapshot(START_SEC);
    expect(snap.online + snap.low + snap.offline).toBe(20_000);
    expect(account.fleet.nameOf(snap.connected.at(-1)!)).toMatch(/\d{5}$/);
    const series = account.series(3600, {}, START_SEC);
    expect(series).toHaveLength(168);
    // ~20,000 workers of 14–210 TH/s, most of them online: exahashes.
    expect(Number(series.at(-1)!.hashrate)).toBeGreaterThan(1e18);
    expect(Number(series.at(-1)!.hashrate)).toBeLessThan(4e18);
  });
});

describe('series', () => {
  it('a small account is exactly the sum of its workers, with reject rates', () => {
    const account = model(4, 40).accounts[1]!;
    const points = account.series(3600, {}, START_SEC);
    const workers = Array.from({ length: 40 }, (_, i) => account.workerSeries(i, 3600, {}, START_SEC));
    points.forEach((p, k) => {
      const sum = workers.reduce((s, w) => s + Number(w[k]!.hashrate) * 1e12, 0);
      expect(workers[0]![k]!.time).toBe(p.timestamp);
      expect(Math.abs(Number(p.hashrate) - sum) / sum).toBeLessThan(1e-4);
      expect(p.rejectRate).toBeGreaterThan(0);
      expect(p.rejectRate).toBeLessThan(0.05);
    });
  });

  it('complete buckets only, inside the window, never before the account existed, at most 1000', () => {
    const now = START_SEC + 1234;
    // 11:25 … 12:15 at 12:20:34: the 12:20 bucket is not complete yet.
    expect(buckets(300, { from: now - 3600, to: now }, now, 0)).toHaveLength(11);
    expect(buckets(300, {}, START_SEC, 0)).toHaveLength(288);
    const hour = buckets(3600, {}, now, 0);
    expect(hour).toHaveLength(168);
    expect(hour.at(-1)! + 3600).toBeLessThanOrEqual(now);
    expect(buckets(300, { from: 0 }, now, 0)).toHaveLength(1000);
    expect(buckets(86_400, { from: 0 }, now, now - 3 * DAY)[0]).toBeGreaterThanOrEqual(now - 4 * DAY);
    expect(buckets(300, { from: now - 60, to: now }, now, 0)).toEqual([]);
  });
});

describe('rewards', () => {
  it('one a day per account, amounts that add up, pending then settled', () => {
    const m = model(7);
    const account = m.accounts[0]!;
    const page = rewardsPage([account], { limit: 100, offset: 0 }, START_SEC);
    const ageDays = Math.floor(START_SEC / DAY) - Math.floor(account.createdAt / DAY);
    expect(page).toHaveLength(Math.min(100, ageDays));
    for (const r of page) {
      expect(sumDecimals([r.reward, r.fee])).toBe(r.totalReward);
      expect(r.rewardCurrency).toBe('BTC');
      expect(r.date % DAY).toBe(0);
    }
    // The latest reward of some day is still pending early the next day and settled two days on.
    const day = Math.floor(START_SEC / DAY) * DAY;
    const early = rewardsPage([account], { limit: 1, offset: 0 }, day + 60)[0]!;
    expect(early.status).toBe('pending');
    expect(early.payoutTime).toBeNull();
    const later = rewardsPage(
      [account],
      { from: early.date, to: early.date, limit: 1, offset: 0 },
      day + 2 * DAY,
    );
    expect(later[0]!.date).toBe(early.date);
    expect(['successful', 'canceled']).toContain(later[0]!.status);
  });

  it('an occasional canceled one; payout fields follow the destination', () => {
    const m = model(8, 4, 12);
    const all = rewardsPage(m.accounts, { limit: 100_000, offset: 0 }, START_SEC);
    const canceled = all.filter((r) => r.status === 'canceled').length;
    expect(canceled).toBeGreaterThan(0);
    expect(canceled / all.length).toBeLessThan(0.06);
    for (const r of all) {
      if (r.payoutDestination === 'main_balance') {
        expect([r.payoutAddress, r.payoutTransactionHash, r.payoutTime]).toEqual([null, null, null]);
      } else {
        expect(r.payoutAddress).toMatch(/^bc1q/);
        expect(r.payoutTransactionHash === null).toBe(r.status !== 'successful');
      }
    }
  });

  it('a year of rewards for every account, the fee changed once within it, a few days canceled', () => {
    for (const seed of [1, 2, 3]) {
      const m = model(seed, 8, 5);
      const yearAgo = (Math.floor(START_SEC / DAY) - 365) * DAY;
      for (const account of m.accounts) {
        const year = rewardsPage([account], { from: yearAgo, limit: 1000, offset: 0 }, START_SEC);
        expect(year).toHaveLength(365);
        const percent = (r: (typeof year)[number]) => Number(r.fee) / Number(r.totalReward);
        // Newest first: the latest days at the account's fee, the oldest at half a point more.
        const fees = year.map((r) => feeOn(account, r.date / DAY));
        expect(fees[0]).toBe(account.fee);
        expect(fees.at(-1)).toBe(String(Number(account.fee) + 0.5));
        expect(new Set(fees).size).toBe(2);
        // The amounts follow the fee of their day (whole satoshis: within a satoshi's rounding).
        for (const r of year.filter((x) => Number(x.totalReward) > 0.0005)) {
          expect(Math.abs(percent(r) * 100 - Number(feeOn(account, r.date / DAY)))).toBeLessThan(0.05);
        }
        const canceled = year.filter((r) => r.status === 'canceled').length;
        expect(canceled).toBeGreaterThan(0);
        expect(canceled).toBeLessThan(30);
      }
    }
  });

  it('btc(): satoshis as text without trailing zeros', () => {
    expect(btc(125_000)).toBe('0.00125');
    expect(btc(100_000_000)).toBe('1');
    expect(btc(0)).toBe('0');
    expect(btc(48.37, 10)).toBe('0.0000004837');
  });
});

describe('watcher links', () => {
  it('at most three active per account; expired ones drop out as the clock moves', () => {
    const m = model(3, 40, 5);
    for (const a of m.accounts) expect(m.links(a.name, START_SEC).length).toBeLessThanOrEqual(3);
    const total = (sec: number) => m.accounts.reduce((n, a) => n + m.links(a.name, sec).length, 0);
    const now = total(START_SEC);
    const later = total(START_SEC + 30 * DAY);
    expect(now).toBeGreaterThan(0);
    expect(later).toBeLessThanOrEqual(now);
    for (const a of m.accounts) {
      for (const l of m.links(a.name, START_SEC + 30 * DAY)) expect(l.liveUntil).toBeNull();
    }
  });
});

describe('workers go away and come back', () => {
  /** Spells (seconds) a worker spends out of the listing over a day, sampled each minute. */
  function awaySpells(seed: number, size: number, worker: number): number[] {
    const fleet = createFleet(seed, size, START_SEC);
    const spells: number[] = [];
    let left: number | undefined;
    for (let t = START_SEC; t <= START_SEC + DAY; t += 60) {
      const listed = fleet.snapshot(t).connected.includes(worker);
      if (!listed && left === undefined) left = t;
      if (listed && left !== undefined) {
        if (left > START_SEC) spells.push(t - left);
        left = undefined;
      }
    }
    return spells;
  }

  it('a fleet of one is the one that goes away: each seed, minutes to hours at a time, then back', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const spells = awaySpells(seed, 1, 0);
      expect(spells.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(
        spells.some((s) => s >= 600 && s <= 3 * 3600 + 60),
        `seed ${seed}: ${spells}`,
      ).toBe(true);
    }
  });

  it('the same seed names the same workers leaving at the same times', () => {
    const listing = (seed: number) =>
      Array.from({ length: 48 }, (_, k) => createFleet(seed, 40, START_SEC).snapshot(START_SEC + k * 1800).connected);
    expect(listing(3)).toEqual(listing(3));
    expect(listing(3)).not.toEqual(listing(4));
  });
});
