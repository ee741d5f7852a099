/**
 * Balances for many sub-accounts (`B`, `pooltop accounts --all --balances`), one request per
 * account, queued like the whole-list loader (load-all.ts): tasks of the process's request queue
 * at low priority, at most LOAD_CONCURRENCY of this load's at once, each send paced by the
 * client through the queue (its own operation's budget; a 429 pauses every send). A failed account is
 * retried (retry.ts), and one that still fails is kept as its error: the others go on. Results
 * are handed on in list order. Cancelling (the signal) stops new requests; what arrived stays.
 * Pure apart from the injected fetch, queue, clock and sleep.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import type { CurrencyBalance } from './balance-types.js';
import { linkSignals } from './link-signals.js';
import { LOAD_CONCURRENCY, LOAD_PAGE_RETRIES } from './load-all.js';
import { type RequestQueue, retryInQueue } from './request-queue.js';
import { defaultSleep, type Sleep } from './retry.js';

/** One account's balances, or why they could not be fetched. */
export type BalancesResult = { ok: true; balances: CurrencyBalance[] } | { ok: false; error: PooltopError };

export interface BalanceLoadProgress {
  /** Accounts whose answer (or final failure) arrived. */
  done: number;
  total: number;
  failed: number;
  requests: number;
  /** Retries made so far. */
  retried: number;
}

export interface LoadBalancesOptions {
  /** The accounts' ids in list order; an account without an id cannot be asked for. */
  ids: readonly (string | null | undefined)[];
  fetch: (id: string, signal: AbortSignal) => Promise<CurrencyBalance[]>;
  /** The process's request queue; `fetch` sends through the client paced by it. */
  queue: RequestQueue;
  signal?: AbortSignal;
  concurrency?: number;
  retries?: number;
  /** Epoch ms (on `now`'s clock) by which the load must end: no retry wait reaches past it. */
  deadline?: number;
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
  /** Each account's result, in list order, as soon as every account before it has one. */
  onResult?: (index: number, result: BalancesResult) => void;
  onProgress?: (progress: BalanceLoadProgress) => void;
  /** Before an account is retried. */
  onRetry?: (index: number, error: PooltopError, delayMs: number) => void;
}

export interface BalancesOutcome {
  /** One per account that got a result (a prefix of the list when cancelled). */
  results: BalancesResult[];
  cancelled: boolean;
  progress: BalanceLoadProgress;
}

export async function loadBalances(options: LoadBalancesOptions): Promise<BalancesOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.min(
    Math.max(Math.floor(options.concurrency ?? LOAD_CONCURRENCY), 1),
    LOAD_CONCURRENCY,
  );
  const retries = Math.min(Math.max(Math.floor(options.retries ?? LOAD_PAGE_RETRIES), 0), 10);
  const { ids, signal: outer } = options;

  const arrived = new Map<number, BalancesResult>();
  const results: BalancesResult[] = [];
  let next = 0;
  let failed = 0;
  let requests = 0;
  let retried = 0;
  const progress = (): BalanceLoadProgress => ({
    done: results.length + arrived.size,
    total: ids.length,
    failed,
    requests,
    retried,
  });

  const settle = (index: number, result: BalancesResult): void => {
    if (!result.ok) failed++;
    arrived.set(index, result);
    for (let r = arrived.get(results.length); r !== undefined; r = arrived.get(results.length)) {
      arrived.delete(results.length);
      results.push(r);
      options.onResult?.(results.length - 1, r);
    }
    options.onProgress?.(progress());
  };

  const fetchOne = (index: number, id: string, signal: AbortSignal) =>
    retryInQueue(
      options.queue,
      () => {
        requests++;
        return options.fetch(id, signal);
      },
      {
        retries,
        sleep,
        random: options.random,
        signal,
        deadline: options.deadline,
        now,
        onRetry: (err, _attempt, delayMs) => {
          retried++;
          options.onRetry?.(index, err, delayMs);
          options.onProgress?.(progress());
        },
      },
    );

  const worker = async (): Promise<void> => {
    while (!outer?.aborted && next < ids.length) {
      const index = next++;
      const id = ids[index];
      if (!id) {
        settle(index, { ok: false, error: new PooltopError('schema', 'the list gave this row no id') });
        continue;
      }
      const linked = linkSignals(outer);
      try {
        settle(index, { ok: true, balances: await fetchOne(index, id, linked.signal) });
      } catch (err) {
        if (linked.signal.aborted) return;
        const error = isPooltopError(err)
          ? err
          : new PooltopError('network', `balances: ${String(err)}`, { cause: err });
        settle(index, { ok: false, error });
      } finally {
        linked.dispose();
      }
    }
  };

  await Promise.all(Array.from({ length: concurrency }, worker));
  return { results, cancelled: outer?.aborted === true && results.length < ids.length, progress: progress() };
}
