/**
 * The Mining tab tests' fakes: a scriptable Mining API (every call recorded, with the most ever
 * in flight), and the view mounted through the shared harness (harness.tsx).
 */
import type { ThresholdSet } from '../../../src/alerts/thresholds.js';
import { PooltopError } from '../../../src/errors/pooltop-error.js';
import type {
  AccountHashRate,
  MinerInfo,
  MiningAccount,
  MiningApi,
  MiningReward,
  WatcherLink,
} from '../../../src/api/mining-types.js';
import type { ApiClient } from '../../../src/api/types.js';
import type { RequestQueue } from '../../../src/api/request-queue.js';
import type { SeenStores } from '../../../src/config/seen-store.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import type { AlertSettings } from '../../../src/ui/alerts/alerts-context.js';
import { MiningView } from '../../../src/ui/mining/mining-view.js';
import type { StatusReport } from '../../../src/ui/status-report.js';
import { type TerminalEffects, TerminalEffectsContext } from '../../../src/ui/terminal-context.js';
import { sentEffects } from './fake-effects.js';
import type { AlertFeed } from '../../../src/ui/alerts/alert-feed.js';
import { AlertFeedContext } from '../../../src/ui/alerts/use-alerts.js';
import { keyedConfig } from './accounts-fakes.js';
import type { HistoryStore } from '../../../src/history/store.js';
import { NOW } from './fixtures.js';
import { mountView, QUIET_ALERTS } from './harness.js';

export { keyedConfig, keylessConfig } from './accounts-fakes.js';
export { NOW } from './fixtures.js';
export { KEYS, keyOf, tabKey, waitForFrame, waitUntil } from './harness.js';

const NOW_SEC = NOW / 1000;

export interface Call {
  op: keyof MiningApi;
  query: Record<string, unknown>;
}

/** A Mining API over made-up data; `fail(op, query)` may return an error to throw instead. */
export class FakeMining implements MiningApi {
  calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  accountList: MiningAccount[] = [
    { name: 'main_farm', createdAt: NOW_SEC - 90 * 86_400 },
    { name: 'solar_shed', createdAt: NOW_SEC - 200 * 86_400 },
    { name: 'hosting_kz', createdAt: NOW_SEC - 300 * 86_400 },
  ];
  workerCount = 40;
  workerName = (i: number): string => `rig-${String(i + 1).padStart(4, '0')}`;
  info: MinerInfo = {
    fee: 2.5,
    workers: { online: 37, low: 2, offline: 1 },
    stratum: [{ url: 'stratum+tcp://btc.pool.example:3333', workersCount: 39 }],
  };
  rejectRate = 0.0084;
  rewardList: MiningReward[] = rewards(40);
  links: WatcherLink[] = [
    link('ops', 'https://whitebit.example/mining/watch/aaa', null),
    link('family', 'https://whitebit.example/mining/watch/bbb', NOW_SEC + 86_400),
  ];
  fail: (op: keyof MiningApi, query: Record<string, unknown>) => Error | undefined = () => undefined;

  private async answer<T>(op: keyof MiningApi, query: object, make: () => T): Promise<T> {
    const q = query as Record<string, unknown>;
    this.calls.push({ op, query: q });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      // Answers a turn later, as the network would, without waiting on any clock.
      await new Promise((resolve) => setImmediate(resolve));
      const err = this.fail(op, q);
      if (err) throw err;
      return make();
    } finally {
      this.inFlight--;
    }
  }

  callsOf(op: keyof MiningApi): Call[] {
    return this.calls.filter((c) => c.op === op);
  }

  accounts: MiningApi['accounts'] = (q = {}) =>
    this.answer('accounts', q, () => ({ items: this.accountList, limit: 100, offset: 0 }));
  minerInfo: MiningApi['minerInfo'] = (q) => this.answer('minerInfo', q, () => structuredClone(this.info));
  hashrate: MiningApi['hashrate'] = (q) =>
    this.answer('hashrate', q, (): AccountHashRate => {
      const step = { '5m': 300, '1h': 3600, '24h': 86_400 }[q.interval ?? '1h'];
      const from = q.from ?? NOW_SEC - 86_400;
      const points = [];
      for (let t = from - (from % step); t + step <= NOW_SEC; t += step) {
        points.push({
          timestamp: t,
          hashrate: 4e15 + 1e14 * Math.sin(t / 7200),
          rejectRate: this.rejectRate,
        });
      }
      return { account: q.account, hashrate: points };
    });
  workerNames: MiningApi['workerNames'] = (q) =>
    this.answer('workerNames', q, () => {
      const offset = q.offset ?? 0;
      const limit = q.limit ?? 100;
      const n = Math.max(0, Math.min(limit, this.workerCount - offset));
      return { items: Array.from({ length: n }, (_, i) => this.workerName(offset + i)), limit, offset };
    });
  workerHashrate: MiningApi['workerHashrate'] = (q) =>
    this.answer('workerHashrate', q, () => {
      const step = { '5m': 300, '1h': 3600, '24h': 86_400 }[q.interval ?? '1h'];
      const from = q.from ?? NOW_SEC - 7200;
      const points = [];
      for (let t = from - (from % step); t + step <= NOW_SEC; t += step) {
        points.push({ timestamp: t, hashrate: 1e14 });
      }
      return { account: q.account, worker: q.worker, hashrate: points };
    });
  rewards: MiningApi['rewards'] = (q = {}) =>
    this.answer('rewards', q, () => {
      const offset = q.offset ?? 0;
      const limit = q.limit ?? 30;
      return { items: this.rewardList.slice(offset, offset + limit), limit, offset };
    });
  payoutDestination: MiningApi['payoutDestination'] = (q) =>
    this.answer('payoutDestination', q, () => ({ payoutDestination: 'main_balance', externalAddress: null }));
  watcherLinks: MiningApi['watcherLinks'] = (q) =>
    this.answer('watcherLinks', q, () => structuredClone(this.links));
}

