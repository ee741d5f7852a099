/**
 * loadBalances on virtual time, through a request queue whose pacing the fake sends by as the
 * client does: at most 4 requests in flight, starts spaced under 50 a second, a 429 pausing every
 * start, results handed on in list order, a failed account retried and then
 * kept as its error while the others go on, an account without an id never asked for, and a
 * cancel keeping what arrived.
 */
import { describe, expect, it } from 'vitest';
import type { CurrencyBalance } from '../../src/api/balance-types.js';
import { type LoadBalancesOptions, loadBalances } from '../../src/api/load-balances.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { VirtualClock } from './virtual-time.js';

const row = (id: string): CurrencyBalance[] => [
  { ticker: 'BTC', main: id.length.toString(), spot: null, collateral: '0', total: id.length.toString() },
];

function fakeApi(clock: VirtualClock, fail?: (id: string, attempt: number) => Error | undefined) {
  const starts: { t: number; id: string }[] = [];
  const attempts = new Map<string, number>();
  let inflight = 0;
  let maxInflight = 0;
  const queue = createRequestQueue({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const fetch = (id: string, signal: AbortSignal) =>
    queue.pace('/api/v4/sub-account/balances', () => answer(id, signal), signal);
  const answer = async (id: string, signal: AbortSignal) => {
    starts.push({ t: clock.t, id });
    inflight++;
    maxInflight = Math.max(maxInflight, inflight);
    try {
      // Later accounts answer sooner, so arrival order differs from list order.
      await clock.sleep(200 - (Number(id.slice(1)) % 7) * 25, signal);
      const attempt = attempts.get(id) ?? 0;
      attempts.set(id, attempt + 1);
      const err = fail?.(id, attempt);
      if (err) throw err;
      return row(id);
    } finally {
      inflight--;
    }
  };
  return { fetch, queue, starts, attempts, maxInflight: () => maxInflight };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);
const run = (
  clock: VirtualClock,
  extra: Partial<LoadBalancesOptions> & Pick<LoadBalancesOptions, 'ids' | 'fetch' | 'queue'>,
) => clock.run(loadBalances({ now: clock.now, sleep: clock.sleep, random: () => 0.5, ...extra }));

describe('loadBalances', () => {
  it('paces starts under 50 a second with at most 4 in flight, and hands results on in list order', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(clock);
    const order: number[] = [];
    const out = await run(clock, {
      ids: ids(200),
      fetch: api.fetch,
      queue: api.queue,
      onResult: (i) => order.push(i),
    });
    expect(order).toEqual([...Array(200).keys()]);
    expect(out.results.every((r) => r.ok)).toBe(true);
    expect(out.results[17]).toEqual({ ok: true, balances: row('a17') });
    expect(api.maxInflight()).toBeLessThanOrEqual(4);
    expect(api.starts).toHaveLength(200);
    for (let i = 50; i < api.starts.length; i++) {
      // Any 50 consecutive starts span at least a second.
      expect((api.starts[i]?.t ?? 0) - (api.starts[i - 50]?.t ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    expect(out.progress).toMatchObject({ done: 200, total: 200, failed: 0, requests: 200, retried: 0 });
  });

  it('retries a failed account, keeps one that still fails as its error, and goes on with the rest', async () => {
    const clock = new VirtualClock();
    const flaky = new PooltopError('http', 'server error (HTTP 500)', { status: 500 });
    const api = fakeApi(clock, (id, attempt) => {
      if (id === 'a3' && attempt < 2) return flaky;
      if (id === 'a5') return flaky;
      if (id === 'a7') return new PooltopError('validation', 'Validation failed: id', { status: 422 });
      return undefined;
    });
    const retried: number[] = [];
    const out = await run(clock, {
      ids: ids(10),
      fetch: api.fetch,
      queue: api.queue,
      onRetry: (i) => retried.push(i),
    });
    expect(out.results).toHaveLength(10);
    expect(out.results[3]?.ok).toBe(true);
    expect(out.results[5]).toMatchObject({ ok: false, error: { status: 500 } });
    // Validation is never retried.
    expect(out.results[7]).toMatchObject({ ok: false, error: { status: 422 } });
    expect(api.attempts.get('a3')).toBe(3);
    expect(api.attempts.get('a5')).toBe(4);
    expect(api.attempts.get('a7')).toBe(1);
    expect(retried.filter((i) => i === 5)).toHaveLength(3);
    expect(out.progress.failed).toBe(2);
  });

  it('a 429 pauses every start for the wait it asked for', async () => {
    const clock = new VirtualClock();
    let limited = false;
    const api = fakeApi(clock, (id) => {
      if (id === 'a2' && !limited) {
        limited = true;
        return new PooltopError('http', 'rate limited (HTTP 429)', { status: 429, retryAfterMs: 5000 });
      }
      return undefined;
    });
    const out = await run(clock, { ids: ids(12), fetch: api.fetch, queue: api.queue });
    expect(out.results.every((r) => r.ok)).toBe(true);
    const refusedAt = api.starts.find((s) => s.id === 'a2')?.t ?? 0;
    const answeredAt = refusedAt + 200 - 2 * 25;
    const after = api.starts.filter((s) => s.t > answeredAt);
    expect(after.length).toBeGreaterThan(0);
    for (const s of after) expect(s.t).toBeGreaterThanOrEqual(answeredAt + 5000);
  });

  it('begins no retry wait that would end past the deadline: the account keeps its 429', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(clock, (id) =>
      id === 'a1'
        ? new PooltopError('http', 'rate limited (HTTP 429)', { status: 429, retryAfterMs: 999_000 })
        : undefined,
    );
    const out = await run(clock, { ids: ids(3), fetch: api.fetch, queue: api.queue, deadline: 30_000 });
    expect(out.results[1]).toMatchObject({ ok: false, error: { status: 429 } });
    expect(api.attempts.get('a1')).toBe(1);
    expect(out.results[0]?.ok && out.results[2]?.ok).toBe(true);
    expect(clock.t).toBeLessThan(30_000);
  });

  it('never asks for an account without an id; a cancel keeps what arrived in order', async () => {
    const clock = new VirtualClock();
    const api = fakeApi(clock);
    const out = await run(clock, { ids: ['a0', null, 'a2', undefined], fetch: api.fetch, queue: api.queue });
    expect(api.starts.map((s) => s.id)).toEqual(['a0', 'a2']);
    expect(out.results.map((r) => r.ok)).toEqual([true, false, true, false]);

    const cancel = new AbortController();
    clock.at(clock.t + 1000, () => cancel.abort());
    const other = fakeApi(clock);
    const cut = await run(clock, {
      ids: ids(100),
      fetch: other.fetch,
      queue: other.queue,
      signal: cancel.signal,
    });
    expect(cut.cancelled).toBe(true);
    expect(cut.results.length).toBeGreaterThan(0);
    expect(cut.results.length).toBeLessThan(100);
    expect(cut.results.every((r) => r.ok)).toBe(true);
  });
});
