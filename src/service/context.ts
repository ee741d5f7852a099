/** Everything a request handler needs: settings, models, auth state, limiters and counters. */
import { type AccountStore, createAccountStore } from './accounts.js';
import type { AuthConfig } from './auth.js';
import { createMiningModel, type MiningModel } from './mining-model.js';
import { NonceStore } from './nonce-store.js';
import { OAuthServer } from './oauth.js';
import type { ResolvedOptions, ServiceCredentials, ServiceStats } from './options.js';
import { createOversightStore, type OversightStore } from './oversight-store.js';
import { createPoolModel, type PoolModel } from './pool-model.js';
import { WindowLimiter } from './rate-limit.js';
import { logWrite, WRITE_PATHS } from './write-paths.js';

export interface ServiceContext {
  readonly options: ResolvedOptions;
  readonly credentials: ServiceCredentials;
  readonly pool: PoolModel;
  readonly accounts: AccountStore;
  readonly mining: MiningModel;
  readonly oversight: OversightStore;
  readonly auth: AuthConfig;
  readonly oauth: OAuthServer;
  readonly limits: {
    /** 1000 requests / 10 s per API key and signed operation (keyed `<path> key:<key>`). */
    readonly privateKey: WindowLimiter;
    /** 1000 requests / 10 s per client address on the mining-pool endpoint. */
    readonly poolEndpoint: WindowLimiter;
    /** 2000 requests / 10 s per client address over all public endpoints. */
    readonly publicAll: WindowLimiter;
  };
  failRate: number;
  readonly counters: {
    requests: number;
    connections: number;
    faults: number;
    /** Requests to an operation that changes an account (write-paths.ts): pooltop must send none. */
    writes: number;
    byPath: Map<string, number>;
  };
}

const MAX_PATHS_COUNTED = 1000;

export function createContext(options: ResolvedOptions, credentials: ServiceCredentials): ServiceContext {
  const accounts = createAccountStore(options.accounts, options.seed);
  return {
    options,
    credentials,
    pool: createPoolModel({ seed: options.seed, blockInterval: options.blockInterval }),
    accounts,
    oversight: createOversightStore(accounts, options.seed, Math.floor(options.now() / 1000)),
    mining: createMiningModel({
      seed: options.seed,
      accounts: options.miningAccounts,
      workers: options.workers,
      startMs: options.now(),
    }),
    auth: {
      apiKey: credentials.apiKey,
      apiSecret: credentials.apiSecret,
      keyDisabled: options.keyDisabled,
      keyForbidden: options.keyForbidden,
      nonces: new NonceStore(),
      now: options.nonceNow,
    },
    oauth: new OAuthServer(
      {
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        accessTtl: options.accessTtl,
        refreshTtl: options.refreshTtl,
        now: options.now,
        rateLimit: options.rateLimit,
      },
      credentials.refreshToken,
    ),
    limits: {
      privateKey: new WindowLimiter(1000, 10_000),
      poolEndpoint: new WindowLimiter(1000, 10_000),
      publicAll: new WindowLimiter(2000, 10_000),
    },
    failRate: options.failRate,
    counters: { requests: 0, connections: 0, faults: 0, writes: 0, byPath: new Map() },
  };
}

export function countRequest(ctx: ServiceContext, path: string): void {
  const { counters } = ctx;
  counters.requests++;
  if (WRITE_PATHS.has(path)) {
    counters.writes++;
    if (ctx.options.writeLog) logWrite(ctx.options.writeLog, path);
  }
  const key = counters.byPath.has(path) || counters.byPath.size < MAX_PATHS_COUNTED ? path : '(other)';
  counters.byPath.set(key, (counters.byPath.get(key) ?? 0) + 1);
}

export function snapshotStats(ctx: ServiceContext): ServiceStats {
  return {
    requests: ctx.counters.requests,
    connections: ctx.counters.connections,
    byPath: Object.fromEntries(ctx.counters.byPath),
    refreshesAccepted: ctx.oauth.accepted,
    refreshesRejected: ctx.oauth.rejected,
    faults: ctx.counters.faults,
    writes: ctx.counters.writes,
  };
}
