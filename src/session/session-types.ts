/** Public types of the OAuth session (session.ts), shared by `pooltop auth` and the Session tab. */
import type { LockOptions } from '../config/lock.js';
import type { Rescue } from '../config/rescue-file.js';
import type { SettingKey } from '../config/settings-meta.js';
import type { LastRefresh, StoredTokens, TokenStore } from '../config/token-store.js';
import type { ResolvedConfig } from '../config/types.js';
import type { ApiClient } from '../api/types.js';

/** A refresh token lives 600 s from issue, as WhiteBIT's OAuth documentation says. */
export const REFRESH_TOKEN_LIFETIME_SEC = 600;
/** One refresh attempt may take at most this long; bounds how long the lock is held. */
export const REFRESH_ATTEMPT_TIMEOUT_MS = 30_000;
/** Longest wait honoured for a 429's Retry-After before the single retry. */
export const MAX_RATE_LIMIT_WAIT_MS = 10_000;

export interface SessionOptions {
  config: ResolvedConfig;
  client: Pick<ApiClient, 'refreshToken' | 'baseUrl'>;
  /** Where tokens live; default: the file store in `stateDir`. */
  store?: TokenStore;
  /** Default: resolveStateDir(process.env, os.homedir()). Ignored when `store` is given. */
  stateDir?: string;
  /** Told once, in one line, when the file store is readable by others. */
  onStoreWarning?: (line: string) => void;
  now?: () => number;
  /** Waits; rejects when `signal` aborts. Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Passed to acquireLock (its clock and sleep default to the session's). */
  lock?: LockOptions;
  /** Refresh-token lifetime used for "expires at" (default 600 s). */
  refreshLifetimeSec?: number;
  attemptTimeoutMs?: number;
  /** Epoch ms (on `now`'s clock) by which a refresh must end (`--timeout`): no wait reaches past it. */
  deadline?: number;
}

export interface SessionStatus {
  profile: string;
  baseUrl: string;
  storePath: string;
  /** OAuth settings that are missing for a refresh (empty when a refresh can be attempted). */
  missing: SettingKey[];
  tokens?: StoredTokens;
  /** ms since the epoch. */
  issuedAt?: number;
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
  scopes: string[];
  lastRefresh?: LastRefresh;
  /** A refresh was sent with the current refresh token and its answer never arrived (ms). */
  interruptedAt?: number;
  /** The configured refresh token differs from the one the stored chain started from. */
  reauthorised: boolean;
}

export interface RefreshOutcome {
  /** The token set exactly as received (by this process, or by another one if `shared`). */
  tokens: StoredTokens;
  /** Documented token-set fields the answer lacked (missing or null), e.g. `scope`. */
  incomplete: string[];
  issuedAt: number;
  /** Another pooltop process refreshed while this one waited for the lock; its result was reused. */
  shared: boolean;
  status: SessionStatus;
}

export interface Session {
  readonly profile: string;
  /** Refreshes once. Concurrent calls in this process share one request. Throws PooltopError. */
  refresh(opts?: { signal?: AbortSignal }): Promise<RefreshOutcome>;
  /** What is stored for the profile and base URL (reads without locking: writes are atomic). */
  status(): Promise<SessionStatus>;
  /**
   * Saves a set handed over by a refresh whose save failed (`pooltop auth restore`), under the
   * lock; refuses one older than the stored set. Sends nothing.
   */
  restore(rescue: Rescue, signal?: AbortSignal): Promise<SessionStatus>;
  /** The set this process holds but could not save (config/rescue-file.ts), if any: a secret. */
  unsavedRescue(): string | undefined;
}
