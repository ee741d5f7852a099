/**
 * The demo's 90 days of per-worker history, over real HTTP: a rig dead for whole days, the site
 * drop (every worker of an account down together for 1–2 hours), the flapping worker; the
 * listing agrees with the series at the service's current time; and `workerUptime`, reckoned
 * from the model alone, agrees with the series as a client reads it, window by window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { WorkerHashRate } from '../../src/api/mining-types.js';
import { DAY, type MiningAccountModel, createMiningModel } from '../../src/service/mining-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { workerUpAt, workerUptime } from '../../src/service/worker-uptime.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const NOW_S = T0 / 1000;
const OPTS = { seed: 11, workers: 16, miningAccounts: 2 };
const clock = { t: T0 };
let service: ServiceHandle;
let client: ReturnType<typeof createClient>;
let model: MiningAccountModel;

beforeAll(async () => {
  service = await startService({ port: 0, ...OPTS, now: () => clock.t, nonceNow: Date.now });
  const { apiKey, apiSecret } = service.credentials;
  client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
  // The service's model, made again as it makes it: what the test knows of the outages.
  const made = createMiningModel({ seed: OPTS.seed, accounts: OPTS.miningAccounts, workers: OPTS.workers, startMs: T0 });
  model = made.accounts[0]!;
  expect(model.name).toBe(service.miningAccounts[0]);
});
afterAll(async () => {
  await client.close();
  await service.close();
});

type Interval = '5m' | '1h' | '24h';
const STEP: Record<Interval, number> = { '5m': 300, '1h': 3600, '24h': DAY };

/** A worker's series over [from, to), in windows of at most 1000 points (the service's cap). */
async function series(worker: string, interval: Interval, from: number, to: number) {
  const step = STEP[interval];
  const out: WorkerHashRate['hashrate'] = [];
  for (let at = from; at < to; at += 1000 * step) {
    const end = Math.min(to, at + 1000 * step) - step; // `to` names the last bucket's start
    const got = await client.mining.workerHashrate({ account: model.name, worker, interval, from: at, to: end });
    out.push(...got.hashrate);
  }
  return out;
}

describe('the demo per-worker series over 90 days', () => {
  const from = NOW_S - 90 * DAY;

  it('the dead rig is zero for whole days: three daily buckets at 0, and every 5-minute one of those days', async () => {
    const { deadRig, deadDays } = model.fleet.outages;
    const rig = model.fleet.nameOf(deadRig);
    const daily = await series(rig, '24h', Math.floor(from / DAY) * DAY, NOW_S);
    expect(daily.length).toBeGreaterThanOrEqual(89);
    const zeroDays = daily.filter((p) => p.hashrate === 0).map((p) => p.timestamp);
    for (const [start] of deadDays) expect(zeroDays).toContain(start);
    const [dayStart, dayEnd] = deadDays[0]!;
    const fine = await series(rig, '5m', dayStart, dayEnd);
    expect(fine).toHaveLength(288);
    expect(fine.every((p) => p.hashrate === 0)).toBe(true);
  });

  it('the site drop takes every worker of the account down together for 1–2 hours; the account series is 0 then', async () => {
    const [dropStart, dropEnd] = model.fleet.outages.siteDrops[0]!;
    expect(dropEnd - dropStart).toBeGreaterThanOrEqual(3600);
    expect(dropEnd - dropStart).toBeLessThanOrEqual(7200);
    expect(dropEnd).toBeLessThan(NOW_S - 4 * DAY);
    const inside = Math.ceil(dropStart / 300) * 300;
    const last = Math.floor(dropEnd / 300) * 300 - 300;
    for (let i = 0; i < model.fleet.size; i++) {
      const points = await series(model.fleet.nameOf(i), '5m', inside, last + 300);
      expect(points.length).toBeGreaterThanOrEqual(11);
      expect(points.every((p) => p.hashrate === 0)).toBe(true);
    }
    const account = await client.mining.hashrate({ account: model.name, interval: '5m', from: inside, to: last });
    expect(account.hashrate.every((p) => p.hashrate === 0)).toBe(true);
  });

  it('the flapping worker has short gaps in its 5-minute series, and is up most of the time', async () => {
    const flapper = model.fleet.nameOf(model.fleet.flapper);
    const day = await series(flapper, '5m', NOW_S - DAY, NOW_S);
    const zeros = day.filter((p) => p.hashrate === 0).length;
    expect(zeros).toBeGreaterThan(0);
    expect(zeros).toBeLessThan(day.length / 3);
  });

  it('workerUptime over 90 days equals the series read window by window, at 5m, 1h and 24h', async () => {
    const { deadRig } = model.fleet.outages;
    for (const worker of [model.fleet.nameOf(deadRig), model.fleet.nameOf(model.fleet.flapper)]) {
      for (const interval of ['5m', '1h', '24h'] as const) {
        const step = STEP[interval];
        const start = Math.ceil(from / step) * step;
        const points = await series(worker, interval, start, NOW_S);
        const downS = points.filter((p) => p.hashrate === 0).length * step;
        const upS = points.filter((p) => p.hashrate !== null && p.hashrate > 0).length * step;
        expect(workerUptime(model, worker, { from: start, to: NOW_S, intervalSec: step }, NOW_S), `${worker} ${interval}`).toEqual({
          upS,
          downS,
        });
        // The dead rig is down at every interval; the flapper's gaps show in 5-minute buckets only.
        if (worker === model.fleet.nameOf(deadRig) || interval === '5m') expect(downS).toBeGreaterThan(0);
      }
    }
    expect(workerUptime(model, 'no-such-rig', { from, to: NOW_S, intervalSec: 300 }, NOW_S)).toEqual({ upS: 0, downS: 0 });
  });
});

describe('the listing agrees with the series at the current time', () => {
  it('inside the site drop nothing is listed; at other times exactly the workers up are', async () => {
    const [dropStart] = model.fleet.outages.siteDrops[1]!;
    const { deadDays, deadRig } = model.fleet.outages;
    const times = [dropStart + 600, deadDays[0]![0] + 3600, NOW_S - 7 * DAY + 1234, NOW_S - 3 * DAY + 99];
    try {
      for (const t of times) {
        clock.t = t * 1000;
        const listed = (await client.mining.workerNames({ account: model.name, limit: 100 })).items;
        const up = Array.from({ length: model.fleet.size }, (_, i) => model.fleet.nameOf(i)).filter((n) =>
          workerUpAt(model, n, t),
        );
        expect(listed, new Date(t * 1000).toISOString()).toEqual(up);
        if (t === times[0]) expect(listed).toEqual([]);
        if (t === times[1]) expect(listed).not.toContain(model.fleet.nameOf(deadRig));
      }
    } finally {
      clock.t = T0;
    }
  });
});
