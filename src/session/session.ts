/**
 * The OAuth session: refreshes the token chain without ever losing it. Used by `pooltop auth`
 * and the dashboard's Session tab.
 *
 * refresh():
 *  1. concurrent calls in this process share one request;
 *  2. takes the profile's cross-process lock, then re-reads the store: if the stored chain
 *     moved on while we waited (another process refreshed), its result is used, no token spent;
 *  3. picks the token (the stored chain's, or the configured one if the user re-authorised);
 *  4. records "sending token X" durably (so even a crash inside the window is reported later);
 *  5. sends; a 429 waits (Retry-After or 1 s) and tries once more: it was refused unprocessed;
 *  6. saves the new refresh token durably the moment the answer shows one, before anything
 *     else in the answer is checked (an otherwise broken answer still keeps the chain);
 *  7. persists the whole new set durably BEFORE returning, or records why it failed.
 */
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { ensurePrivateDir } from '../config/atomic-write.js';
import { acquireLock, type LockHandle } from '../config/lock.js';
import { missingSettingMessage } from '../config/settings-meta.js';
import { resolveStateDir } from '../config/state-dir.js';
import { fileTokenStore, sha256, type StoreEntry, type TokenStore } from '../config/token-store.js';
import { linkSignals } from '../api/link-signals.js';
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { classifyRefreshFailure, isRateLimit } from './session-errors.js';
import {
  buildStatus,
  chooseRefreshToken,
  incompleteFields,
  interruptedAt,
  missingOAuthSettings,
} from './session-status.js';
import {
  MAX_RATE_LIMIT_WAIT_MS,
  REFRESH_ATTEMPT_TIMEOUT_MS,
  REFRESH_TOKEN_LIFETIME_SEC,
  type RefreshOutcome,
  type Session,
  type SessionOptions,
} from './session-types.js';
import type { TokenSet } from '../api/types.js';

export type { RefreshOutcome, Session, SessionOptions, SessionStatus } from './session-types.js';

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function unwritable(path: string, e: unknown): PooltopError {
  if (isPooltopError(e)) return e;
  const code = (e as NodeJS.ErrnoException).code ?? 'error';
  return new PooltopError('config', `cannot write the token store ${path} (${code}); nothing was sent`, {
    cause: e,
  });
}

