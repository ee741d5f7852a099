import { afterEach, describe, expect, it } from 'vitest';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { get, LIST_PATH, POOL_PATH, postSignedText, Signer, start } from './helpers.js';

const open: ServiceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function startServer(options: Parameters<typeof start>[0] = {}) {
  const started = await start({ accounts: 20, ...options });
  open.push(started.svc);
  return started;
}

describe('service basics', () => {
  it('binds 127.0.0.1 on an ephemeral port by default and generates credentials', async () => {
    const { svc } = await startServer();
    expect(svc.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const c = svc.credentials;
    for (const v of [c.apiKey, c.apiSecret, c.clientId, c.clientSecret, c.refreshToken]) {
      expect(v.length).toBeGreaterThanOrEqual(16);
    }
    const other = await startServer();
    expect(other.svc.credentials.apiSecret).not.toBe(c.apiSecret);
  });

  it('unknown routes get 404 with an empty body', async () => {
    const { svc } = await startServer();
    for (const [path, method] of [
      ['/', 'GET'],
      ['/api/v4/public/ticker', 'GET'],
      [`${POOL_PATH}/`, 'GET'],
      ['/api/v4/sub-account/list2', 'POST'],
    ] as const) {
      const r = await get(svc, path, { method, body: method === 'POST' ? '{}' : undefined });
      expect(r.status).toBe(404);
      expect(r.text).toBe('');
    }
    expect((await get(svc, `${POOL_PATH}?cache=bust`)).status).toBe(200);
  });

  it('caps request bodies at 64 KiB with 413 (before any other check)', async () => {
    const { svc } = await startServer();
    // The signature covers a small body; the body sent is big. The cap answers first.
    const small = JSON.stringify({ request: LIST_PATH, nonce: 1 });
    const big = JSON.stringify({ request: LIST_PATH, nonce: 1, search: 'x'.repeat(70 * 1024) });
    const r = await postSignedText(svc, small, { sendBody: big });
    expect(r.status).toBe(413);
    expect(r.json).toBeUndefined();
    // Just under the cap the body is read and judged on its merits (here: not the signed one).
    const fits = JSON.stringify({ request: LIST_PATH, nonce: 1, search: 'x'.repeat(60 * 1024) });
    const judged = await postSignedText(svc, small, { sendBody: fits });
    expect(judged.status).toBe(400);
    expect(judged.json).toEqual({ code: 0, message: 'Invalid payload', errors: {} });
    // The connection is still usable afterwards.
    expect((await get(svc, POOL_PATH)).status).toBe(200);
  });

  it('oversized headers get 431', async () => {
    const { svc } = await startServer();
    const r = await get(svc, POOL_PATH, { headers: { 'x-big': 'y'.repeat(40 * 1024) } }).catch(
      () => undefined,
    );
    // Node answers 431 and closes; some clients see only the close.
    if (r) expect(r.status).toBe(431);
    expect((await get(svc, POOL_PATH)).status).toBe(200);
  });

  it('keeps connections alive and counts requests per path', async () => {
    const { svc } = await startServer();
    const signer = new Signer(svc);
    for (let i = 0; i < 10; i++) expect((await get(svc, POOL_PATH)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signer.list()).status).toBe(200);
    await get(svc, '/nope');
    const stats = svc.stats();
    // undici opens a second socket for the second request (its pool warms up), then reuses.
    expect(stats.connections).toBeLessThanOrEqual(2);
    expect(stats.requests).toBe(16);
    expect(stats.byPath).toEqual({ [POOL_PATH]: 10, [LIST_PATH]: 5, '/nope': 1 });
  });

  it('close() stops the server, closes idle keep-alive sockets and may be called twice', async () => {
    const svc = await startService({ accounts: 0 });
    expect((await get(svc, POOL_PATH)).status).toBe(200);
    await svc.close();
    await svc.close();
    await expect(fetch(svc.baseUrl + POOL_PATH)).rejects.toThrow();
  });

  it('rejects invalid options', async () => {
    await expect(startService({ accounts: 1.5 })).rejects.toThrow(RangeError);
    await expect(startService({ blockInterval: 0 })).rejects.toThrow(RangeError);
    await expect(startService({ failRate: 2 })).rejects.toThrow(RangeError);
    await expect(startService({ refreshTtl: -1 })).rejects.toThrow(RangeError);
  });
});

describe('rate limits', () => {
  async function burst(n: number, call: () => Promise<number>): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i += 50) {
      out.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, call))));
    }
    return out;
  }

  it('mining pool: 1000 requests / 10 s per client, then 429 non-JSON until the window passes', async () => {
    const { svc, clock } = await startServer();
    const statuses = await burst(1000, () => get(svc, POOL_PATH).then((r) => r.status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await get(svc, POOL_PATH);
    expect(limited.status).toBe(429);
    expect(limited.json).toBeUndefined();
    clock.advance(10_000);
    expect((await get(svc, POOL_PATH)).status).toBe(200);
  });

  it('sub-account list: 1000 requests / 10 s per key, then 429 non-JSON', async () => {
    const { svc, clock } = await startServer();
    // nonceWindow nonces are unique but need no order, so concurrent requests all pass.
    const windowed = (nonce: number) =>
      JSON.stringify({ request: LIST_PATH, nonce, nonceWindow: true, limit: 1 });
    let i = 0;
    const statuses = await burst(1000, () =>
      postSignedText(svc, windowed(clock.t - 2000 + i++)).then((r) => r.status),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await postSignedText(svc, windowed(clock.t + 1));
    expect(limited.status).toBe(429);
    expect(limited.json).toBeUndefined();
    clock.advance(10_000);
    expect((await postSignedText(svc, windowed(clock.t))).status).toBe(200);
  });

  it('can be switched off (rateLimit: false) for benchmarks', async () => {
    const { svc } = await startServer({ rateLimit: false });
    await burst(1001, () => get(svc, POOL_PATH).then((r) => r.status));
    expect((await get(svc, POOL_PATH)).status).toBe(200);
  });
});
