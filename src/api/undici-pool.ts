/**
 * undici's connection Pool with the one API the transport calls, `request`, loaded without the
 * package index. `import 'undici'` evaluates everything the package exports — fetch, WebSocket,
 * EventSource, cookies, cache stores, mock agents, proxy agents — and its cookie module reads
 * `globalThis.Headers`, which makes Node compile its own built-in copy of undici as well: tens
 * of milliseconds of start-up for code pooltop never runs. The only thing the index does that
 * `Pool#request` needs is to attach the request API to Dispatcher's prototype; so does this
 * module, for `request` alone.
 */
import type { Pool } from 'undici';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';

Object.assign(Dispatcher.prototype, { request });

/** The part of a Pool this build of undici provides. */
export type RequestPool = Pick<Pool, 'request' | 'destroy'>;

export type PoolOptions = Pool.Options;

export function createPool(origin: string, options: PoolOptions): RequestPool {
  return new PoolClass(origin, options);
}