export function createSession(opts: SessionOptions): Session {
  const { config, client } = opts;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const baseUrl = client.baseUrl.replace(/\/+$/, '');
  const store: TokenStore =
    opts.store ??
    fileTokenStore({
      stateDir: opts.stateDir ?? resolveStateDir({ env: process.env, home: homedir() }),
      profile: config.profile,
      baseUrl,
    });
  const lifetime = opts.refreshLifetimeSec ?? REFRESH_TOKEN_LIFETIME_SEC;
  const where = { profile: config.profile, configPath: config.configPath };
  let inflight: Promise<RefreshOutcome> | undefined;
  /** A set we received but could not save: the only live token; used until a save succeeds. */
  let unsaved: StoreEntry | undefined;

  const newest = (entry: StoreEntry | undefined): StoreEntry | undefined =>
    unsaved && (entry?.issuedAt ?? -1) < (unsaved.issuedAt ?? 0) ? unsaved : entry;
  const statusOf = (entry: StoreEntry | undefined) =>
    buildStatus({ config, baseUrl, storePath: store.path, entry, refreshLifetimeSec: lifetime });

  async function lock(signal?: AbortSignal): Promise<LockHandle | undefined> {
    if (!store.lockPath) return undefined;
    await ensurePrivateDir(dirname(store.lockPath)).catch((e: unknown) => {
      throw unwritable(dirname(store.lockPath ?? ''), e);
    });
    return acquireLock(store.lockPath, { now, sleep: (ms) => sleep(ms, signal), ...opts.lock });
  }

  async function attempt(
    token: string,
    signal: AbortSignal | undefined,
    onRotated: (refreshToken: string) => Promise<void>,
  ): Promise<TokenSet> {
    const params = {
      clientId: config.clientId ?? '',
      clientSecret: config.clientSecret ?? '',
      refreshToken: token,
    };
    // A timer cleared when the attempt ends and linkSignals rather than AbortSignal.timeout/any:
    // `signal` is the dashboard's lifetime signal, which AbortSignal.any would leak into.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('refresh attempt timed out', 'TimeoutError')),
      opts.attemptTimeoutMs ?? REFRESH_ATTEMPT_TIMEOUT_MS,
    );
    const linked = linkSignals(signal, deadline.signal);
    const call = () => client.refreshToken(params, { signal: linked.signal, onRotated });
    try {
      return await call();
    } catch (e) {
      if (!isRateLimit(e)) throw e;
      // A 429 is refused before processing: the token is unspent, one more try is safe.
      const wait = Math.min(e.retryAfterMs ?? 1000, MAX_RATE_LIMIT_WAIT_MS);
      if (opts.deadline !== undefined && now() + wait >= opts.deadline) throw e;
      await sleep(wait, signal);
      return call();
    } finally {
      clearTimeout(timer);
      linked.dispose();
    }
  }

  async function save(entry: StoreEntry): Promise<void> {
    try {
      await store.write(entry);
      unsaved = undefined;
    } catch (e) {
      unsaved = entry;
      const code = isPooltopError(e) ? e.message : ((e as NodeJS.ErrnoException).code ?? String(e));
      throw new PooltopError(
        'config',
        `a new token set arrived but could not be saved to ${store.path} (${code}); the previous refresh ` +
          'token is now dead, so fix the problem before this process exits',
        { cause: e },
      );
    }
  }

  /** `seen`: the stored refresh token before waiting for the lock. */
  async function locked(seen: string | undefined, signal?: AbortSignal): Promise<RefreshOutcome> {
    const entry = newest(await store.read());
    const status = statusOf(entry);
    const rotatedMeanwhile = status.tokens !== undefined && status.tokens.refresh_token !== seen;
    if (rotatedMeanwhile && status.tokens && status.issuedAt !== undefined && !status.reauthorised) {
      const tokens = status.tokens;
      return {
        tokens,
        issuedAt: status.issuedAt,
        shared: true,
        status,
        incomplete: incompleteFields(tokens),
      };
    }
    const chosen = chooseRefreshToken(config, entry);
    if (!chosen) throw new PooltopError('config', missingSettingMessage('refreshToken', where));
    const earlier = interruptedAt(entry, chosen.token);
    const pending = { at: now(), pid: process.pid, tokenSha256: sha256(chosen.token) };
    // Written before sending: a crash from here on is detected and explained next time.
    await store.write({ ...entry, pending }).catch((e: unknown) => {
      throw unwritable(store.path, e);
    });
    /** The entry saved from the new refresh token alone, once the answer showed one. */
    let rotated: StoreEntry | undefined;
    const keepRotated = async (refresh_token: string): Promise<void> => {
      const at = now();
      rotated = {
        tokens: { refresh_token },
        issuedAt: at,
        originSha256: chosen.originSha256,
        lastRefresh: { at, result: 'ok' },
      };
      await save(rotated);
    };
    let tokens: TokenSet;
    try {
      tokens = await attempt(chosen.token, signal, keepRotated);
    } catch (e) {
      if (rotated) throw await afterRotation(rotated, e);
      const failure = classifyRefreshFailure(e, { ...where, interruptedAt: earlier });
      const lastRefresh = { at: now(), result: failure.result, message: failure.error.message };
      const keepPending =
        failure.result === 'uncertain' ? pending : earlier !== undefined ? entry?.pending : undefined;
      await store.write({ ...entry, pending: keepPending, lastRefresh }).catch(() => undefined);
      throw failure.error;
    }
    const issuedAt = rotated?.issuedAt ?? now();
    const next: StoreEntry = {
      tokens,
      issuedAt,
      originSha256: chosen.originSha256,
      lastRefresh: { at: now(), result: 'ok' },
    };
    await save(next);
    return { tokens, issuedAt, shared: false, status: statusOf(next), incomplete: incompleteFields(tokens) };
  }

  /**
   * The answer carried a new refresh token (saved: the chain goes on from it) but failed after:
   * the rest of the answer was unusable. Recorded on the new entry; the error says both.
   */
  async function afterRotation(entry: StoreEntry, e: unknown): Promise<unknown> {
    // The new token could not even be saved: save() has said so, and keeps it in memory.
    if (unsaved === entry || !isPooltopError(e)) return e;
    const message =
      `${e.message}; the new refresh token in the answer was saved, so the session goes on: ` +
      'refresh again for a complete token set';
    const error = new PooltopError(e.kind, message, { status: e.status, fields: e.fields, cause: e });
    await save({ ...entry, lastRefresh: { at: now(), result: 'failed', message } }).catch(() => undefined);
    return error;
  }

  async function run(signal?: AbortSignal): Promise<RefreshOutcome> {
    const before = newest(await store.read());
    const missing = missingOAuthSettings(config, before).filter((k) => k !== 'refreshToken');
    const first = missing[0];
    if (first) throw new PooltopError('config', missingSettingMessage(first, where));
    const handle = await lock(signal);
    try {
      return await locked(before?.tokens?.refresh_token, signal);
    } finally {
      await handle?.release();
    }
  }

  return {
    profile: config.profile,
    refresh(o = {}) {
      inflight ??= run(o.signal).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    async status() {
      return statusOf(newest(await store.read()));
    },
  };
}
