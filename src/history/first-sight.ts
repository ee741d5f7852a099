/**
 * The back-fill each writer (watch, the dashboard, the exporter) starts on first sight of an
 * account: when the store says the account needs one, every name known — the listing's, the
 * store's own and the names remembered from earlier listings — through the writer's request queue
 * at low priority (backfill.ts). It runs beside the rounds, never awaited by one; once per account
 * in a process while it runs, again after RETRY_S when a worker's series could not be read; one
 * worker at a time across accounts, so a long-running writer's memory stays flat.
 */
import type { MiningApi } from '../api/mining-types.js';
import type { RequestQueue } from '../api/request-queue.js';
import { backfill } from './backfill.js';
import type { HistoryStore } from './store.js';

/** Workers read at once (watch ≤ 70 MB: every worker at once was 113 MB for 120 workers). */
const WORKERS_AT_ONCE = 1;
/** A failed back-fill (a worker's series unread) is tried again this long after. */
const RETRY_S = 600;

export interface FirstSight {
  /** Starts the account's back-fill if the store needs one and none runs; returns at once. */
  see(store: HistoryStore, account: string, names: Iterable<string>): void;
  /** Every back-fill started so far has ended (tests, and a writer on its way out). */
  settled(): Promise<void>;
}

export function firstSight(opts: {
  client: { mining: Pick<MiningApi, 'workerHashrate'> };
  queue: RequestQueue;
  signal: AbortSignal;
  /** Milliseconds. */
  now: () => number;
  /** After each worker's back-fill (backfill.ts `afterWorker`). */
  afterWorker?: () => void;
}): FirstSight {
  const running = new Map<string, Promise<void>>();
  const done = new Set<string>();
  const retryAt = new Map<string, number>();
  // One account's back-fill after another, so one worker's months of points are in memory at a time.
  let chain: Promise<void> = Promise.resolve();
  return {
    see(store, account, names) {
      if (done.has(account) || running.has(account) || opts.signal.aborted) return;
      const nowS = Math.floor(opts.now() / 1000);
      if (nowS < (retryAt.get(account) ?? 0)) return;
      if (!store.needsBackfill(account)) {
        done.add(account);
        return;
      }
      const all = new Set([...names, ...store.knownWorkers(account)]);
      // No worker known yet (none connected): wait for a listing that names one.
      if (all.size === 0) return;
      const run = chain
        .then(() =>
          backfill(opts.client, store, account, [...all], {
            queue: opts.queue,
            signal: opts.signal,
            now: nowS,
            workersAtOnce: WORKERS_AT_ONCE,
            ...(opts.afterWorker ? { afterWorker: opts.afterWorker } : {}),
          }),
        )
        .then(
          (result) => {
            if (result.failed === 0) done.add(account);
            else retryAt.set(account, nowS + RETRY_S);
          },
          () => {
            retryAt.set(account, nowS + RETRY_S);
          },
        )
        .finally(() => running.delete(account));
      chain = run;
      running.set(account, run);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