function link(name: string, url: string, liveUntil: number | null): WatcherLink {
  return {
    id: name,
    accounts: ['main_farm'],
    name,
    link: url,
    permissions: ['dashboard'],
    liveUntil,
    createdAt: NOW_SEC,
  };
}

/** One reward a day, newest first; every tenth pending (the newest) or canceled. */
export function rewards(n: number): MiningReward[] {
  return Array.from({ length: n }, (_, i) => ({
    miningAccountName: 'main_farm',
    payoutDestination: 'main_balance',
    payoutTransactionHash: null,
    payoutAddress: null,
    payoutTime: null,
    rewardCurrency: 'BTC',
    totalReward: '0.00102',
    reward: `0.001${String(i % 10)}`,
    fee: '0.00002',
    fppsRate: '0.0000005',
    hashRate: 4e15,
    date: NOW_SEC - (i + 1) * 86_400,
    status: i === 0 ? 'pending' : i % 10 === 5 ? 'canceled' : 'successful',
  }));
}

export function clientOf(mining: MiningApi): ApiClient {
  return {
    baseUrl: 'http://127.0.0.1:1/',
    mining,
    getMiningPool: () => Promise.reject(new Error('not used')),
    listSubAccounts: () => Promise.reject(new Error('not used')),
    subAccountBalances: () => Promise.reject(new Error('not used')),
    refreshToken: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };
}

export const refused = (message = 'Mining pool account not found'): PooltopError =>
  new PooltopError('validation', message, { status: 400 });

export interface MountOptions {
  client: ApiClient;
  /** The queue `client` paces its sends by, the dashboard's too (default: the providers' own). */
  queue?: RequestQueue;
  config?: ResolvedConfig;
  width?: number;
  height?: number;
  intervalSec?: number;
  thresholds?: ThresholdSet;
  now?: () => number;
  hidden?: boolean;
  /** Receives what the view reports to the status bar (status-report.ts). */
  onReport?: (report: StatusReport | undefined) => void;
  seenStores?: SeenStores;
  /** Default: the dashboard's own port, its bytes in `sent`. */
  effects?: TerminalEffects;
  /** Where WARN/CRIT come from (helpers/watcher-feed.ts); default: the dashboard's watcher as mounted. */
  feed?: AlertFeed;
  /** The history file on the dashboard context (history-fixture.tsx). */
  history?: HistoryStore;
}

export function mountMining(opts: MountOptions) {
  const config = opts.config ?? {
    ...keyedConfig,
    miningAccount: 'main_farm',
    sources: { ...keyedConfig.sources, miningAccount: 'flag' },
  };
  const alerts: AlertSettings = { ...QUIET_ALERTS, thresholds: opts.thresholds ?? QUIET_ALERTS.thresholds };
  const { effects, sent } = opts.effects ? { effects: opts.effects, sent: [] as string[] } : sentEffects();
  const mounted = mountView(
    (hidden) => (
      <TerminalEffectsContext.Provider value={effects}>
        {opts.feed ? (
          <AlertFeedContext.Provider value={opts.feed}>
            <MiningView
              width={opts.width ?? 120}
              height={opts.height ?? 40}
              visibility={hidden ? 'hidden' : 'active'}
            />
          </AlertFeedContext.Provider>
        ) : (
          <MiningView
            width={opts.width ?? 120}
            height={opts.height ?? 40}
            visibility={hidden ? 'hidden' : 'active'}
          />
        )}
      </TerminalEffectsContext.Provider>
    ),
    { ...opts, config, alerts },
  );
  return { ...mounted, sent };
}
