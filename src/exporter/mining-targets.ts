/**
 * What the exporter polls of the Mining Pool API, and the fewest calls that give every mining
 * metric: the list of accounts, then per account `miners/info` (the worker counts) and one
 * 5-minute hash-rate series of the last 25 hours (hash rate, 24-hour average, reject ratio, the
 * newest point's time). So `1 + 2 × accounts` requests per interval. Accounts that leave the list
 * lose their gauges; a failed call keeps that account's last good values.
 *
 * workers_gone needs the account's whole `workers/names` listing (a page per 100 workers) folded
 * into pooltop's memory of its workers (config/seen-workers.ts): listed after miners/info, the
 * first time, whenever its counts of connected and offline workers change (a worker came or
 * went), and at least every --gone-after; with the per-worker series (whitebit_mining_worker_up,
 * on unless --no-worker-metrics) every poll, a page per 100 workers. A listing with a failed page
 * changes nothing. With `history`, what is read is kept for the history store: each complete listing,
 * the counts that still match it, and the account's series (exporter-run.ts records a poll's reads).
 */
import { miningSeriesQuery, readMining } from '../alerts/readings.js';
import type {
  AccountHashRate,
  MinerInfo,
  MiningAccount,
  MiningApi,
  MiningPage,
} from '../api/mining-types.js';
import { listAndRemember } from '../api/worker-listing.js';
import type { SeenStores } from '../config/seen-store.js';
import { countGone, type SeenState } from '../config/seen-workers.js';
import type { RoundReads } from '../history/round-reads.js';
import type { Exposition } from './exposition.js';
import type { PollTarget } from './poller.js';

export const MINING_ENDPOINTS = {
  accounts: 'mining_accounts',
  info: 'mining_info',
  hashrate: 'mining_hashrate',
  workers: 'mining_workers',
} as const;
const PER_ACCOUNT = [MINING_ENDPOINTS.info, MINING_ENDPOINTS.hashrate, MINING_ENDPOINTS.workers];

interface AccountState {
  info?: MinerInfo;
  series?: AccountHashRate;
  /** The memory after the last complete listing, the counts it was listed at, and when (ms). */
  seen?: SeenState;
  listedAt?: string;
  listedMs?: number;
  targets: PollTarget<unknown>[];
}

/** Where the exporter keeps what it has seen, and how long a worker is missing before it counts. */
export interface GoneOptions {
  stores: SeenStores;
  afterS: number;
  /**
   * Publish whitebit_mining_worker_up per remembered worker, and list every poll (not only when
   * the counts change) so it is as fresh as the interval. Off for huge fleets.
   */
  perWorker?: boolean;
  /** Where a poll's reads wait for the history store (none: nothing kept). */
  history?: RoundReads;
}

/** The worker counts as one key: a change means a worker came or went. */
const countsOf = (info: MinerInfo | undefined): string | undefined =>
  info ? `${(info.workers.online ?? 0) + (info.workers.low ?? 0)} ${info.workers.offline}` : undefined;

/** The accounts target; the per-account targets follow it in every round. */
export function miningTargets(
  mining: MiningApi,
  exposition: Exposition,
  now: () => number = Date.now,
  gone?: GoneOptions,
): PollTarget<MiningPage<MiningAccount>> {
  const accounts = new Map<string, AccountState>();
  const publish = () => {
    const nowS = Math.floor(now() / 1000);
    exposition.setMining(
      [...accounts].map(([name, s]) => ({
        ...readMining(name, s.info, s.series),
        workersGone: gone && s.seen ? countGone(s.seen, nowS, gone.afterS) : undefined,
      })),
    );
    if (gone?.perWorker) {
      exposition.setWorkers(
        [...accounts].flatMap(([account, s]) => (s.seen ? [{ account, workers: s.seen.workers }] : [])),
      );
    }
  };

  const workersTarget = (account: string, state: AccountState): PollTarget<SeenState | undefined> => ({
    endpoint: MINING_ENDPOINTS.workers,
    account,
    fetch: async (signal) => {
      if (!gone) return undefined;
      const counts = countsOf(state.info);
      // Nobody came or went, and the listing is recent (one leaving as another comes back leaves
      // the counts as they were: listed again at least every --gone-after).
      const recent = now() - (state.listedMs ?? 0) < gone.afterS * 1000;
      if (state.seen && counts === state.listedAt && recent && !gone.perWorker) return state.seen;
      const { listing, seen: next, atMs } = await listAndRemember({ mining }, account, await gone.stores(account), {
        signal,
        now,
      });
      if (!listing.complete) return state.seen;
      gone.history?.listed(account, listing.names, atMs, next.workers.map((w) => w.name));
      state.listedAt = counts;
      state.listedMs = now();
      return next;
    },
    apply: (seen) => {
      state.seen = seen;
      publish();
    },
  });

  const targetsFor = (account: string, state: AccountState): PollTarget<unknown>[] => [
    {
      endpoint: MINING_ENDPOINTS.info,
      account,
      fetch: (signal) => mining.minerInfo({ account }, { signal }),
      apply: (info) => {
        state.info = info as MinerInfo;
        if (state.seen && countsOf(state.info) === state.listedAt) gone?.history?.countsMatched(account, now());
        publish();
      },
      // The listing follows the counts it answers to.
      next: () => (gone ? [workersTarget(account, state)] : []),
    },
    {
      endpoint: MINING_ENDPOINTS.hashrate,
      account,
      fetch: (signal) => mining.hashrate(miningSeriesQuery(account, now() / 1000), { signal }),
      apply: (series) => {
        state.series = series as AccountHashRate;
        gone?.history?.series(account, state.series.hashrate);
        publish();
      },
    },
  ];

  return {
    endpoint: MINING_ENDPOINTS.accounts,
    fetch: (signal) => mining.accounts({}, { signal }),
    apply: (page) => {
      const names = new Set(page.items.map((a) => a.name));
      for (const name of accounts.keys()) {
        if (names.has(name)) continue;
        accounts.delete(name);
        exposition.forgetAccount(name, PER_ACCOUNT);
      }
      for (const name of names) {
        if (accounts.has(name)) continue;
        const state: AccountState = { targets: [] };
        state.targets = targetsFor(name, state);
        accounts.set(name, state);
      }
      publish();
    },
    next: () => [...accounts.values()].flatMap((s) => s.targets),
  };
}
