import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../src/service/server.js';
import { get, POOL_PATH, postSignedText, refreshWith, Signer, start } from './helpers.js';

const open: ServiceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/**
 * A service at fail rate 0.5 whose draws come from `queue`: a first draw of 0 means "fault",
 * the second picks the kind (0 maintenance, 0.3 rate limit, 0.6 internal, 0.9 reset), a third
 * (rate limit only) below 0.5 adds Retry-After. An empty queue draws 0.99: no fault.
 */
async function startScripted() {
  const queue: number[] = [];
  const started = await start({ accounts: 10, failRate: 0.5, random: () => queue.shift() ?? 0.99 });
  open.push(started.svc);
  return { ...started, queue };
}

describe('fault injection', () => {
  it('maintenance: 503 with a non-JSON HTML page', async () => {
    const { svc, queue } = await startScripted();
    queue.push(0, 0);
    const r = await get(svc, POOL_PATH);
    expect(r.status).toBe(503);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.json).toBeUndefined();
    expect(r.text).toMatch(/<html/i);
  });

  it('rate limit: 429 non-JSON text, with or without Retry-After: 1', async () => {
    const { svc, queue } = await startScripted();
    queue.push(0, 0.3, 0.1);
    const withHeader = await get(svc, POOL_PATH);
    expect(withHeader.status).toBe(429);
    expect(withHeader.json).toBeUndefined();
    expect(withHeader.text).toBe('Too many requests');
    expect(withHeader.headers.get('retry-after')).toBe('1');
    queue.push(0, 0.3, 0.9);
    const without = await get(svc, POOL_PATH);
    expect(without.status).toBe(429);
    expect(without.headers.get('retry-after')).toBeNull();
  });

  it('internal error: 500 {"error":["Internal server error."]}', async () => {
    const { svc, queue } = await startScripted();
    queue.push(0, 0.6);
    const r = await get(svc, POOL_PATH);
    expect(r.status).toBe(500);
    expect(r.json).toEqual({ error: ['Internal server error.'] });
  });

  it('reset: the connection is destroyed without a response', async () => {
    const { svc, queue } = await startScripted();
    queue.push(0, 0.9);
    await expect(fetch(svc.baseUrl + POOL_PATH)).rejects.toThrow();
    // The service carries on.
    expect((await get(svc, POOL_PATH)).status).toBe(200);
    expect(svc.stats().faults).toBe(1);
  });

  it('faults on the signed endpoint do not use up the nonce', async () => {
    const { svc, queue } = await startScripted();
    const signer = new Signer(svc);
    const body = signer.body();
    queue.push(0, 0.6);
    expect((await postSignedText(svc, body)).status).toBe(500);
    expect((await postSignedText(svc, body)).status).toBe(200);
  });

  it('never consumes a refresh token, whatever the fault', async () => {
    const { svc, clock, queue } = await startScripted();
    const token = svc.credentials.refreshToken;
    for (const kind of [0, 0.3, 0.6]) {
      queue.push(0, kind);
      if (kind === 0.3) queue.push(0);
      expect((await refreshWith(svc, token)).status).toBeGreaterThanOrEqual(429);
    }
    queue.push(0, 0.9);
    await expect(refreshWith(svc, token)).rejects.toThrow();
    expect(svc.stats().refreshesAccepted).toBe(0);
    svc.setFailRate(0);
    clock.advance(1000);
    expect((await refreshWith(svc, token)).status).toBe(200);
    expect(svc.stats().refreshesAccepted).toBe(1);
  });

  it('setFailRate toggles faults at run time and validates the rate', async () => {
    const started = await start({ accounts: 0, failRate: 0 });
    open.push(started.svc);
    const { svc } = started;
    for (let i = 0; i < 20; i++) expect((await get(svc, POOL_PATH)).status).toBe(200);
    svc.setFailRate(1);
    let failed = 0;
    for (let i = 0; i < 20; i++) {
      const status = await get(svc, POOL_PATH).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) failed++;
    }
    expect(failed).toBe(20);
    expect(svc.stats().faults).toBe(20);
    expect(() => svc.setFailRate(1.5)).toThrow(RangeError);
    expect(() => svc.setFailRate(Number.NaN)).toThrow(RangeError);
  });

  it('a partial fail rate faults about that share of requests (seeded, so exact per seed)', async () => {
    const started = await start({ accounts: 0, failRate: 0.3, seed: 3 });
    open.push(started.svc);
    const { svc } = started;
    for (let i = 0; i < 200; i++) await get(svc, POOL_PATH).catch(() => undefined);
    const { faults } = svc.stats();
    expect(faults).toBeGreaterThan(35);
    expect(faults).toBeLessThan(85);
  });

  it('latency delays responses; close() does not wait for a delayed one', async () => {
    const slow = await start({ accounts: 0, latency: 600_000 });
    const pending = fetch(slow.svc.baseUrl + POOL_PATH);
    // Wait until the server has the request, then close.
    for (let i = 0; i < 1000 && slow.svc.stats().requests === 0; i++)
      await new Promise((r) => setImmediate(r));
    expect(slow.svc.stats().requests).toBe(1);
    await slow.svc.close();
    await expect(pending).rejects.toThrow();
  });
});
