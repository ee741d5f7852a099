/**
 * listRewards against the embedded service over real HTTP, on a frozen service clock: a window
 * within the API's reach, one past it (30 accounts of a year: over 10,100 rows, read in windows
 * of `to`), through a request queue, and a page that fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { listRewards } from '../../src/api/rewards-listing.js';
import type { ApiClient } from '../../src/api/types.js';
import { createMiningModel } from '../../src/service/mining-model.js';
import { rewardsPage } from '../../src/service/mining-rewards.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { startPageFaultProxy } from '../e2e/page-fault-proxy.js';
import { MINING_PATHS } from '../../src/api/mining-types.js';

const T = Date.UTC(2026, 2, 10, 9, 30);
const SEED = 4;
const ACCOUNTS = 30;
const WORKERS = 8;
const nowSec = Math.floor(T / 1000);
const yearAgo = nowSec - 365 * 86_400;

let service: ServiceHandle;
let client: ApiClient;

beforeAll(async () => {
  service = await startService({
    port: 0,
    seed: SEED,
    miningAccounts: ACCOUNTS,
    workers: WORKERS,
    now: () => T,
    nonceNow: Date.now,
  });
  client = clientOf(service.baseUrl);
});
afterAll(async () => {
  await client.close();
  await service.close();
});

function clientOf(baseUrl: string): ApiClient {
  const { apiKey, apiSecret } = service.credentials;
  return createClient({ baseUrl, apiKey, apiSecret, retries: 0 });
}

/** The service's own rows for the window, straight from its model (no paging, no HTTP). */
function expected(window: { from?: number; to?: number }, account?: string) {
  const model = createMiningModel({ seed: SEED, accounts: ACCOUNTS, workers: WORKERS, startMs: T });
  const accounts = account === undefined ? model.accounts : model.accounts.filter((a) => a.name === account);
  return rewardsPage(accounts, { ...window, limit: 1_000_000, offset: 0 }, nowSec);
}

const keyOf = (r: { miningAccountName: string | null; date: number | null; totalReward: string | null }) =>
  `${r.date} ${r.miningAccountName} ${r.totalReward}`;

describe('listRewards', () => {
  it('one account, a year: every row, newest first, in pages of 100', async () => {
    const account = service.miningAccounts[2]!;
    const rows = await listRewards(client, { account, from: yearAgo, to: nowSec });
    const want = expected({ from: yearAgo, to: nowSec }, account);
    expect(want.length).toBeGreaterThan(360);
    expect(rows.map(keyOf)).toEqual(want.map(keyOf));
  });

  it('every account past offset 10,000: read in windows, no row lost or doubled', async () => {
    const queue = createRequestQueue();
    const pages: number[] = [];
    const rows = await listRewards(
      client,
      { from: yearAgo, to: nowSec },
      { queue, onPage: (n) => pages.push(n) },
    );
    const want = expected({ from: yearAgo, to: nowSec });
    expect(want.length).toBeGreaterThan(10_100);
    expect(rows.length).toBe(want.length);
    expect(rows.map(keyOf)).toEqual(want.map(keyOf));
    // Through the queue, in waves.
    expect(queue.stats().started).toBeGreaterThan(101);
    expect(queue.stats().maxInFlight).toBeGreaterThan(1);
    expect(pages.at(-1)).toBe(want.length);
    queue.close();
  });

  it('a page that fails fails the listing', async () => {
    const proxy = await startPageFaultProxy(service.baseUrl, 300, MINING_PATHS.rewards);
    const through = clientOf(proxy.baseUrl);
    try {
      await expect(listRewards(through, { from: yearAgo, to: nowSec })).rejects.toMatchObject({
        status: 500,
      });
      expect(proxy.refused()).toBe(1);
    } finally {
      await through.close();
      await proxy.close();
    }
  });
});

describe('listRewards against a server that pages badly', () => {
  const ROW = { miningAccountName: 'a', totalReward: '0.001', hashRate: 1e15, status: 'successful' };
  /** A client whose rewards answer the same full page whatever the offset and window. */
  const stubborn = (date: (offset: number) => number): Pick<ApiClient, 'mining'> => ({
    mining: {
      rewards: async (q: { offset?: number } = {}) => ({
        items: Array.from({ length: 100 }, () => ({ ...ROW, date: date(q.offset ?? 0) })),
        limit: 100,
        offset: q.offset ?? 0,
      }),
    } as unknown as ApiClient['mining'],
  });

  it('fails in words instead of reading the same window for ever', async () => {
    // Every row on one day: the reach is used up and `to` cannot move back.
    await expect(
      listRewards(
        stubborn(() => 86_400 * 20_000),
        {},
      ),
    ).rejects.toThrow(/rewards past the API's reach \(offset 10000\).*more than 10100 on one day/);
    // Older days as the offset grows, but the same again once the window moves: no progress.
    await expect(
      listRewards(
        stubborn((o) => 86_400 * (20_000 - o / 100)),
        {},
      ),
    ).rejects.toThrow(/or a server that ignores 'to'/);
  });
});
