import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  type FetchPage,
  type LoadAllOptions,
  loadAllSubAccounts,
  REACH_ROWS,
} from '../../src/api/load-all.js';
import type { SubAccount } from '../../src/api/types.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { VirtualClock } from './virtual-time.js';
import { createRequestQueue, OPERATION_GAP_MS } from '../../src/api/request-queue.js';
import { subAccountModel } from '../../src/api/schemas.js';

interface Start {
  t: number;
  offset: number;
  search: string | undefined;
}

/**
 * A list API over `accounts` on virtual time: each answer takes `latency` ms; `fail` may refuse one.
 * It sends through the queue's pacing as the client does (client.ts).
 */
function fakeApi(
  accounts: readonly SubAccount[],
  clock: VirtualClock,
  opts: { latency?: number; fail?: (offset: number, attempt: number) => Error | undefined } = {},
) {
  const starts: Start[] = [];
  const attempts = new Map<number, number>();
  let inflight = 0;
  let maxInflight = 0;
  const queue = createRequestQueue({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const fetchPage: FetchPage<SubAccount> = (q, signal) =>
    queue.pace('/api/v4/sub-account/list', () => answer(q, signal), signal);
  const answer = async (q: Parameters<FetchPage<SubAccount>>[0], signal: AbortSignal) => {
    starts.push({ t: clock.t, offset: q.offset, search: q.search });
    inflight++;
    maxInflight = Math.max(maxInflight, inflight);
    try {
      await clock.sleep(opts.latency ?? 20, signal);
      const attempt = attempts.get(q.offset) ?? 0;
      attempts.set(q.offset, attempt + 1);
      const err = opts.fail?.(q.offset, attempt);
      if (err) throw err;
      const needle = (q.search ?? '').toLowerCase();
      const matching = accounts.filter((a) =>
        [a.alias, a.email, a.id, a.userId].some((f) => (f ?? '').toLowerCase().includes(needle)),
      );
      return { offset: q.offset, limit: q.limit, data: matching.slice(q.offset, q.offset + q.limit) };
    } finally {
      inflight--;
    }
  };
  return { fetchPage, queue, starts, attempts, maxInflight: () => maxInflight };
}

function load(
  clock: VirtualClock,
  api: ReturnType<typeof fakeApi>,
  extra: Partial<LoadAllOptions<SubAccount>> = {},
) {
  const { fetchPage, queue } = api;
  return clock.run(
    loadAllSubAccounts({ fetchPage, queue, now: clock.now, sleep: clock.sleep, random: () => 0.5, ...extra }),
  );
}

const ids = (rows: readonly SubAccount[]) => rows.map((r) => r.id);
const serverError = () => new PooltopError('http', 'server error (HTTP 500)', { status: 500 });

describe('loadAllSubAccounts', () => {
  it('reads a list that ends before the reach, in order, and says it is complete', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(1234, 3).map(subAccountModel);
    const api = fakeApi(accounts, clock);
    const pages: number[] = [];
    const out = await load(clock, api, { onRows: (rows) => pages.push(rows.length) });
    expect(out.end).toBe('end');
    expect(out.complete).toBe(true);
    expect(ids(out.rows)).toEqual(ids(accounts));
    expect(pages).toEqual([...Array(12).fill(100), 34]);
    // 13 pages, plus at most the 3 fetched ahead past the short one.
    expect(api.starts.length).toBeGreaterThanOrEqual(13);
    expect(api.starts.length).toBeLessThanOrEqual(16);
    expect(out.progress.rows).toBe(1234);
  });

  it('stops at the API reach with 101 requests and says the list may go on', async () => {
    for (const count of [REACH_ROWS, 12_000]) {
      const clock = new VirtualClock();
      const accounts = generateAccounts(count, 5).map(subAccountModel);
      const api = fakeApi(accounts, clock);
      const out = await load(clock, api);
      expect(out.end).toBe('reach');
      expect(out.complete).toBe(false);
      expect(ids(out.rows)).toEqual(ids(accounts.slice(0, REACH_ROWS)));
      expect(api.starts).toHaveLength(101);
      expect(Math.max(...api.starts.map((s) => s.offset))).toBe(10_000);
    }
  });

  it('keeps at most 4 requests in flight and, paced by the queue, starts them at least its gap apart', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(generateAccounts(REACH_ROWS, 1).map(subAccountModel), clock, { latency: 300 });
    await load(clock, api);
    expect(api.maxInflight()).toBe(4);
    const times = api.starts.map((s) => s.t);
    const most = 1000 / OPERATION_GAP_MS + 1;
    for (const t of times)
      expect(times.filter((x) => x >= t && x < t + 1000).length).toBeLessThanOrEqual(most);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(OPERATION_GAP_MS);
  });

  it('passes the search term with every page and reads the whole result of that term', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(5000, 2).map(subAccountModel);
    const api = fakeApi(accounts, clock);
    const out = await load(clock, api, { search: 'miner' });
    const expected = accounts.filter((a) =>
      [a.alias, a.email, a.id, a.userId].some((f) => (f ?? '').toLowerCase().includes('miner')),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(ids(out.rows)).toEqual(ids(expected));
    expect(out.complete).toBe(true);
    expect(new Set(api.starts.map((s) => s.search))).toEqual(new Set(['miner']));
  });

  it('retries a failed page and never skips it', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(2500, 4).map(subAccountModel);
    const api = fakeApi(accounts, clock, {
      fail: (offset, attempt) => (offset === 700 && attempt < 2 ? serverError() : undefined),
    });
    const retried: number[] = [];
    const out = await load(clock, api, { onRetry: (offset) => retried.push(offset) });
    expect(out.end).toBe('end');
    expect(ids(out.rows)).toEqual(ids(accounts));
    expect(retried).toEqual([700, 700]);
    expect(api.attempts.get(700)).toBe(3);
    expect(out.progress.retried).toBe(2);
  });

  it('pauses every start for the wait a 429 asks for', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(3000, 6).map(subAccountModel);
    let limitedAt = Number.NaN;
    const api = fakeApi(accounts, clock, {
      fail: (offset, attempt) => {
        if (offset !== 500 || attempt > 0) return undefined;
        limitedAt = clock.t;
        return new PooltopError('http', 'rate limited (HTTP 429)', {
          status: 429,
          retryAfterMs: 5000,
          reason: 'rate-limit',
        });
      },
    });
    const out = await load(clock, api);
    expect(ids(out.rows)).toEqual(ids(accounts));
    const during = api.starts.filter((s) => s.t > limitedAt && s.t < limitedAt + 5000);
    expect(during).toEqual([]);
    expect(api.starts.some((s) => s.t >= limitedAt + 5000)).toBe(true);
  });

  it('ends as failed with the rows before a page that keeps failing', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(3000, 7).map(subAccountModel);
    const api = fakeApi(accounts, clock, { fail: (offset) => (offset === 1500 ? serverError() : undefined) });
    const out = await load(clock, api);
    expect(out.end).toBe('failed');
    expect(out.complete).toBe(false);
    expect(out.failedOffset).toBe(1500);
    expect(out.error?.message).toContain('HTTP 500');
    expect(ids(out.rows)).toEqual(ids(accounts.slice(0, 1500)));
    expect(api.attempts.get(1500)).toBe(4);
  });

  it('fails at once on an error that retrying cannot fix', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(generateAccounts(800, 8).map(subAccountModel), clock, {
      fail: (offset) =>
        offset === 200 ? new PooltopError('auth', 'Unauthorized request.', { status: 401 }) : undefined,
    });
    const out = await load(clock, api);
    expect(out.end).toBe('failed');
    expect(out.rows).toHaveLength(200);
    expect(api.attempts.get(200)).toBe(1);
  });

  it('a failure past the end of the list does not matter', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(250, 9).map(subAccountModel);
    const api = fakeApi(accounts, clock, {
      latency: 50,
      fail: (offset) => (offset === 300 ? new PooltopError('schema', 'unexpected response') : undefined),
    });
    const out = await load(clock, api);
    expect(out.end).toBe('end');
    expect(ids(out.rows)).toEqual(ids(accounts));
  });

  it('cancelling keeps the rows that arrived, in order, and starts nothing more', async () => {
    const clock = new VirtualClock();
    const accounts = generateAccounts(REACH_ROWS, 10).map(subAccountModel);
    const api = fakeApi(accounts, clock, { latency: 100 });
    const controller = new AbortController();
    clock.at(1000, () => controller.abort());
    const out = await load(clock, api, { signal: controller.signal });
    expect(out.end).toBe('cancelled');
    expect(out.rows.length).toBeGreaterThan(0);
    expect(out.rows.length % 100).toBe(0);
    expect(ids(out.rows)).toEqual(ids(accounts.slice(0, out.rows.length)));
    expect(api.starts.every((s) => s.t <= 1000)).toBe(true);
  });

  it('reports progress: rows, requests, rate and an upper bound on the time left', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(generateAccounts(4000, 11).map(subAccountModel), clock);
    const seen: { rows: number; requests: number; left: number | undefined }[] = [];
    const out = await load(clock, api, {
      onProgress: (p) => seen.push({ rows: p.rows, requests: p.requests, left: p.maxLeftMs }),
    });
    expect(seen.length).toBeGreaterThan(40);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.rows).toBeGreaterThanOrEqual(seen[i - 1]!.rows);
      expect(seen[i]!.requests).toBeGreaterThanOrEqual(seen[i - 1]!.requests);
    }
    const mid = seen.find((s) => s.rows >= 2000);
    expect(mid?.left).toBeGreaterThan(0);
    // Pages asked for past the short one may be cancelled while they wait their turn, unsent.
    expect(out.progress.requests).toBeGreaterThanOrEqual(api.starts.length);
    expect(out.progress.requests).toBeLessThanOrEqual(api.starts.length + 3);
    expect(out.progress.rowsPerSecond).toBeGreaterThan(0);
    expect(out.progress.maxLeftMs).toBe(0);
  });
});
