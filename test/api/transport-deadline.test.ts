/**
 * The whole-exchange deadline: the gap timeout between body chunks never fires for a body that
 * drips in a byte a second, so without a deadline one such response would hold a one-shot
 * command for days and stall the dashboard's polling (SWR polls again only once a request
 * settles). Also: the deadline leaves no timer or listener behind.
 */
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/base-url.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createTransport, type Transport } from '../../src/api/transport.js';
import { timeoutsFromEnv } from '../../src/commands/support/context.js';
import { type FakeServer, json, startFakeServer } from './fake-server.js';

let server: FakeServer;
let transport: Transport;
beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  await transport?.close();
  await server.close();
});

describe('request deadline', () => {
  it('ends a body that drips one byte a second, though no gap reaches the gap timeout', async () => {
    const timers = new Set<NodeJS.Timeout>();
    server.on('GET /drip', (_req, res) => {
      const body = JSON.stringify({ data: 'x'.repeat(100) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      let i = 0;
      const step = () => {
        if (res.destroyed || i >= body.length) return;
        res.write(body[i++] ?? '');
        const t = setTimeout(step, 1000);
        timers.add(t);
      };
      step();
    });
    transport = createTransport({
      baseUrl: parseBaseUrl(server.url),
      timeouts: { bodyMs: 1300, totalMs: 1600 },
    });
    const err = await transport.request({ method: 'GET', path: '/drip' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    for (const t of timers) clearTimeout(t);
    expect(err).toBeInstanceOf(PooltopError);
    expect((err as PooltopError).kind).toBe('timeout');
    expect((err as PooltopError).message).toBe(`127.0.0.1:${server.port} took longer than 1.6 s to answer`);
    expect((err as PooltopError).retryable).toBe(true);
  });

  it('releases its timer and the listener on the caller signal once the answer is in', async () => {
    server.on('GET /ok', json(200, { ok: true }));
    transport = createTransport({ baseUrl: parseBaseUrl(server.url) });
    const lifetime = new AbortController();
    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    for (let i = 0; i < 20; i++)
      await transport.request({ method: 'GET', path: '/ok', signal: lifetime.signal });
    expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0);
    const timersAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    expect(timersAfter).toBeLessThanOrEqual(timersBefore + 1);
  });
});

describe('POOLTOP_TIMEOUT_MS (test hook)', () => {
  it('caps every timeout when it is a whole number of milliseconds, and is ignored otherwise', () => {
    expect(timeoutsFromEnv({ POOLTOP_TIMEOUT_MS: '600' })).toEqual({
      connectMs: 600,
      headersMs: 600,
      bodyMs: 600,
      totalMs: 600,
    });
    for (const bad of [undefined, '', '0', '-5', '1.5', '1e3', 'abc', '9999999']) {
      expect(timeoutsFromEnv({ POOLTOP_TIMEOUT_MS: bad })).toBeUndefined();
    }
  });
});
