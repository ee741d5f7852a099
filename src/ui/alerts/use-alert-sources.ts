/**
 * The data the alerts evaluate, read from the dashboard's SWR cache without fetching anything
 * (a `null` fetcher only subscribes): the pool overview the Pool tab polls, and the selected
 * mining account's miners/info and hash-rate series once the Mining tab has polled them
 * (keys in hooks/swr-keys.ts, each answer with the time it came: data/use-resource.ts;
 * the 5-minute series, else the hourly one). A scope without
 * thresholds is not even subscribed to.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { readMining, readPool } from '../../alerts/readings.js';
import type { AccountHashRate, MinerInfo } from '../../api/mining-types.js';
import type { PoolOverview } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { MINING_ACCOUNT_KEY, miningInfoKey, miningSeriesKey, POOL_OVERVIEW_KEY } from '../hooks/swr-keys.js';
import type { Polled } from '../data/polled.js';
import type { AlertSource } from './alert-state.js';
import { useAlertSettings } from './alerts-context.js';

export function useAlertSources(): AlertSource[] {
  const { config } = useDashboard();
  const { thresholds } = useAlertSettings();
  const wantPool = Object.keys(thresholds.pool).length > 0;
  const wantMining = Object.keys(thresholds.mining).length > 0;
  const pool = useSWR<Polled<PoolOverview>>(wantPool ? POOL_OVERVIEW_KEY : null, null).data;
  const chosen = useSWR<string>(wantMining ? MINING_ACCOUNT_KEY : null, null).data;
  const account = wantMining ? chosen || config.miningAccount : undefined;
  const info = useSWR<Polled<MinerInfo>>(account ? miningInfoKey(account) : null, null).data?.value;
  const fine = useSWR<Polled<AccountHashRate>>(account ? miningSeriesKey(account, '5m') : null, null).data
    ?.value;
  const hourly = useSWR<Polled<AccountHashRate>>(
    account && !fine ? miningSeriesKey(account, '1h') : null,
    null,
  ).data?.value;
  const series = fine ?? hourly;
  const overview = pool?.value;
  return useMemo(() => {
    const sources: AlertSource[] = [];
    if (overview) sources.push({ scope: 'pool', readings: readPool(overview) });
    if (account && (info || series)) {
      sources.push({ scope: 'mining', account, readings: readMining(account, info, series) });
    }
    return sources;
  }, [overview, account, info, series]);
}
