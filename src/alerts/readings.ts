/**
 * The numbers alerts and the exporter read, taken once from the normalised API models: hash
 * rates in H/s, timestamps in Unix seconds, counts. A field that is missing or unreadable is
 * `undefined` here, so one odd field costs its own metric and nothing else.
 */
import type { Finding } from '../accounts/key-findings.js';
import type { AccountHashRate, MinerInfo } from '../api/mining-types.js';
import type { UnconfirmedWithdrawal } from '../api/oversight-types.js';
import type { PoolOverview } from '../api/types.js';

export interface PoolReadings {
  hashRate?: number;
  workers?: number;
  lastBlockHeight?: number;
  /** When the newest block in the overview was found, Unix seconds. */
  lastBlockTime?: number;
  /** The newest point of the hash-rate history, Unix seconds. */
  newestSampleTime?: number;
}

/** One mining account (Mining Pool API): miners/info and its 5-minute hash-rate series. */
export interface MiningReadings {
  account: string;
  hashRate?: number;
  hashRate24h?: number;
  /** Share of rejected shares, 0..1. */
  rejectRatio?: number;
  workersOnline?: number;
  workersOffline?: number;
  workersLow?: number;
  /** Workers seen before and missing from the complete listing for longer than the grace. */
  workersGone?: number;
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
  const lastBlockTime = newest(blocks.map((b) => b?.blockFoundAt));
  const lastBlock = blocks.find((b) => b?.blockFoundAt === lastBlockTime);
  const history = Array.isArray(pool.last7daysHashRate) ? pool.last7daysHashRate : [];
  return {
    hashRate: finite(pool.currentHashRate),
    workers: finite(pool.workers),
    lastBlockHeight: finite(lastBlock?.blockHeight),
    lastBlockTime,
    newestSampleTime: newest(history.map((p) => p?.timestamp)),
  };
}

/** Seconds from `then` to `now` (never negative: a clock a little ahead is not an age). */
export function ageOf(then: number | undefined, nowSec: number): number | undefined {
  return then === undefined ? undefined : Math.max(0, nowSec - then);
}

/** The window hashrate_24h averages over, and that `pooltop check mining` and the exporter ask for. */
export const DAY_SECONDS = 86_400;

/**
 * One mining account from its miners/info answer and its hash-rate series (either may be
 * missing): the newest point's hash rate and reject ratio, the average of the points in the 24
 * hours up to the newest one, and the worker counts.
 */
export function readMining(
  account: string,
  info: MinerInfo | undefined,
  series: AccountHashRate | undefined,
): MiningReadings {
  const points = (Array.isArray(series?.hashrate) ? series.hashrate : []).filter(
    (p) => finite(p?.timestamp) !== undefined,
  );
  let last: (typeof points)[number] | undefined;
  for (const p of points) if (!last || p.timestamp > last.timestamp) last = p;
  const day = points
    .filter((p) => last && p.timestamp > last.timestamp - DAY_SECONDS)
    .map((p) => finite(p.hashrate))
    .filter((r): r is number => r !== undefined);
  const workers = info?.workers;
  return {
    account,
    hashRate: finite(last?.hashrate),
    hashRate24h: day.length ? day.reduce((a, b) => a + b, 0) / day.length : undefined,
    rejectRatio: finite(last?.rejectRate),
    workersOnline: finite(workers?.online),
    workersOffline: finite(workers?.offline),
    workersLow: finite(workers?.low),
    newestSampleTime: last?.timestamp,
  };
}

/**
 * The hash-rate query behind the mining readings: 5-minute points from 25 hours ago, an hour
 * more than the average needs, so a server clock a little apart from ours still covers the 24
 * hours before its newest point.
 */
export function miningSeriesQuery(account: string, nowSec: number) {
  return { account, interval: '5m', from: Math.floor(nowSec) - DAY_SECONDS - 3600 } as const;
}

/**
 * Every sub-account's API keys counted by finding (accounts/key-findings.ts), and the withdrawals
 * awaiting the main account: `check subaccounts`, the exporter and the watcher read these.
 * A part that could not be read is undefined; the withdrawals operation not enabled for the
 * account (the vendor's 404) is none waiting.
 */
export interface SubAccountReadings {
  keys?: number;
  unrestrictedKeys?: number;
  withdrawKeys?: number;
  idleKeys?: number;
  neverUsedKeys?: number;
  disabledKeys?: number;
  withdrawalsWaiting?: number;
  /** When the oldest waiting withdrawal was made, Unix seconds; undefined when none waits. */
  oldestWithdrawalTime?: number;
}

/** `keys`: each audited key's findings (undefined: not audited); `withdrawals`: null when not enabled. */
export function readSubAccounts(
  keys: readonly { findings: readonly Finding[] }[] | undefined,
  withdrawals: readonly Pick<UnconfirmedWithdrawal, 'createdAt'>[] | null | undefined,
): SubAccountReadings {
  const count = (f: Finding) => keys?.filter((k) => k.findings.includes(f)).length;
  const waiting = withdrawals === null ? [] : withdrawals;
  return {
    keys: keys?.length,
    unrestrictedKeys: count('no-ip-restriction'),
    withdrawKeys: count('moves-money'),
    idleKeys: count('idle'),
    neverUsedKeys: count('never-used'),
    disabledKeys: count('disabled'),
    withdrawalsWaiting: waiting?.length,
    oldestWithdrawalTime: waiting ? oldest(waiting.map((w) => w.createdAt)) : undefined,
  };
}

function oldest(values: readonly unknown[]): number | undefined {
  let best: number | undefined;
  for (const v of values) {
    const n = finite(v);
    if (n !== undefined && (best === undefined || n < best)) best = n;
  }
  return best;
}
