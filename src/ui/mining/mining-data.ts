/**
 * The Mining tab's resources, one hook per read operation: its key, its fetcher and its policy
 * (data/use-resource.ts polls them). Every request goes through the tab's queue (≤ 4 in flight,
 * < 50 a second, 429 honoured). Series windows are asked for explicitly (`from`), so the answer
 * covers what the chart says whatever the server's default window is.
 */
import type {
  AccountHashRate,
  MinerInfo,
  MiningAccount,
  MiningInterval,
  MiningPage,
  MiningReward,
  PayoutDestination,
  WatcherLink,
  WorkerHashRate,
} from '../../api/mining-types.js';
import { INTERVAL_SECONDS } from '../../api/mining-types.js';
import { listAndRemember } from '../../api/worker-listing.js';
import { listRewards } from '../../api/rewards-listing.js';
import type { SeenState } from '../../config/seen-workers.js';
import { useDashboard } from '../dashboard-context.js';
import { miningInfoKey, miningSeriesKey } from '../hooks/resource-keys.js';
import {
  type Fetcher,
  type Resource,
  type ResourceKey,
  type ResourcePolicy,
  useResource,
} from '../data/use-resource.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How far back each chart interval looks: 288 five-minute points, 168 hourly, 30 daily. */
export const CHART_SPAN_SECONDS: Readonly<Record<MiningInterval, number>> = {
  '5m': DAY,
  '1h': 7 * DAY,
  '24h': 30 * DAY,
};
/**
 * The account's series query at `interval`: CHART_SPAN_SECONDS back, from the start of a 5-minute
 * bucket, so the same read asked a few seconds apart (the tab, the watcher) is the same request.
 */
export function chartSeriesQuery(account: string, interval: MiningInterval, nowS: number) {
  const from = Math.max(0, Math.floor((nowS - CHART_SPAN_SECONDS[interval]) / 300) * 300);
  return { account, interval, from };
}

/** A worker's trend in the table: its five-minute points of the last two hours. */
export const TREND_SPAN_SECONDS = 2 * HOUR;
/** workers/names pages: the API's largest. */
export const NAMES_PAGE = 100;

export interface Poll {
  hidden: boolean;
  /** Polling paused (`p`): nothing is polled, but keys asked for still load. */
  paused: boolean;
}

/** A Mining resource: through the tab's request queue unless its fetcher queues its own requests. */
function useMiningResource<K extends ResourceKey, T>(
  key: K | null,
  fetch: Fetcher<K, T>,
  policy: ResourcePolicy<T> & { queuesItself?: boolean },
): Resource<T> {
  const queue = useDashboard().queue;
  const { queuesItself = false, ...rest } = policy;
  return useResource(key, fetch, { ...rest, queue: queuesItself ? undefined : queue });
}

function useFrom(): (span: number) => number {
  const { now } = useDashboard();
  return (span) => Math.max(0, Math.floor(now() / 1000) - span);
}

export function useMiningAccounts(enabled: boolean, poll: Poll): Resource<MiningPage<MiningAccount>> {
  const { client } = useDashboard();
  return useMiningResource(
    enabled ? (['mining-accounts'] as const) : null,
    (_k, signal) => client.mining.accounts({}, { signal }),
    { ...poll, slow: true },
  );
}

export function useMinerInfo(account: string, poll: Poll): Resource<MinerInfo> {
  const { client } = useDashboard();
  return useMiningResource(
    miningInfoKey(account),
    ([, a], signal) => client.mining.minerInfo({ account: a }, { signal }),
    poll,
  );
}

/**
 * The account's series at `interval` over CHART_SPAN_SECONDS; the 5-minute one also feeds the
 * headline. Its points are whole buckets of five minutes or more, so a faster poll only fetches
 * the same points again: polled once a minute and just after each bucket closes.
 */
export function useAccountSeries(
  account: string,
  interval: MiningInterval,
  poll: Poll,
  enabled = true,
): Resource<AccountHashRate> {
  const { client, now } = useDashboard();
  return useMiningResource(
    enabled ? miningSeriesKey(account, interval) : null,
    ([, a, i], signal) => client.mining.hashrate(chartSeriesQuery(a, i, now() / 1000), { signal }),
    { ...poll, slow: true, bucketMs: INTERVAL_SECONDS[interval] * 1000 },
  );
}

export function usePayout(account: string, poll: Poll): Resource<PayoutDestination> {
  const { client } = useDashboard();
  return useMiningResource(
    ['mining-payout', account] as const,
    ([, a], signal) => client.mining.payoutDestination({ account: a }, { signal }),
    { ...poll, slow: true },
  );
}

