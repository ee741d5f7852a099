/**
 * One mining account's line of the fleet, from the reads both `pooltop mining fleet` and the
 * Mining tab's fleet table make: hash rate now (the newest 5-minute point) and over the day (the
 * mean of its 5-minute points), reject rate now, the worker counts, the workers gone and the
 * newest daily reward. Pure, so the command and the dashboard cannot disagree about a row.
 */
import type { AccountHashRate, MinerInfo, MiningReward } from './mining-types.js';

export interface FleetRow {
  name: string;
  /** H/s, the last complete 5-minute bucket. */
  hashRate: number | null;
  /** H/s, the mean of the last 24 h of 5-minute buckets. */
  hashRate24h: number | null;
  /** Ratio: 0.01 is 1 %. */
  rejectRate: number | null;
  workers: MinerInfo['workers'];
  workersGone: number;
  reward: FleetReward | null;
}

export interface FleetReward {
  date: number | null;
  amount: string | null;
  currency: string | null;
  status: string | null;
}

const NO_WORKERS: MinerInfo['workers'] = { online: null, low: null, offline: null };

/** A row from whichever reads have answered (the dashboard draws rows before all of them have). */
export function fleetRow(
  name: string,
  info: MinerInfo | undefined,
  series: AccountHashRate | undefined,
  reward: MiningReward | undefined,
  gone: number,
): FleetRow {
  const points = series?.hashrate ?? [];
  const rates = points.map((p) => p.hashrate).filter((r): r is number => r !== null);
  const last = points.at(-1);
  return {
    name,
    hashRate: last?.hashrate ?? null,
    hashRate24h: rates.length === 0 ? null : rates.reduce((a, b) => a + b, 0) / rates.length,
    rejectRate: last?.rejectRate ?? null,
    workers: info?.workers ?? NO_WORKERS,
    workersGone: gone,
    reward: reward
      ? {
          date: reward.date,
          amount: reward.totalReward,
          currency: reward.rewardCurrency,
          status: reward.status,
        }
      : null,
  };
}
