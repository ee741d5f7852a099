/**
 * One account's line of the fleet table, from the same resources the single-account view reads
 * (so opening an account draws at once from the cache): miners/info every interval, the 5-minute
 * series on its bucket schedule, the newest reward, and the worker memory, listed again when the
 * worker counts change. Every request goes through the tab's queue. Its alert is the worst of
 * what the dashboard's watcher judged of the account's thresholds (use-alert-status.ts).
 */
import { useMemo } from 'react';
import { worst } from '../../alerts/evaluate.js';
import { MINING_METRICS } from '../../alerts/metrics.js';
import type { ThresholdSet } from '../../alerts/thresholds.js';
import { fleetRow } from '../../api/mining-fleet-row.js';
import { goneWorkers } from '../../config/seen-workers.js';
import { useAlertStatus } from '../alerts/use-alert-status.js';
import { useDashboard } from '../dashboard-context.js';
import type { FleetEntry } from './fleet-sort.js';
import { countsKey, useRelistOnCounts } from './use-relist.js';
import { type Poll, useAccountSeries, useMinerInfo, useRewards, useSeenWorkers } from './mining-data.js';

// Ages of the data are the status bar's to say, not a row's.
const ROW_METRICS = MINING_METRICS.filter((m) => m.key !== 'data_age');

export interface FleetAccount {
  entry: FleetEntry;
  /** miners/info has answered. */
  loaded: boolean;
  error: Error | undefined;
  fetchedAt: number | undefined;
}

export function useFleetAccount(account: string, poll: Poll, thresholds: ThresholdSet): FleetAccount {
  const { now } = useDashboard();
  const info = useMinerInfo(account, poll);
  const day = useAccountSeries(account, '5m', poll);
  const rewards = useRewards(account, 0, 1, poll);
  const seen = useSeenWorkers(account, poll);
  const statusOf = useAlertStatus();

  // A worker that came or went changes the counts: list the names again (as the workers table does).
  useRelistOnCounts(countsKey(info.value), info.poll, seen, poll);

  const reward = rewards.value?.items[0];
  const entry = useMemo((): FleetEntry => {
    const nowS = Math.floor(now() / 1000);
    const gone = seen.value ? goneWorkers(seen.value.state, nowS) : [];
    const row = fleetRow(account, info.value, day.value, reward, gone.length);
    const own = thresholds.mining;
    if (Object.keys(own).length === 0) return { row, alert: undefined };
    // Not judged yet (the watcher has read nothing of the account): unknown, as a value missing is.
    const statuses = ROW_METRICS.filter((m) => own[m.key]).map(
      (m) => statusOf('mining', m.key, account) ?? 'unknown',
    );
    return { row, alert: worst(statuses) };
  }, [account, info.value, day.value, reward, seen.value, thresholds, now, statusOf]);

  return {
    entry,
    loaded: info.value !== undefined,
    error: info.error ?? day.error,
    fetchedAt: info.fetchedAt,
  };
}
