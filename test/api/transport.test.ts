import { errors as undiciErrors } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/base-url.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  createTransport,
  type Transport,
  type TransportOptions,
  USER_AGENT,
} from '../../src/api/transport.js';
import { mapTransportError } from '../../src/api/transport-errors.js';
import { closedPort, type FakeServer, hang, json, reset, startFakeServer } from './fake-server.js';

let server: FakeServer;
let transports: Transport[] = [];

beforeEach(async () => {
  server = await startFakeServer();
});
afterEach(async () => {
  await Promise.all(transports.map((t) => t.close()));
  transports = [];
  await server.close();
});

function transport(options: Partial<TransportOptions> = {}, url = server.url): Transport {
  const t = createTransport({ baseUrl: parseBaseUrl(url), ...options });
  transports.push(t);
  return t;
}

async function failure(promise: Promise<unknown>): Promise<PooltopError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PooltopError);
  return err as PooltopError;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('transport over real HTTP', () => {
  it('sends User-Agent and the path prefix, returns any status with its body', async () => {
    server.on('GET /prefix/x', json(418, { a: 1 }, { 'x-extra': 'yes' }));
    const res = await transport({}, `${server.url}/prefix/`).request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(418);
    expect(JSON.parse(res.body)).toEqual({ a: 1 });
    expect(res.headers['x-extra']).toBe('yes');
    expect(server.requests[0]!.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^pooltop\/\d+\.\d+\.\d+/);
  });

  it('caps the body size, by Content-Length and while streaming', async () => {
    server.on('GET /declared', (_req, res) =>
      res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
    );
    server.on('GET /streamed', (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write('y'.repeat(500));
      res.end();
    });
    const t = transport({ maxBodyBytes: 1024 });
    for (const path of ['/declared', '/streamed']) {
      const err = await failure(t.request({ method: 'GET', path }));
      expect(err.kind).toBe('http');
      expect(err.reason).toBe('too-large');
      expect(err.message).toBe(`response from 127.0.0.1:${server.port} larger than 1024 bytes`);
      expect(err.retryable).toBe(false);
    }
    server.on('GET /fits', (_req, res) => res.end('z'.repeat(1024)));
    expect((await t.request({ method: 'GET', path: '/fits' })).body).toHaveLength(1024);
  });

  it('times out waiting for headers and between body chunks', async () => {
    server.on('GET /hang', hang);
    server.on('GET /stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    });
    const t = transport({ timeouts: { headersMs: 100, bodyMs: 100 } });
    const headers = await failure(t.request({ method: 'GET', path: '/hang' }));
    expect(headers.kind).toBe('timeout');
    expect(headers.message).toBe(`127.0.0.1:${server.port} did not answer in time`);
    const body = await failure(t.request({ method: 'GET', path: '/stall' }));
    expect(body.kind).toBe('timeout');
    expect(body.message).toBe(`127.0.0.1:${server.port} stopped sending the response`);
  });

  it('reports refused connections as never sent, resets as network errors', async () => {
    const port = await closedPort();
    const refused = await failure(
      transport({}, `http://127.0.0.1:${port}`).request({ method: 'GET', path: '/' }),
    );
    expect(refused.kind).toBe('network');
    expect(refused.reason).toBe('connect');
    expect(refused.message).toBe(`connection to 127.0.0.1:${port} refused`);

    server.on('POST /reset', reset);
    const err = await failure(transport().request({ method: 'POST', path: '/reset', body: 'x' }));
    expect(err.kind).toBe('network');
    expect(err.reason).toBeUndefined();
    expect(err.message).toContain(`127.0.0.1:${server.port}`);
  });

  it('prepares a queued request when the connection takes it, in call order; an abort while waiting leaves the line', async () => {
    const held: (() => void)[] = [];
    server.on('POST /slow', (_req, res) => held.push(() => res.end('{}')));
    server.on('POST /next', json(200, {}));
    const t = transport();
    const prepared: string[] = [];
    const prep = (name: string) => () => {
      prepared.push(name);
      return { headers: { 'x-name': name }, body: name };
    };
    const first = t.request({ method: 'POST', path: '/slow', prepare: prep('first') });
    const waiting = new AbortController();
    const dropped = failure(
      t.request({ method: 'POST', path: '/next', prepare: prep('dropped'), signal: waiting.signal }),
    );
    const second = t.request({ method: 'POST', path: '/next', prepare: prep('second') });
    await until(() => held.length === 1);
    // A turn for anything already set off (a request built early would be by now).
    await new Promise((resolve) => setImmediate(resolve));
    // The first is on the wire and unanswered: the others are not built yet.
    expect(prepared).toEqual(['first']);
    waiting.abort();
    expect((await dropped).reason).toBe('aborted');
    held[0]!();
    await first;
    await second;
    expect(prepared).toEqual(['first', 'second']);
    expect(server.requests.map((r) => [r.url, r.headers['x-name'], r.body])).toEqual([
      ['/slow', 'first', 'first'],
      ['/next', 'second', 'second'],
    ]);
  });

  it('aborts through the signal and on close', async () => {
    server.on('GET /hang', hang);
    const t = transport();
    const controller = new AbortController();
    const pending = failure(t.request({ method: 'GET', path: '/hang', signal: controller.signal }));
    await until(() => server.requests.length === 1);
    controller.abort();
    const aborted = await pending;
    expect(aborted.reason).toBe('aborted');
    expect(aborted.retryable).toBe(false);

    const timed = await failure(t.request({ method: 'GET', path: '/hang', signal: AbortSignal.timeout(50) }));
    expect(timed.kind).toBe('timeout');

    const inFlight = failure(t.request({ method: 'GET', path: '/hang' }));
    await until(() => server.requests.length === 3);
    await t.close();
    expect((await inFlight).reason).toBe('aborted');
    expect((await failure(t.request({ method: 'GET', path: '/hang' }))).message).toMatch(/client closed/);
  });
});

describe('mapTransportError', () => {
  const host = 'whitebit.com';
  it('maps undici and socket errors to one-line kinds naming the host', () => {
    const cases: [unknown, string, string, string | undefined][] = [
      [new undiciErrors.ConnectTimeoutError(), 'timeout', 'connecting to whitebit.com timed out', 'connect'],
      [new undiciErrors.HeadersTimeoutError(), 'timeout', 'whitebit.com did not answer in time', undefined],
      [
        new undiciErrors.BodyTimeoutError(),
        'timeout',
        'whitebit.com stopped sending the response',
        undefined,
      ],
      [
        new undiciErrors.SocketError('other side closed'),
        'network',
        'connection to whitebit.com was closed unexpectedly',
        undefined,
      ],
      [new undiciErrors.RequestAbortedError(), 'network', 'request to whitebit.com cancelled', 'aborted'],
      [
        Object.assign(new Error('x'), { code: 'ECONNRESET' }),
        'network',
        'connection to whitebit.com was closed unexpectedly',
        undefined,
      ],
      [
        Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
        'network',
        'cannot resolve whitebit.com (ENOTFOUND)',
        'connect',
      ],
      [
        new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
        'network',
        'connection to whitebit.com refused',
        'connect',
      ],
      [
        Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }),
        'network',
        'TLS handshake with whitebit.com failed (CERT_HAS_EXPIRED)',
        'connect',
      ],
    ];
    for (const [input, kind, message, reason] of cases) {
      const err = mapTransportError(input, host);
      expect([err.kind, err.message, err.reason]).toEqual([kind, message, reason]);
    }
  });
});