export function useWatcherLinks(account: string, poll: Poll): Resource<WatcherLink[]> {
  const { client } = useDashboard();
  return useMiningResource(
    ['mining-links', account] as const,
    ([, a], signal) => client.mining.watcherLinks({ account: a }, { signal }),
    { ...poll, slow: true },
  );
}

export function useRewards(
  account: string,
  offset: number,
  limit: number,
  poll: Poll,
): Resource<MiningPage<MiningReward>> {
  const { client } = useDashboard();
  return useMiningResource(
    ['mining-rewards', account, offset, limit] as const,
    ([, a, o, l], signal) => client.mining.rewards({ account: a, offset: o, limit: l }, { signal }),
    { ...poll, slow: true },
  );
}

/**
 * One page of connected workers' names (`enabled` false while a search shows the whole list).
 * Polled once a minute; use-workers.ts asks again as soon as the headline's counts change.
 */
export function useWorkerNames(
  account: string,
  offset: number,
  enabled: boolean,
  poll: Poll,
): Resource<MiningPage<string>> {
  const { client } = useDashboard();
  return useMiningResource(
    enabled ? (['mining-workers', account, offset, NAMES_PAGE] as const) : null,
    ([, a, o, l], signal) => client.mining.workerNames({ account: a, offset: o, limit: l }, { signal }),
    { ...poll, slow: true },
  );
}

/** One worker's five-minute points of the last two hours, for its row (at low priority). */
export function useWorkerTrend(account: string, worker: string, poll: Poll): Resource<WorkerHashRate> {
  const { client } = useDashboard();
  const from = useFrom();
  return useMiningResource(
    ['mining-trend', account, worker] as const,
    ([, a, w], signal) =>
      client.mining.workerHashrate(
        { account: a, worker: w, interval: '5m', from: from(TREND_SPAN_SECONDS) },
        { signal },
      ),
    { ...poll, slow: true, priority: 'low' },
  );
}

/** One worker's series at the chart's interval (`Enter`), asked like the account's. */
export function useWorkerChart(
  account: string,
  worker: string | undefined,
  interval: MiningInterval,
  poll: Poll,
): Resource<WorkerHashRate> {
  const { client } = useDashboard();
  const from = useFrom();
  return useMiningResource(
    worker === undefined ? null : (['mining-worker', account, worker, interval] as const),
    ([, a, w, i], signal) =>
      client.mining.workerHashrate(
        { account: a, worker: w, interval: i, from: from(CHART_SPAN_SECONDS[i]) },
        { signal },
      ),
    { ...poll, slow: true, bucketMs: INTERVAL_SECONDS[interval] * 1000 },
  );
}

/** What pooltop remembers of an account's workers after its latest listing (Unix seconds). */
/** The rewards pane's year: its 30-day yield trend and its months (`m`). */
export const REWARD_HISTORY_DAYS = 366;

/**
 * Every reward of the account over the last REWARD_HISTORY_DAYS days, newest first: the whole
 * listing (api/rewards-listing.ts) at low priority through the queue, polled slowly; a page that
 * fails fails the read and the last answer stays.
 */
export function useRewardHistory(account: string, poll: Poll): Resource<MiningReward[]> {
  const { client, now } = useDashboard();
  const queue = useDashboard().queue;
  return useMiningResource(
    ['mining-reward-history', account] as const,
    ([, a], signal) => {
      const from = Math.floor(now() / 1000) - REWARD_HISTORY_DAYS * DAY;
      return listRewards(client, { account: a, from }, { signal, queue });
    },
    { ...poll, slow: true, queuesItself: true },
  );
}

export interface SeenWorkers {
  state: SeenState;
  /** The listing reached every name (only then may a worker be marked gone). */
  complete: boolean;
  /** Every connected worker's name, as listed (a search filters these: workers/names has no filter). */
  names: readonly string[];
  listedAt: number;
}

/**
 * The account's whole `workers/names` listing folded into this profile's memory of its
 * workers (config/seen-workers.ts): pages of 100 at low priority through the queue; a page that
 * fails fails the whole read and nothing is written, so the last answer stays. Asked once per
 * account (and on `r`); the callers ask again when the worker counts change.
 */
export function useSeenWorkers(account: string, poll: Poll, enabled = true): Resource<SeenWorkers> {
  const { client, now, seenStores: stores } = useDashboard();
  const queue = useDashboard().queue;
  return useMiningResource(
    enabled ? (['mining-seen', account] as const) : null,
    async ([, a], signal) => {
      const { listing, seen, atMs } = await listAndRemember(client, a, await stores(a), {
        signal,
        queue,
        now,
      });
      return {
        state: seen,
        complete: listing.complete,
        names: listing.names,
        listedAt: Math.floor(atMs / 1000),
      };
    },
    { ...poll, once: true, queuesItself: true },
  );
}
