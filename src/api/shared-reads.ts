/**
 * One request for everyone who asks the same thing: the dashboard's views and its watcher read
 * through this client. A view's read always goes out (the view polls on its own schedule, and
 * `r` means now); a reader that accepts an age (the watcher: its interval) joins the same read
 * (same operation, same query) in flight, or takes its last answer if recent enough. A tab that
 * polls what the watcher judges at least as often as the watcher reads it therefore makes every
 * request, and the watcher none of its own.
 *
 * A joined read is cancelled only when every reader of it has gone. Answers are kept for the pool,
 * the accounts, miners/info and the account series, the last one per read slot (the query without
 * its window), so the memory is bounded by what exists; worker listings and worker series are
 * only joined, never kept.
 */
import { cancelled } from './request-queue.js';
import type { CallOptions } from './call-options.js';
import type { MiningApi } from './mining-types.js';
import type { ApiClient } from './types.js';

interface Flight {
  promise: Promise<unknown>;
  readers: number;
  controller: AbortController;
}

interface Kept {
  key: string;
  value: unknown;
  atMs: number;
}

export interface SharedReads {
  /** A client whose reads share with every other; `maxAgeMs` > 0 also takes answers that recent. */
  client(maxAgeMs?: number): ApiClient;
  /** Reads started so far (tests, the bench). */
  readonly started: number;
}

export function shareReads(base: ApiClient, now: () => number = Date.now): SharedReads {
  const flights = new Map<string, Flight>();
  const kept = new Map<string, Kept>();
  let started = 0;

  function join<T>(flight: Flight, signal: AbortSignal | undefined): Promise<T> {
    flight.readers++;
    if (!signal) return flight.promise as Promise<T>;
    if (signal.aborted) {
      flight.readers--;
      return Promise.reject(cancelled());
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        flight.readers--;
        if (flight.readers === 0) flight.controller.abort(signal.reason);
        reject(cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          resolve(v as T);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  function read<T>(
    slot: string | undefined,
    key: string,
    maxAgeMs: number,
    opts: CallOptions | undefined,
    fetch: (o: CallOptions) => Promise<T>,
  ): Promise<T> {
    // A reader that accepts an age joins a read in flight (newer than any answer kept), else takes
    // a recent answer. One that does not (a view, `r`) always asks: a read that hangs must not
    // hold back the next.
    if (maxAgeMs > 0) {
      const flying = flights.get(key);
      if (flying) return join<T>(flying, opts?.signal);
      const had = slot === undefined ? undefined : kept.get(slot);
      if (had && had.key === key && now() - had.atMs <= maxAgeMs) return Promise.resolve(had.value as T);
    }
    const controller = new AbortController();
    started++;
    const flight: Flight = {
      controller,
      readers: 0,
      promise: fetch({ ...opts, signal: controller.signal }).then(
        (value) => {
          if (flights.get(key) === flight) flights.delete(key);
          if (slot !== undefined) kept.set(slot, { key, value, atMs: now() });
          return value;
        },
        (error: unknown) => {
          if (flights.get(key) === flight) flights.delete(key);
          throw error;
        },
      ),
    };
    // A reader's own rejection is what it handles; this one only keeps Node quiet.
    flight.promise.catch(() => undefined);
    flights.set(key, flight);
    return join<T>(flight, opts?.signal);
  }

  const clients = new Map<number, ApiClient>();
  function client(maxAgeMs = 0): ApiClient {
    const made = clients.get(maxAgeMs);
    if (made) return made;
    const m = base.mining;
    const k = (...parts: unknown[]) => JSON.stringify(parts);
    const mining: MiningApi = {
      ...m,
      accounts: (q, o) => read(k('accounts', q?.name), k('accounts', q), maxAgeMs, o, (oo) => m.accounts(q, oo)),
      minerInfo: (q, o) => read(k('info', q.account), k('info', q), maxAgeMs, o, (oo) => m.minerInfo(q, oo)),
      hashrate: (q, o) =>
        read(k('hashrate', q.account, q.interval), k('hashrate', q), maxAgeMs, o, (oo) => m.hashrate(q, oo)),
      workerNames: (q, o) => read(undefined, k('names', q), 0, o, (oo) => m.workerNames(q, oo)),
      workerHashrate: (q, o) => read(undefined, k('worker', q), 0, o, (oo) => m.workerHashrate(q, oo)),
    };
    const shared: ApiClient = {
      baseUrl: base.baseUrl,
      getMiningPool: (o) => read('pool', 'pool', maxAgeMs, o, (oo) => base.getMiningPool(oo)),
      listSubAccounts: (q, o) => base.listSubAccounts(q, o),
      subAccountBalances: (q, o) => base.subAccountBalances(q, o),
      refreshToken: (p, o) => base.refreshToken(p, o),
      mining,
      close: () => base.close(),
    };
    clients.set(maxAgeMs, shared);
    return shared;
  }

  return {
    client,
    get started() {
      return started;
    },
  };
}
