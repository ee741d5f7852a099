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
 *  7. persists the whole new set durably BEFORE returning; a failed save is tried again, then
 *     written to the store's fallback file, and the set kept in memory and used from then on;
 *     the error (UnsavedTokensError) carries it so the caller can hand it to the user.
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
import { type Rescue, rescueText } from '../config/rescue-file.js';
import { formatClock } from '../format/time.js';
import { classifyRefreshFailure, isRateLimit, UnsavedTokensError } from './session-errors.js';
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
  type SessionStatus,
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

function once(fn: ((line: string) => void) | undefined): ((line: string) => void) | undefined {
  let told = false;
  return (
    fn &&
    ((line) => {
      if (told) return;
      told = true;
      fn(line);
    })
  );
}

function reasonOf(e: unknown): string {
  return isPooltopError(e) ? e.message : ((e as NodeJS.ErrnoException).code ?? String(e));
}

function unwritable(path: string, e: unknown): PooltopError {
  if (isPooltopError(e)) return e;
  const code = (e as NodeJS.ErrnoException).code ?? 'error';
  return new PooltopError('storage', `cannot write the token store ${path} (${code}); nothing was sent`, {
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
      onWarning: once(opts.onStoreWarning),
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

  /**
   * Saves the set; a failure is retried once (through another temporary file), then the set goes
   * to the store's fallback file. Either way the set stays in memory and is used from then on,
   * and the error carries it so the caller can hand it to the user.
   */
  async function save(entry: StoreEntry): Promise<void> {
    let failure: unknown;
    for (let round = 0; round < 2; round++) {
      try {
        await store.write(entry);
        unsaved = undefined;
        return;
      } catch (e) {
        failure ??= e;
      }
    }
    unsaved = entry;
    throw await unsavedError(entry, failure);
  }

  async function unsavedError(entry: StoreEntry, e: unknown): Promise<UnsavedTokensError> {
    const rescue = rescueText(entry, config.profile, baseUrl);
    const expiresAt = entry.issuedAt === undefined ? undefined : entry.issuedAt + lifetime * 1000;
    const head = `the new token set could not be saved to ${store.path} (${reasonOf(e)})`;
    let fallbackFailure: unknown;
    if (store.writeFallback && store.fallbackPath) {
      try {
        await store.writeFallback(rescue);
        const until = expiresAt === undefined ? '' : ` before ${formatClock(expiresAt)}`;
        const message =
          `${head}; it was saved to ${store.fallbackPath} instead: once the store can be written, run ` +
          `\`pooltop auth restore < ${store.fallbackPath}\`${until}, when its refresh token expires`;
        return new UnsavedTokensError(message, { rescue, savedTo: store.fallbackPath, expiresAt, cause: e });
      } catch (f) {
        fallbackFailure = f;
      }
    }
    const nor =
      fallbackFailure === undefined ? '' : ` nor to ${store.fallbackPath} (${reasonOf(fallbackFailure)})`;
    return new UnsavedTokensError(`${head}${nor}; it is the only copy of the token chain`, {
      rescue,
      expiresAt,
      cause: e,
    });
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
      // A failed save keeps it in memory (save() says so): the rest of the answer is still read,
      // and the whole set saved or handed over below.
      await save(rotated).catch(() => undefined);
    };
    let tokens: TokenSet['received'];
    try {
      // Stored and handed on as received: the token store keeps the OAuth names, as on disk.
      tokens = (await attempt(chosen.token, signal, keepRotated)).received;
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
    // The new token could not be saved: one more try, else the error that hands it over.
    if (unsaved === entry) {
      const failed = await save(entry).then(
        () => undefined,
        (f: unknown) => f,
      );
      if (failed) return failed;
    }
    if (!isPooltopError(e)) return e;
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

  /** Tries again to save a set held in memory (the dashboard asks every few seconds). */
  async function saveHeld(): Promise<void> {
    const handle = await lock();
    try {
      const held = unsaved;
      if (!held) return;
      const entry = await store.read();
      if ((entry?.issuedAt ?? -1) < (held.issuedAt ?? 0)) await store.write(held);
      if (unsaved === held) unsaved = undefined;
    } finally {
      await handle?.release();
    }
  }

  /** Puts a handed-over set back into the store; sends nothing. */
  async function restore(rescue: Rescue, signal?: AbortSignal): Promise<SessionStatus> {
    const handle = await lock(signal);
    try {
      const entry = await store.read();
      const issuedAt = rescue.issuedAt ?? now();
      if (entry?.tokens && entry.tokens.refresh_token !== rescue.tokens.refresh_token) {
        if ((entry.issuedAt ?? 0) > issuedAt) {
          throw new PooltopError(
            'config',
            `the token store ${store.path} holds a newer token set (issued ${formatClock(entry.issuedAt ?? 0)}); nothing restored`,
          );
        }
      }
      const next: StoreEntry = {
        tokens: rescue.tokens,
        issuedAt,
        // The chain goes on from the restored set, not from a configured token it started from.
        originSha256: config.refreshToken ? sha256(config.refreshToken) : (entry?.originSha256 ?? ''),
        lastRefresh: { at: now(), result: 'ok', message: 'restored with pooltop auth restore' },
      };
      await store.write(next).catch((e: unknown) => {
        throw new PooltopError(
          'storage',
          `cannot write the token store ${store.path} (${reasonOf(e)}); nothing restored`,
          {
            cause: e,
          },
        );
      });
      unsaved = undefined;
      return statusOf(next);
    } finally {
      await handle?.release();
    }
  }

  return {
    profile: config.profile,
    restore,
    unsavedRescue: () => (unsaved ? rescueText(unsaved, config.profile, baseUrl) : undefined),
    refresh(o = {}) {
      inflight ??= run(o.signal).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    async status() {
      if (unsaved) await saveHeld().catch(() => undefined);
      return statusOf(newest(await store.read()));
    },
  };
}
