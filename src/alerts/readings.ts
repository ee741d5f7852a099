/**
 * The numbers alerts and the exporter read, taken once from the normalised API models: hash
 * rates in H/s, timestamps in Unix seconds, counts. A field that is missing or unreadable is
 * `undefined` here, so one odd field costs its own metric and nothing else.
 */
import type { AccountHashRate, MinerInfo } from '../api/mining-types.js';
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

/** One mining account (Mining Pool API), read by `readMining`. */
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

const DAY_SECONDS = 86_400;

/**
 * One mining account's readings from its miners/info answer and its hash-rate series (the
 * 5-minute series over the last day is the one meant): the hash rate and reject ratio of the
 * newest point, the mean hash rate of the points within 24 hours of `nowSec`, the worker counts.
 * Either answer may be missing (not fetched yet, or failed): its readings are undefined.
 */
export function readMining(
  account: string,
  info: MinerInfo | undefined,
  series: AccountHashRate | undefined,
  nowSec: number,
): MiningReadings {
  const points = (series?.hashrate ?? []).filter((p) => finite(p?.timestamp) !== undefined);
  let newestPoint: (typeof points)[number] | undefined;
  for (const p of points) if (!newestPoint || p.timestamp > newestPoint.timestamp) newestPoint = p;
  const day = points
    .filter((p) => p.timestamp > nowSec - DAY_SECONDS)
    .map((p) => finite(p.hashrate))
    .filter((v): v is number => v !== undefined);
  return {
    account,
    hashRate: finite(newestPoint?.hashrate),
    hashRate24h: day.length > 0 ? day.reduce((a, b) => a + b, 0) / day.length : undefined,
    rejectRatio: finite(newestPoint?.rejectRate),
    workersOnline: finite(info?.workers.online),
    workersOffline: finite(info?.workers.offline),
    workersLow: finite(info?.workers.low),
    newestSampleTime: newestPoint?.timestamp,
  };
}
