/**
 * The numbers alerts and the exporter read, taken once from the normalised API models: hash
 * rates in H/s, timestamps in Unix seconds, counts. A field that is missing or unreadable is
 * `undefined` here, so one odd field costs its own metric and nothing else.
 */
import type { PoolOverview } from '../api/types.js';
import { parseHashRate } from '../format/hash-rate.js';

export interface PoolReadings {
  hashRate?: number;
  workers?: number;
  lastBlockHeight?: number;
  /** When the newest block in the overview was found, Unix seconds. */
  lastBlockTime?: number;
  /** The newest point of the hash-rate history, Unix seconds. */
  newestSampleTime?: number;
}

/**
 * One mining account (Mining Pool API). Filled in by the mining client's reader once that client
 * exists; the thresholds on these fields are already known (metrics.ts), so configs using them
 * validate today.
 */
export interface MiningReadings {
  account: string;
  hashRate?: number;
  hashRate24h?: number;
  /** Share of rejected shares, 0..1. */
  rejectRatio?: number;
  workersOnline?: number;
  workersOffline?: number;
  workersLow?: number;
  newestSampleTime?: number;
}

const finite = (n: unknown): number | undefined =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;

function newest(values: readonly unknown[]): number | undefined {
  let best: number | undefined;
  for (const v of values) {
    const n = finite(v);
    if (n !== undefined && (best === undefined || n > best)) best = n;
  }
  return best;
}

export function readPool(pool: PoolOverview): PoolReadings {
  const blocks = Array.isArray(pool.blocks) ? pool.blocks : [];
  const lastBlockTime = newest(blocks.map((b) => b?.block_found_at));
  const lastBlock = blocks.find((b) => b?.block_found_at === lastBlockTime);
  const history = Array.isArray(pool.last7days_hash_rate) ? pool.last7days_hash_rate : [];
  return {
    hashRate: typeof pool.current_hash_rate === 'string' ? parseHashRate(pool.current_hash_rate) : undefined,
    workers: finite(pool.workers),
    lastBlockHeight: finite(lastBlock?.block_height),
    lastBlockTime,
    newestSampleTime: newest(history.map((p) => p?.timestamp)),
  };
}

/** Seconds from `then` to `now` (never negative: a clock a little ahead is not an age). */
export function ageOf(then: number | undefined, nowSec: number): number | undefined {
  return then === undefined ? undefined : Math.max(0, nowSec - then);
}
