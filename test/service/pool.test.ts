import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatedOverview as PoolOverview } from '../../src/service/pool-model.js';
import type { ServiceHandle } from '../../src/service/server.js';
import { type Clock, get, makeClock, POOL_PATH, start, T0 } from './helpers.js';

const open: ServiceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function startPool(options: Parameters<typeof start>[0] = {}, clock?: Clock) {
  const started = await start({ accounts: 0, ...options }, clock);
  open.push(started.svc);
  return started;
}

async function overview(svc: ServiceHandle): Promise<PoolOverview> {
  const r = await get(svc, POOL_PATH);
  expect(r.status).toBe(200);
  return (r.json as { data: PoolOverview }).data;
}

const DECIMAL = /^\d+\.\d+$/;

describe('mining pool overview', () => {
  it('has the documented shape, in H/s around 1e17', async () => {
    const { svc, clock } = await startPool();
    const r = await get(svc, POOL_PATH);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const data = (r.json as { data: PoolOverview }).data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'assets',
        'blocks',
        'connection_links',
        'current_hash_rate',
        'last7days_hash_rate',
        'location',
        'reward_schemes',
        'workers',
      ].sort(),
    );
    expect(data.connection_links.length).toBeGreaterThan(0);
    for (const link of data.connection_links) expect(link).toMatch(/^stratum\+tcp:\/\/[a-z0-9.-]+:\d+$/);
    expect(data.location).toBe('global');
    expect(data.assets).toEqual(['BTC']);
    expect(data.reward_schemes).toEqual(['FPPS']);
    expect(Number.isInteger(data.workers)).toBe(true);
    expect(data.workers).toBeGreaterThan(0);

    expect(data.current_hash_rate).toMatch(DECIMAL);
    const rate = Number(data.current_hash_rate);
    expect(rate).toBeGreaterThan(5e16);
    expect(rate).toBeLessThan(5e17);

    const nowSec = Math.floor(clock.t / 1000);
    const history = data.last7days_hash_rate;
    expect(history.length).toBeGreaterThanOrEqual(168);
    for (const p of history) {
      expect(Number.isInteger(p.timestamp)).toBe(true);
      expect(p.hashrate).toMatch(DECIMAL);
    }
    for (let i = 1; i < history.length; i++) {
      const step = history[i]!.timestamp - history[i - 1]!.timestamp;
      expect(step).toBeGreaterThan(0);
      expect(step).toBeLessThanOrEqual(3600);
    }
    const first = history[0]!.timestamp;
    const last = history[history.length - 1]!.timestamp;
    expect(last - first).toBeGreaterThanOrEqual(7 * 86400);
    expect(last).toBeLessThanOrEqual(nowSec);
    expect(nowSec - last).toBeLessThan(3600);

    expect(data.blocks.length).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < data.blocks.length; i++) {
      const b = data.blocks[i]!;
      expect(Number.isInteger(b.block_found_at)).toBe(true);
      expect(Number.isInteger(b.block_height)).toBe(true);
      expect(b.block_found_at).toBeLessThanOrEqual(nowSec);
      if (i > 0) {
        expect(b.block_height).toBe(data.blocks[i - 1]!.block_height - 1);
        expect(b.block_found_at).toBeLessThanOrEqual(data.blocks[i - 1]!.block_found_at);
      }
    }
  });

  it('is deterministic for a seed and a clock, and differs between seeds', async () => {
    const a = await startPool({ seed: 7 }, makeClock(T0));
    const b = await startPool({ seed: 7 }, makeClock(T0));
    const c = await startPool({ seed: 8 }, makeClock(T0));
    const [ra, rb, rc] = await Promise.all([
      get(a.svc, POOL_PATH),
      get(b.svc, POOL_PATH),
      get(c.svc, POOL_PATH),
    ]);
    expect(ra.text).toBe(rb.text);
    expect(ra.text).not.toBe(rc.text);
  });

  it('changes at most once a second (shared time-based cache) but does move', async () => {
    const { svc, clock } = await startPool({}, makeClock(Date.UTC(2025, 0, 1, 0, 0, 0, 0)));
    const first = await get(svc, POOL_PATH);
    clock.advance(999);
    expect((await get(svc, POOL_PATH)).text).toBe(first.text);
    const rates = new Set<string>();
    const workers = new Set<number>();
    for (let i = 0; i < 60; i++) {
      clock.advance(60_000);
      const o = await overview(svc);
      rates.add(o.current_hash_rate);
      workers.add(o.workers);
    }
    expect(rates.size).toBeGreaterThan(50);
    expect(workers.size).toBeGreaterThan(5);
  });

  it('finds new blocks as the clock advances, one height at a time', async () => {
    const { svc, clock } = await startPool({ blockInterval: 45 });
    const before = await overview(svc);
    const top = before.blocks[0]!;
    let seen: number | undefined;
    for (let s = 0; s < 120 && seen === undefined; s++) {
      clock.advance(1000);
      const o = await overview(svc);
      if (o.blocks[0]!.block_height !== top.block_height) {
        seen = o.blocks[0]!.block_height;
        expect(seen).toBe(top.block_height + 1);
        expect(o.blocks[0]!.block_found_at).toBeGreaterThanOrEqual(top.block_found_at);
        expect(o.blocks[0]!.block_found_at).toBeLessThanOrEqual(Math.floor(clock.t / 1000));
        expect(o.blocks[1]).toEqual(top);
      }
    }
    expect(seen).toBeDefined();
  });

  it('averages one block per blockInterval over time', async () => {
    const { svc, clock } = await startPool({ blockInterval: 30 });
    const h0 = (await overview(svc)).blocks[0]!.block_height;
    clock.advance(6 * 3600 * 1000);
    const h1 = (await overview(svc)).blocks[0]!.block_height;
    const expected = (6 * 3600) / 30;
    expect(h1 - h0).toBeGreaterThan(expected - 3);
    expect(h1 - h0).toBeLessThan(expected + 3);
  });

  it('moves the history window with the clock', async () => {
    const { svc, clock } = await startPool();
    const a = (await overview(svc)).last7days_hash_rate;
    clock.advance(2 * 3600 * 1000);
    const b = (await overview(svc)).last7days_hash_rate;
    expect(b[b.length - 1]!.timestamp - a[a.length - 1]!.timestamp).toBe(7200);
    // Points that are in both windows are unchanged.
    expect(b[0]).toEqual(a[2]);
  });

  it('answers HEAD, refuses other methods with the public error shape', async () => {
    const { svc } = await startPool();
    const head = await fetch(svc.baseUrl + POOL_PATH, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await get(svc, POOL_PATH, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.json).toEqual({ success: false, message: 'Method not allowed.', params: [] });
  });
});
