/**
 * Public types of the embedded reference service and the resolution of its options into
 * validated settings with defaults.
 */
import type { GeneratedAccount } from './accounts.js';
import type { ModelTransfer } from './oversight-model.js';
import type { NewModelKey } from './oversight-store.js';
import { WRITE_LOG_ENV } from './write-paths.js';
import { POOL_SHAPES, type PoolShape } from './pool-shape.js';
import { mulberry32 } from './random.js';

export interface ServiceCredentials {
  apiKey: string;
  apiSecret: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface ServiceOptions {
  /** Address to bind; default `127.0.0.1`. */
  host?: string;
  /** Port; default 0 (ephemeral). */
  port?: number;
  /** Number of generated sub-accounts, 0..20000; default 1000. */
  accounts?: number;
  /** Number of generated mining accounts, 0..100; default 3. */
  miningAccounts?: number;
  /** Workers per mining account, 0..20000; default 40. */
  workers?: number;
  /** Seed of the generated data; default 1 so data is deterministic. */
  seed?: number;
  /** Access-token lifetime (`expires_in`), seconds; default 300. */
  accessTtl?: number;
  /** Refresh-token lifetime from issue, seconds; default 600. */
  refreshTtl?: number;
  /** Mean seconds between found blocks (at least 1); default 45. */
  blockInterval?: number;
  /** Milliseconds added to every response; default 0. */
  latency?: number;
  /** 0..1 share of requests answered with an infrastructure failure; default 0. */
  failRate?: number;
  /** Fixed credentials instead of generated ones (any subset). */
  credentials?: Partial<ServiceCredentials>;
  /** Injected clock, milliseconds; default `Date.now`. */
  now?: () => number;
  /**
   * The clock signed requests' nonces are checked against (±5 s); default `now`. A test that
   * freezes `now` to fix the data keeps this one real, since its clients sign with the real time.
   */
  nonceNow?: () => number;
  /** Injected randomness for faults, in [0, 1); default a PRNG seeded from `seed`. */
  random?: () => number;
  /** The API key is disabled: signed requests get 401 "This action is unauthorized…". */
  keyDisabled?: boolean;
  /** The API key may not use the endpoint: signed requests get 403 "You don't have permission…". */
  keyForbidden?: boolean;
  /** Enforce the documented rate limits (default true; a benchmark may turn them off). */
  rateLimit?: boolean;
  /** Shape of the mining-pool overview: `snake` (default), `camel` or `camel-array` (pool-shape.ts). */
  poolShape?: PoolShape;
  /** Drop, null or retype optional fields in a deterministic share of items (sparse.ts). */
  sparse?: boolean;
  /**
   * The unconfirmed-withdrawals operation answers 404, as the vendor's does for an account the
   * feature is not enabled for.
   */
  withdrawalsDisabled?: boolean;
  /**
   * A file each request to an operation that changes an account is appended to (its path, one a
   * line); default `$POOLTOP_SERVICE_WRITE_LOG`; empty: none.
   */
  writeLog?: string;
}

export interface ServiceStats {
  /** Every request received, faulted or not. */
  requests: number;
  /** TCP connections accepted so far (keep-alive reuse keeps this low). */
  connections: number;
  /** Requests per URL path (query string left out). */
  byPath: Record<string, number>;
  /** Token refreshes that succeeded (a new token set was issued and the old token died). */
  refreshesAccepted: number;
  /** Token refresh requests answered with an error (client, token, rate limit, format). */
  refreshesRejected: number;
  /** Requests answered by fault injection. */
  faults: number;
  /** Requests to an operation that changes an account (write-paths.ts); pooltop sends none. */
  writes: number;
}

export interface ServiceHandle {
  /** e.g. `http://127.0.0.1:40123` */
  baseUrl: string;
  /** The initial credentials. */
  credentials: ServiceCredentials;
  /** Names of the simulated mining accounts, newest first. */
  miningAccounts: string[];
  stats(): ServiceStats;
  /** Changes the fault share at run time (0..1). */
  setFailRate(rate: number): void;
  /**
   * Test hook: changes fields of one sub-account (as if someone edited it); false for an unknown id.
   * A field set to undefined is removed.
   */
  changeAccount(id: string, patch: Partial<GeneratedAccount>): boolean;
  /** Test hook: removes one sub-account from the list; false for an unknown id. */
  removeAccount(id: string): boolean;
  /** Test hook: a new transfer, the account's newest; its id, or undefined for an unknown account. */
  addTransfer(
    accountId: string,
    transfer: Pick<ModelTransfer, 'direction' | 'currency' | 'amount'>,
  ): string | undefined;
  /** Test hook: a new API key, the account's newest, with its IP list; its id, or undefined for an unknown account. */
  addKey(accountId: string, key: NewModelKey): string | undefined;
  /** Closes the server and every socket. */
  close(): Promise<void>;
}

export const MAX_ACCOUNTS = 20_000;
export const MAX_MINING_ACCOUNTS = 100;
export const MAX_WORKERS = 20_000;
export const DEFAULT_SEED = 1;

export interface ResolvedOptions {
  host: string;
  port: number;
  accounts: number;
  miningAccounts: number;
  workers: number;
  seed: number;
  accessTtl: number;
  refreshTtl: number;
  blockInterval: number;
  latency: number;
  failRate: number;
  now: () => number;
  nonceNow: () => number;
  random: () => number;
  keyDisabled: boolean;
  keyForbidden: boolean;
  rateLimit: boolean;
  poolShape: PoolShape;
  sparse: boolean;
  withdrawalsDisabled: boolean;
  /** Empty: none. */
  writeLog: string;
}

export function resolveOptions(options: ServiceOptions = {}): ResolvedOptions {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  return {
    host: options.host ?? '127.0.0.1',
    port: checkRange('port', options.port ?? 0, 0, 65535, true),
    accounts: checkRange('accounts', options.accounts ?? 1000, 0, MAX_ACCOUNTS, true),
    miningAccounts: checkRange('miningAccounts', options.miningAccounts ?? 3, 0, MAX_MINING_ACCOUNTS, true),
    workers: checkRange('workers', options.workers ?? 40, 0, MAX_WORKERS, true),
    seed,
    accessTtl: checkRange('accessTtl', options.accessTtl ?? 300, 1, Number.MAX_SAFE_INTEGER, true),
    refreshTtl: checkRange('refreshTtl', options.refreshTtl ?? 600, 1, Number.MAX_SAFE_INTEGER, true),
    blockInterval: checkRange('blockInterval', options.blockInterval ?? 45, 1, 365 * 86400, false),
    latency: checkRange('latency', options.latency ?? 0, 0, 600_000, false),
    failRate: checkFailRate(options.failRate ?? 0),
    now: options.now ?? Date.now,
    nonceNow: options.nonceNow ?? options.now ?? Date.now,
    random: options.random ?? mulberry32((seed ^ 0x5bd1e995) >>> 0),
    keyDisabled: options.keyDisabled ?? false,
    keyForbidden: options.keyForbidden ?? false,
    rateLimit: options.rateLimit ?? true,
    poolShape: checkPoolShape(options.poolShape ?? 'snake'),
    sparse: options.sparse ?? false,
    withdrawalsDisabled: options.withdrawalsDisabled ?? false,
    writeLog: options.writeLog ?? process.env[WRITE_LOG_ENV] ?? '',
  };
}

function checkPoolShape(shape: string): PoolShape {
  const known = POOL_SHAPES as readonly string[];
  if (!known.includes(shape))
    throw new RangeError(`poolShape must be one of ${known.join(', ')}, got ${shape}`);
  return shape as PoolShape;
}

export function checkFailRate(rate: number): number {
  return checkRange('failRate', rate, 0, 1, false);
}

function checkRange(name: string, value: number, min: number, max: number, integer: boolean): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  if (!ok || (integer && !Number.isInteger(value))) {
    const kind = integer ? 'an integer' : 'a number';
    throw new RangeError(`${name} must be ${kind} from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}
