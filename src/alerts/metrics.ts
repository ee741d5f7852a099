/**
 * Every metric a threshold can be set on: its key (in the preferences file and in
 * `--warning KEY=RANGE`), its unit and how it is read from the readings. The dashboard,
 * `pooltop check` and the exporter all read metrics through this table, so a metric added here
 * is known to all three.
 */
import { ageOf, type MiningReadings, type PoolReadings, type SubAccountReadings } from './readings.js';
import type { Unit } from './units.js';

export interface MetricDef<R> {
  key: string;
  unit: Unit;
  /** One line for help and errors. */
  about: string;
  read(readings: R, nowSec: number): number | undefined;
}

export const POOL_METRICS: readonly MetricDef<PoolReadings>[] = [
  { key: 'hashrate', unit: 'hashrate', about: 'the pool hash rate', read: (r) => r.hashRate },
  { key: 'workers', unit: 'count', about: 'workers on the pool', read: (r) => r.workers },
  {
    key: 'block_age',
    unit: 'seconds',
    about: 'time since the pool found its last block',
    read: (r, now) => ageOf(r.lastBlockTime, now),
  },
  {
    key: 'data_age',
    unit: 'seconds',
    about: 'age of the newest point of the hash-rate history (hourly)',
    read: (r, now) => ageOf(r.newestSampleTime, now),
  },
];

export const MINING_METRICS: readonly MetricDef<MiningReadings>[] = [
  { key: 'hashrate', unit: 'hashrate', about: "the account's hash rate", read: (r) => r.hashRate },
  {
    key: 'hashrate_24h',
    unit: 'hashrate',
    about: "the account's average hash rate over 24 hours",
    read: (r) => r.hashRate24h,
  },
  { key: 'reject_rate', unit: 'ratio', about: 'share of rejected shares', read: (r) => r.rejectRatio },
  { key: 'workers_online', unit: 'count', about: 'workers online', read: (r) => r.workersOnline },
  { key: 'workers_offline', unit: 'count', about: 'workers offline', read: (r) => r.workersOffline },
  { key: 'workers_low', unit: 'count', about: 'workers with a low hash rate', read: (r) => r.workersLow },
  {
    key: 'workers_gone',
    unit: 'count',
    about: 'workers seen before and missing from the listing longer than --gone-after',
    read: (r) => r.workersGone,
  },
  {
    key: 'data_age',
    unit: 'seconds',
    about: "age of the newest point of the account's hash-rate series",
    read: (r, now) => ageOf(r.newestSampleTime, now),
  },
];

/** Every sub-account's API keys (by finding, `pooltop audit keys`) and the withdrawals awaiting you. */
export const SUBACCOUNT_METRICS: readonly MetricDef<SubAccountReadings>[] = [
  { key: 'keys', unit: 'count', about: 'API keys of every sub-account', read: (r) => r.keys },
  {
    key: 'unrestricted_keys',
    unit: 'count',
    about: 'enabled keys without IP restriction',
    read: (r) => r.unrestrictedKeys,
  },
  {
    key: 'withdraw_keys',
    unit: 'count',
    about: 'keys that may withdraw or transfer',
    read: (r) => r.withdrawKeys,
  },
  { key: 'idle_keys', unit: 'count', about: 'keys idle longer than --idle', read: (r) => r.idleKeys },
  { key: 'never_used_keys', unit: 'count', about: 'keys never used', read: (r) => r.neverUsedKeys },
  { key: 'disabled_keys', unit: 'count', about: 'disabled keys kept', read: (r) => r.disabledKeys },
  {
    key: 'withdrawals_waiting',
    unit: 'count',
    about: "withdrawals awaiting the main account's confirmation",
    read: (r) => r.withdrawalsWaiting,
  },
  {
    key: 'oldest_withdrawal_age',
    unit: 'seconds',
    about: 'how long the oldest waiting withdrawal has waited (0 when none waits)',
    read: (r, now) =>
      r.withdrawalsWaiting === 0
        ? 0
        : r.withdrawalsWaiting === undefined
          ? undefined
          : ageOf(r.oldestWithdrawalTime, now),
  },
];

export const SCOPES = ['pool', 'mining', 'subaccounts'] as const;
export type Scope = (typeof SCOPES)[number];

export const METRICS = {
  pool: POOL_METRICS,
  mining: MINING_METRICS,
  subaccounts: SUBACCOUNT_METRICS,
} as const;

export function findMetric(scope: Scope, key: string): MetricDef<never> | undefined {
  return (METRICS[scope] as readonly MetricDef<never>[]).find((m) => m.key === key);
}

export function metricKeys(scope: Scope): string {
  return METRICS[scope].map((m) => m.key).join(', ');
}
