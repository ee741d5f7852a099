import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { failure } from '../support/failures.js';

// The typed mining client against the embedded service over real loopback HTTP, on one clock.
const T0 = Date.UTC(2025, 5, 1, 12, 34, 56, 789);
const clock = { t: T0 };
const nowSec = () => Math.floor(clock.t / 1000);

let service: ServiceHandle;
let client: ApiClient;
let account: string;
const open: { close(): Promise<void> }[] = [];

/** A service (its clock `skewMs` behind the client's) and a client on it, closed after all tests. */
async function connect(skewMs = 0, workers = 40): Promise<{ service: ServiceHandle; client: ApiClient }> {
  const svc = await startService({ port: 0, seed: 11, workers, now: () => clock.t - skewMs });
  const c = createClient({
    baseUrl: svc.baseUrl,
    apiKey: svc.credentials.apiKey,
    apiSecret: svc.credentials.apiSecret,
    retries: 0,
    now: () => clock.t,
  });
  open.push(c, svc);
  return { service: svc, client: c };
}

beforeAll(async () => {
  ({ service, client } = await connect(0, 250));
  account = service.miningAccounts[0]!;
});
afterAll(async () => {
  for (const item of open) await item.close();
});

describe('the eight read operations', () => {
  it('accounts: newest first, the names serve reports, an exact-name filter', async () => {
    const page = await client.mining.accounts();
    expect(page.items.map((a) => a.name)).toEqual(service.miningAccounts);
    expect(page.items).toHaveLength(3);
    const created = page.items.map((a) => a.createdAt!);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(created.every((t) => t < nowSec())).toBe(true);
    expect((await client.mining.accounts({ name: account })).items.map((a) => a.name)).toEqual([account]);
    expect((await client.mining.accounts({ name: account.slice(0, 3) })).items).toEqual([]);
  });

  it('miners/info: fee, worker counts that add up, stratum counts of the connected workers', async () => {
    const info = await client.mining.minerInfo({ account });
    const { online, low, offline } = info.workers;
    expect(online! + low! + offline!).toBe(250);
    expect(online!).toBeGreaterThan(low! + offline!);
    expect(info.fee).toBeGreaterThan(0);
    const stratum = info.stratum.reduce((sum, s) => sum + s.workersCount!, 0);
    expect(stratum).toBe(online! + low!);
    for (const s of info.stratum) expect(s.url).toMatch(/^stratum\+tcp:\/\//);
  });

  it('hashrate: complete buckets at each interval, in H/s, with reject ratios', async () => {
    for (const [interval, step, points] of [
      ['5m', 300, 288],
      ['1h', 3600, 168],
      ['24h', 86_400, 30],
    ] as const) {
      const series = await client.mining.hashrate({ account, interval });
      expect(series.account).toBe(account);
      expect(series.hashrate, interval).toHaveLength(points);
      const times = series.hashrate.map((p) => p.timestamp);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(step);
      expect(times.at(-1)! + step).toBeLessThanOrEqual(nowSec());
      for (const p of series.hashrate) {
        // 250 workers of 14–210 TH/s: tens of PH/s.
        expect(p.hashrate!).toBeGreaterThan(5e15);
        expect(p.hashrate!).toBeLessThan(6e16);
        expect(p.rejectRate!).toBeGreaterThan(0);
        expect(p.rejectRate!).toBeLessThan(0.1);
      }
    }
    const from = nowSec() - 3 * 3600;
    const to = nowSec() - 3600;
    const window = await client.mining.hashrate({ account, interval: '1h', from, to });
    expect(window.hashrate.every((p) => p.timestamp >= from && p.timestamp <= to)).toBe(true);
    expect(window.hashrate).toHaveLength(2);
  });

  it('workers/names: connected workers, ascending, paged (100 by default)', async () => {
    const info = await client.mining.minerInfo({ account });
    const first = await client.mining.workerNames({ account });
    expect(first.limit).toBe(100);
    expect(first.items).toHaveLength(100);
    const all = [...first.items];
    for (let offset = 100; ; offset += 100) {
      const page = await client.mining.workerNames({ account, offset });
      expect(page.offset).toBe(offset);
      all.push(...page.items);
      if (page.items.length < 100) break;
    }
    expect(all).toHaveLength(info.workers.online! + info.workers.low!);
    expect([...all].sort()).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });

  it('workers/hashrate: TH/s on the wire, H/s here, named timestamp', async () => {
    const [worker] = (await client.mining.workerNames({ account, limit: 1 })).items;
    const series = await client.mining.workerHashrate({ account, worker: worker!, interval: '1h' });
    expect(series.worker).toBe(worker);
    expect(series.hashrate).toHaveLength(168);
    expect(Object.keys(series.hashrate[0]!).sort()).toEqual(['hashrate', 'timestamp']);
    const max = Math.max(...series.hashrate.map((p) => p.hashrate!));
    expect(max).toBeGreaterThan(1e13);
    expect(max).toBeLessThan(2.5e14);
    const unknown = await client.mining.workerHashrate({ account, worker: 'no_such_worker' });
    expect(unknown.hashrate).toEqual([]);
  });

  it('rewards: daily, newest first, paged, filtered by date; an unknown account is an empty page', async () => {
    const page = await client.mining.rewards({ account, limit: 10 });
    expect(page).toMatchObject({ limit: 10, offset: 0 });
    expect(page.items).toHaveLength(10);
    const dates = page.items.map((r) => r.date!);
    for (let i = 1; i < dates.length; i++) expect(dates[i - 1]! - dates[i]!).toBe(86_400);
    for (const r of page.items) {
      expect(r.miningAccountName).toBe(account);
      expect(['pending', 'successful', 'canceled']).toContain(r.status);
      expect(r.rewardCurrency).toBe('BTC');
      expect(r.hashRate!).toBeGreaterThan(1e15);
    }
    const next = await client.mining.rewards({ account, limit: 10, offset: 10 });
    expect(next.items[0]!.date).toBe(dates.at(-1)! - 86_400);
    const to = dates[2]!;
    const from = dates[4]!;
    const window = await client.mining.rewards({ account, from, to });
    expect(window.items.map((r) => r.date)).toEqual([dates[2], dates[3], dates[4]]);
    const everyone = await client.mining.rewards({ limit: 6 });
    expect(new Set(everyone.items.map((r) => r.miningAccountName)).size).toBeGreaterThan(1);
    expect((await client.mining.rewards({ account: 'nobody_here' })).items).toEqual([]);
  });

  it('payout-destination: its unwrapped answer, for every account', async () => {
    for (const name of service.miningAccounts) {
      const payout = await client.mining.payoutDestination({ account: name });
      expect(['main_balance', 'external_address']).toContain(payout.payoutDestination);
      if (payout.payoutDestination === 'main_balance') expect(payout.externalAddress).toBeNull();
      else expect(payout.externalAddress).toMatch(/^bc1q[a-z0-9]{38}$/);
    }
  });

  it('watcher-links/list: at most three active links that include the account', async () => {
    for (const name of service.miningAccounts) {
      const links = await client.mining.watcherLinks({ account: name });
      expect(links.length).toBeLessThanOrEqual(3);
      for (const link of links) {
        expect(link.accounts).toContain(name);
        expect(link.link).toContain(link.id);
        expect(link.liveUntil === null || link.liveUntil > nowSec()).toBe(true);
      }
    }
    // The two newest accounts share a link.
    const [a, b] = service.miningAccounts;
    const shared = (await client.mining.watcherLinks({ account: a! })).filter((l) => l.accounts.includes(b!));
    expect(shared).toHaveLength(1);
  });
});

describe('documented errors, classified', () => {
  it('an unknown account: 400 Validation failed with the error each path documents', async () => {
    const cases: [Promise<unknown>, string, string][] = [
      [client.mining.minerInfo({ account: 'ghost' }), 'user', "Mining pool account 'ghost' not found"],
      [client.mining.workerNames({ account: 'ghost' }), 'user', "Mining pool account 'ghost' not found"],
      [
        client.mining.workerHashrate({ account: 'ghost', worker: 'w' }),
        'user',
        "Mining pool account 'ghost' not found",
      ],
      [client.mining.watcherLinks({ account: 'ghost' }), 'user', "Mining pool account 'ghost' not found"],
      [client.mining.hashrate({ account: 'ghost' }), 'account', 'Account not found'],
      [client.mining.payoutDestination({ account: 'ghost' }), 'user', 'Mining account not found.'],
    ];
    for (const [call, field, message] of cases) {
      const e = await failure(call);
      expect(e.kind).toBe('validation');
      expect(e.status).toBe(400);
      expect(e.fields?.[field]).toEqual([message]);
      expect(e.message).toContain(message);
      expect(e.retryable).toBe(false);
    }
  });

  it('a timestamp the server finds in its future: 422 Incorrect timestamp', async () => {
    // The server's clock is 3 s behind the client's (nonces stay inside the ±5 s window).
    const { service: skewed, client: c } = await connect(3000);
    const name = skewed.miningAccounts[0]!;
    for (const call of [
      c.mining.hashrate({ account: name, to: nowSec() }),
      c.mining.workerHashrate({ account: name, worker: 'w', from: nowSec() }),
      c.mining.rewards({ account: name, to: nowSec() }),
    ]) {
      const e = await failure(call);
      expect(e.kind).toBe('validation');
      expect(e.status).toBe(422);
      expect(e.message).toBe('Incorrect timestamp');
    }
  });
});

describe('bounds are checked before anything is sent', () => {
  it('refuses every bad query with one line and no request', async () => {
    const { service: fresh, client: c } = await connect();
    const long = 'x'.repeat(256);
    const cases: [Promise<unknown>, RegExp][] = [
      [c.mining.workerNames({ account: 'a', limit: 0 }), /limit must be an integer from 1 to 100/],
      [c.mining.workerNames({ account: 'a', limit: 101 }), /limit must be an integer from 1 to 100/],
      [c.mining.rewards({ offset: 10_001 }), /offset must be an integer from 0 to 10000/],
      [c.mining.rewards({ limit: 2.5 }), /limit must be an integer/],
      [c.mining.hashrate({ account: 'a', interval: '2h' as '1h' }), /interval must be 5m, 1h or 24h/],
      [c.mining.hashrate({ account: 'a', from: nowSec() + 60 }), /from is in the future/],
      [c.mining.rewards({ to: nowSec() + 1 }), /to is in the future/],
      [c.mining.hashrate({ account: 'a', from: 200, to: 100 }), /from must not be later than to/],
      [c.mining.hashrate({ account: 'a', from: -1 }), /from must be a whole number/],
      [c.mining.minerInfo({ account: long }), /account must be at most 255 characters/],
      [c.mining.minerInfo({ account: '' }), /account is required/],
      [c.mining.accounts({ name: long }), /name must be at most 255 characters/],
      [c.mining.workerHashrate({ account: 'a', worker: long }), /worker must be at most 255 characters/],
      [c.mining.workerHashrate({ account: 'a', worker: '' }), /worker is required/],
      [c.mining.payoutDestination({ account: long }), /account must be at most 255 characters/],
      [c.mining.watcherLinks({ account: '' }), /account is required/],
    ];
    for (const [call, pattern] of cases) {
      const e = await failure(call);
      expect(e.kind).toBe('validation');
      expect(e.status).toBeUndefined();
      expect(e.message).toMatch(pattern);
      expect(e.message).not.toMatch(/\n/);
    }
    expect(fresh.stats().requests).toBe(0);
  });

  it('asks for the API key and secret without sending anything', async () => {
    const c = createClient({ baseUrl: service.baseUrl, retries: 0 });
    const before = service.stats().requests;
    const e = await failure(c.mining.minerInfo({ account }));
    expect(e.kind).toBe('config');
    expect(e.message).toMatch(/API key and secret are required for mining/);
    expect(service.stats().requests).toBe(before);
    await c.close();
  });
});
