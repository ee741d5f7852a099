/**
 * What one mining account's pane shows, read through the Mining tab's resources (mining-data.ts):
 * miners/info, the 5-minute series behind the headline and the chart at the chosen interval,
 * payout, watcher links, the worker memory and its gone workers, a page of worker names, a page
 * of rewards, the whole reward history by month, and the open worker's own chart. The layout is
 * decided here because it sizes the pages asked for. The WARN/CRIT of the headline come from
 * the dashboard's watcher (use-alert-status.ts), never judged here.
 */
import { useMemo } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import { readMining } from '../../alerts/readings.js';
import type { MiningInterval } from '../../api/mining-types.js';
import { goneWorkers } from '../../config/seen-workers.js';
import { bookRow, monthRows } from '../../rewards/books.js';
import { useAlertStatus } from '../alerts/use-alert-status.js';
import { useBrowserStore, useOpenCursor } from '../browser/use-browser.js';
import { usePollDelta } from '../shared/use-poll-delta.js';
import {
  NAMES_PAGE,
  type Poll,
  useAccountSeries,
  useMinerInfo,
  usePayout,
  useRewardHistory,
  useRewards,
  useSeenWorkers,
  useWatcherLinks,
  useWorkerChart,
} from './mining-data.js';
import { miningLayout } from './mining-layout.js';
import { countsKey, useRelistOnCounts } from './use-relist.js';
import { useWorkers } from './use-workers.js';
import { useAccountUptimes, useWorkerHistory } from './use-history.js';
import type { WorkerOrder } from './worker-sort.js';

/** The headline's values that carry a WARN or CRIT. */
const HEADLINE_KEYS = [
  'hashrate',
  'hashrate_24h',
  'reject_rate',
  'workers_online',
  'workers_low',
  'workers_offline',
];

export interface AccountPaneInput {
  account: string;
  interval: MiningInterval;
  poll: Poll;
  active: boolean;
  width: number;
  height: number;
  /** The first reward row asked for (`]` and `[`). */
  rewardsOffset: number;
  /** The workers' order (`s`, `S`). */
  order?: WorkerOrder;
}

export function useAccountPaneData({
  account,
  interval,
  poll,
  active,
  width,
  height,
  rewardsOffset,
  order,
}: AccountPaneInput) {
  const info = useMinerInfo(account, poll);
  const day = useAccountSeries(account, '5m', poll);
  // At 5 minutes the chart is the headline's series: one hook asks for it, so it is asked once.
  const other = useAccountSeries(account, interval, poll, interval !== '5m');
  const chart = interval === '5m' ? day : other;
  const payout = usePayout(account, poll);
  const links = useWatcherLinks(account, poll);
  const linkList = links.value ?? [];
  const store = useBrowserStore({ limit: NAMES_PAGE });
  const layout = miningLayout(width, height, { links: linkList.length, searchOpen: store.state.searchOpen });
  const w = info.value?.workers;
  const counts = w ? `${(w.online ?? 0) + (w.low ?? 0)} ${w.offline}` : undefined;
  const seen = useSeenWorkers(account, poll);
  const seenValue = seen.value;
  const gone = useMemo(
    () => (seenValue ? goneWorkers(seenValue.state, seenValue.listedAt) : undefined),
    [seenValue],
  );
  // The history file's uptime of every worker, asked once a minute (use-history.ts).
  const uptimes = useAccountUptimes(account, poll);
  const workers = useWorkers({
    account,
    active,
    poll,
    viewRows: layout.workerRows,
    store,
    counts,
    gone,
    all: seen,
    order,
    uptimes: uptimes.value?.workers,
  });
  // A worker came or went: the memory is listed again, as the names are (use-workers.ts).
  useRelistOnCounts(countsKey(info.value), info.poll, seen, poll);
  const rewards = useRewards(account, rewardsOffset, layout.rewardRows, poll);
  const history = useRewardHistory(account, poll);
  const months = useMemo(() => history.value && monthRows(history.value.map(bookRow)), [history.value]);
  const openRow = useOpenCursor(store);
  const worker = openRow >= 0 ? workers.nameAt(openRow) : undefined;
  const workerChart = useWorkerChart(account, worker, interval, poll);
  const workerHistory = useWorkerHistory(account, worker, poll);

  const readings = useMemo(
    () => readMining(account, info.value, day.value),
    [account, info.value, day.value],
  );
  const statusOf = useAlertStatus();
  const statuses = useMemo(() => {
    const out: Record<string, Status> = {};
    for (const key of HEADLINE_KEYS) {
      const s = statusOf('mining', key, account);
      if (s !== undefined) out[key] = s;
    }
    return out;
  }, [statusOf, account]);
  const hashRate = usePollDelta(readings.hashRate, day.poll);
  const online = usePollDelta(readings.workersOnline, info.poll);
  const low = usePollDelta(readings.workersLow, info.poll);
  const offline = usePollDelta(readings.workersOffline, info.poll);
  const deltas = useMemo(() => ({ hashRate, online, low, offline }), [hashRate, online, low, offline]);

  return {
    info,
    day,
    chart,
    payout,
    links,
    linkList,
    layout,
    gone,
    workers,
    browser: store,
    rewards,
    history,
    months,
    worker,
    workerChart,
    workerHistory,
    uptimes,
    readings,
    statuses,
    deltas,
  };
}
