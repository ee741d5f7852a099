/**
 * HTTP transport: one undici keep-alive Pool per client, explicit timeouts, a cap on response
 * size, an AbortSignal on every call. Returns status, headers and body text for any status;
 * turning statuses into errors is classify.ts's job.
 */
import { VERSION } from '../version.js';
import type { BaseUrl } from './base-url.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { abortedError, mapTransportError } from './transport-errors.js';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';

export const USER_AGENT = `pooltop/${VERSION}`;

export interface Timeouts {
  /** TCP + TLS connection set-up. */
  connectMs: number;
  /** From sending the request until the response headers have arrived. */
  headersMs: number;
  /** Longest pause between two chunks of the response body. */
  bodyMs: number;
  /**
   * The whole exchange, from sending to the last body byte. The gap timeout alone never fires
   * for a body that trickles in a byte at a time, and a request that never ends would stall
   * polling (SWR schedules the next poll when the current one settles).
   */
  totalMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = {
  connectMs: 10_000,
  headersMs: 15_000,
  bodyMs: 15_000,
  totalMs: 30_000,
};
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Longest wait in close() for the connection to be torn down. */
const CLOSE_WAIT_MS = 200;

export interface TransportOptions {
  baseUrl: BaseUrl;
  timeouts?: Partial<Timeouts>;
  /** Response bodies larger than this fail with reason `too-large`. Default 2 MiB. */
  maxBodyBytes?: number;
  userAgent?: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** API path, e.g. `/api/v4/public/mining-pool` (the base URL's path prefix is added). */
  path: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /**
   * Builds headers and body when the connection takes the request, not when it is queued: a
   * signed request's nonce must be within 5 s of the server's clock when it arrives, however
   * long it waited behind others on the one connection.
   */
  prepare?: () => { headers: Readonly<Record<string, string>>; body: string };
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
}

export interface Transport {
  readonly host: string;
  request(req: HttpRequest): Promise<HttpResponse>;
  /** Destroys the pool: in-flight calls fail as cancelled. Idempotent. */
  close(): Promise<void>;
}

function positive(value: number, what: string): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new PooltopError('config', `${what} must be a positive number of milliseconds or bytes`);
  }
  return value;
}

export function createTransport(options: TransportOptions): Transport {
  const { baseUrl } = options;
  const host = baseUrl.host;
  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxBodyBytes = positive(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
  const userAgent = options.userAgent ?? USER_AGENT;
  const totalMs = positive(t.totalMs, 'total timeout');
  const pool = new Pool(baseUrl.origin, {
    connections: 1,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    connectTimeout: positive(t.connectMs, 'connect timeout'),
    headersTimeout: positive(t.headersMs, 'headers timeout'),
    bodyTimeout: positive(t.bodyMs, 'body timeout'),
  });
  let closed = false;
  const takeTurn = createTurns();

  async function request(req: HttpRequest): Promise<HttpResponse> {
    if (req.signal?.aborted) throw abortedError(req.signal, host);
    if (closed) {
      throw new PooltopError('network', `request to ${host} cancelled: client closed`, { reason: 'aborted' });
    }
    const deadline = withDeadline(req.signal, totalMs);
    let release: (() => void) | undefined;
    try {
      release = await takeTurn(deadline.signal);
      const prepared = req.prepare?.();
      const res = await untilAborted(
        deadline.signal,
        pool.request({
          method: req.method,
          path: `${baseUrl.pathPrefix}${req.path}`,
          headers: {
            accept: 'application/json',
            ...req.headers,
            ...prepared?.headers,
            'user-agent': userAgent,
          },
          body: prepared?.body ?? req.body,
          signal: deadline.signal,
        }),
      );
      const body = await readCapped(res, maxBodyBytes, host);
      return { status: res.statusCode, headers: res.headers, body };
    } catch (err) {
      if (deadline.expired()) {
        throw new PooltopError('timeout', `${host} took longer than ${seconds(totalMs)} to answer`, {
          cause: err,
        });
      }
      throw mapTransportError(err, host, deadline.signal);
    } finally {
      release?.();
      deadline.clear();
    }
  }

  return {
    host,
    request,
    async close() {
      if (closed) return;
      closed = true;
      // A connection still being set up (a TLS handshake the server never answers) holds
      // destroy() until the connect timeout; a closing command does not wait for it.
      const destroyed = pool.destroy().catch(() => {});
      await Promise.race([destroyed, delay(CLOSE_WAIT_MS, undefined, { ref: false })]);
    },
  };
}

/**
 * One request at a time on the pool's one connection, in call order. A request whose signal
 * aborts while it waits leaves the line at once; the order of the rest is kept.
 */
function createTurns() {
  let tail: Promise<void> = Promise.resolve();
  return async function takeTurn(signal: AbortSignal): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = tail;
    tail = before.then(() => mine);
    if (signal.aborted) {
      release();
      throw signal.reason;
    }
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([before, aborted]);
      return release;
    } catch (err) {
      release();
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
}

const seconds = (ms: number): string => (ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`);

/**
 * A signal that aborts with the caller's (same reason) or when `ms` have passed. One timer and
 * one listener per request, both released by `clear()`, so nothing outlives the request.
 */
function withDeadline(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new PooltopError('timeout', 'request deadline passed'));
  }, ms);
  const onOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired && !outer?.aborted,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/**
 * `work`, or its signal's reason as soon as the signal aborts. undici settles an aborted request
 * only once its connection is set up, which for a TLS handshake the server never answers is the
 * connect timeout; the call ends now, and close() tears the connection down.
 */
function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason);
  }
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  work.catch(() => {}); // settled later, after the caller has moved on
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

type UndiciResponse = Awaited<ReturnType<Pool['request']>>;

async function readCapped(res: UndiciResponse, max: number, host: string): Promise<string> {
  const tooLarge = () =>
    new PooltopError('http', `response from ${host} larger than ${max} bytes`, {
      status: res.statusCode,
      reason: 'too-large',
    });
  const discard = () => {
    res.body.on('error', () => {}); // destroying an unread body reports an abort nobody needs
    res.body.destroy();
  };
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    discard();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      discard();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
