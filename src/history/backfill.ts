/**
 * The back-fill of an account on first sight: each known worker's own series (`workers/hashrate`)
 * as far back as the pool answers, through the one request queue at low priority, so history does
 * not start empty. Daily points back 400 days (the oldest answered is how far the pool keeps),
 * hourly in windows of 1,000 points back to that or `hourlyDays`, 5-minute points for the last
 * day. Each worker's points are one round, marked as a back-fill (filled presence).
 */
import type { MiningApi, MiningInterval } from '../api/mining-types.js';
import type { RequestQueue } from '../api/request-queue.js';
import { INTERVAL_SECONDS } from '../api/mining-types.js';
import type { HistoryStore } from './store.js';
import type { WorkerSeriesRead } from './types.js';

export interface BackfillOptions {
  queue: RequestQueue;
  signal?: AbortSignal;
  /** Unix seconds; default the wall clock. */
  now?: number;
  /** Days of hourly points asked at most (default 90). */
  hourlyDays?: number;
  /**
   * Workers read at once (default all): each holds its months of points until recorded, so a
   * long-running writer keeps its memory down with a few.
   */
  workersAtOnce?: number;
  /**
   * Called after each worker's points are recorded (or could not be read), before the next: a
   * service collects its garbage there (history/full-collection.ts).
   */
  afterWorker?: () => void;
}

export interface BackfillResult {
  workers: number;
  points: number;
  /** Workers whose series could not be read; the account stays "needs back-fill". */
  failed: number;
}

const DAY = 86_400;
/** The API answers at most this many points a call (our reading of the demo; a safe window). */
const WINDOW_POINTS = 1000;

export async function backfill(
  client: { mining: Pick<MiningApi, 'workerHashrate'> },
  store: HistoryStore,
  account: string,
  names: readonly string[],
  opts: BackfillOptions,
): Promise<BackfillResult> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const ask = (worker: string, interval: MiningInterval, from: number, to: number) =>
    opts.queue.run(
      (signal) =>
        client.mining.workerHashrate({ account, worker, interval, from: Math.max(0, from), to }, { signal }),
      { priority: 'low', signal: opts.signal },
    );
  const result: BackfillResult = { workers: 0, points: 0, failed: 0 };
  const one = async (worker: string) => {
    try {
      const reads: WorkerSeriesRead[] = [];
      const daily = await ask(worker, '24h', now - 400 * DAY, now);
      reads.push({ worker, interval: '24h', points: daily.hashrate, backfill: true });
      const oldest = daily.hashrate[0]?.timestamp ?? now - DAY;
      const floor = Math.max(oldest, now - (opts.hourlyDays ?? 90) * DAY);
      const span = WINDOW_POINTS * INTERVAL_SECONDS['1h'];
      const windows: Array<[number, number]> = [];
      for (let to = now; to > floor; to -= span) windows.push([Math.max(floor, to - span + 1), to]);
      // One window after another: fewer answers in memory at once.
      for (const [from, to] of windows) {
        const h = await ask(worker, '1h', from, to);
        reads.push({ worker, interval: '1h', points: h.hashrate, backfill: true });
      }
      const fine = await ask(worker, '5m', now - DAY, now);
      reads.push({ worker, interval: '5m', points: fine.hashrate, backfill: true });
      const kept = store.record({ at: now, intervalS: 60, accounts: [{ account, workerSeries: reads }] });
      if (!kept) throw new Error('not recorded');
      result.workers++;
      result.points += reads.reduce((n, r) => n + r.points.length, 0);
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      result.failed++;
    }
  };
  const waiting = [...names];
  const lanes = Math.max(1, Math.min(opts.workersAtOnce ?? waiting.length, waiting.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let worker = waiting.shift(); worker !== undefined; worker = waiting.shift()) {
        await one(worker);
        opts.afterWorker?.();
      }
    }),
  );
  if (result.failed === 0 && !opts.signal?.aborted) store.markBackfilled(account, now);
  return result;
}
