import type { MiningApi } from '../../../src/api/mining-types.js';
import { poolOverviewModel } from '../../../src/api/schemas.js';
import type {
  ApiClient,
  PoolOverview,
  PoolOverviewJson,
  SubAccountPage,
  TokenSet,
} from '../../../src/api/types.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import { vi } from 'vitest';

/** 2025-11-22 12:00:00 UTC, the tests' "now". */
export const NOW = Date.UTC(2025, 10, 22, 12, 0, 0);
const HOUR = 3600;

/** An overview with every field there (the model allows any to be null). */
export type FullOverview = { [K in keyof PoolOverview]-?: NonNullable<PoolOverview[K]> };

/** The overview as the parser reads it from the wire, with `over` laid on top. */
export function overviewFixture(over: PoolOverviewJson = {}): FullOverview {
  return poolOverviewModel(wireOverviewFixture(over)) as FullOverview;
}

/** The wire shape (the spec's field names, hash rates as decimal text) with every field there. */
export function wireOverviewFixture(over: PoolOverviewJson = {}): PoolOverviewJson {
  const end = NOW / 1000 - 600;
  const series = Array.from({ length: 168 }, (_, i) => ({
    timestamp: end - (167 - i) * HOUR,
    hashrate: `${Math.round((150 + 40 * Math.sin(i / 9)) * 1e12)}.123456789`,
  }));
  return {
    connection_links: ['stratum+tcp://eu1.pool.example:3333', 'stratum+tcp://eu2.pool.example:443'],
    location: 'EU',
    assets: ['BTC'],
    reward_schemes: ['FPPS', 'PPLNS'],
    workers: 1234,
    current_hash_rate: '184425100325925.9259259259259259',
    last7days_hash_rate: series,
    blocks: [
      { block_found_at: NOW / 1000 - 300, block_height: 870_010 },
      { block_found_at: NOW / 1000 - 4000, block_height: 870_009 },
      { block_found_at: NOW / 1000 - 90_000, block_height: 870_008 },
    ],
    ...over,
  };
}

export const configFixture: ResolvedConfig = {
  baseUrl: 'http://127.0.0.1:1',
  profile: 'default',
  configPath: '/home/ops/.whitebit/config.toml',
  sources: { baseUrl: 'default' },
  warnings: [],
};

/** An ApiClient whose pool answer the test controls; counts calls and records signals. */
export class StubClient implements ApiClient {
  readonly baseUrl = 'http://127.0.0.1:1/';
  readonly mining = unusedMining();
  calls = 0;
  signals: Array<AbortSignal | undefined> = [];
  /** What the next getMiningPool returns: data, an error to throw, or a promise to await. */
  next: () => Promise<PoolOverview> = async () => overviewFixture();

  async getMiningPool(opts?: { signal?: AbortSignal }): Promise<PoolOverview> {
    this.calls++;
    this.signals.push(opts?.signal);
    return this.next();
  }
  async listSubAccounts(): Promise<SubAccountPage> {
    throw new Error('not used by these tests');
  }
  async subAccountBalances(): Promise<never> {
    throw new Error('not used by these tests');
  }
  async refreshToken(): Promise<TokenSet> {
    throw new Error('not used by these tests');
  }
  async close(): Promise<void> {}
}

/** Mining operations for fakes whose tests never call them: each one rejects. */
export function unusedMining(): MiningApi {
  const unused = async (): Promise<never> => {
    throw new Error('not used by these tests');
  };
  return {
    accounts: unused,
    minerInfo: unused,
    hashrate: unused,
    workerNames: unused,
    workerHashrate: unused,
    rewards: unused,
    payoutDestination: unused,
    watcherLinks: unused,
  };
}

/**
 * Time under the test's control: the polls' timers, the request queue's spacing (it reads
 * Date.now) and a fake API's answers run only as the test advances the clock, so how busy the
 * machine is cannot change what happens in a stretch of time (vi.waitFor advances the fake
 * timers as it polls).
 */
export function fakeClock(now = NOW): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now });
}

/** Advances the fake clock by `ms`, running what falls due. */
export const elapse = (ms: number): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => undefined);
