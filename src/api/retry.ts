/**
 * Retry policy (the vendor's guidance): exponential backoff from 1 s, doubling, capped at 30 s,
 * with jitter; honour Retry-After; retry only errors marked retryable (429, 5xx, network,
 * timeout), never auth, validation, schema or cancelled calls.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { isPooltopError, type PooltopError } from '../errors/pooltop-error.js';
import { abortedError } from './transport-errors.js';

/** A failed request to the API is tried again after 1 s, doubling to 30 s. */
export const REQUEST_BACKOFF_BASE_MS = 1_000;
export const REQUEST_BACKOFF_CAP_MS = 30_000;
/** The longest server-requested wait (Retry-After) that is honoured as is. */
export const RETRY_AFTER_CAP_MS = 120_000;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface BackoffOptions {
  /** Uniform in [0, 1); default Math.random. */
  random?: () => number;
  /** Server-requested wait, from the error's `retryAfterMs`. */
  retryAfterMs?: number;
}

/**
 * Delay before retry number `attempt + 1` (attempt 0 = the first retry): nominal
 * min(30 s, 1 s × 2^attempt) with "equal jitter" (uniform between half and all of it), raised to
 * Retry-After when the server asked for longer (honoured up to 120 s).
 */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}): number {
  const random = opts.random ?? Math.random;
  const jittered = doublingBackoff(attempt, REQUEST_BACKOFF_BASE_MS, REQUEST_BACKOFF_CAP_MS, random);
  const asked = opts.retryAfterMs;
  if (asked === undefined || !Number.isFinite(asked) || asked <= 0) return jittered;
  return Math.max(jittered, Math.min(Math.ceil(asked), RETRY_AFTER_CAP_MS));
}

/**
 * min(cap, base × 2^step) with "equal jitter" (uniform between half and all of it), so callers
 * that failed together spread out; a step that is not a whole number ≥ 0 counts as 0.
 */
export function doublingBackoff(step: number, baseMs: number, capMs: number, random: () => number): number {
  const n = Math.max(0, Math.floor(Number.isFinite(step) ? step : 0));
  const nominal = Math.min(capMs, baseMs * 2 ** Math.min(n, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(nominal / 2 + (nominal / 2) * r);
}

/** Sleeps `ms`, rejecting early when `signal` aborts. */
export const defaultSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, { signal });
};

export interface RetryOptions {
  /** Retries after the first attempt (0 = try once). */
  retries: number;
  sleep?: Sleep;
  random?: () => number;
  signal?: AbortSignal;
  /** Narrows the policy further (e.g. a token refresh retries only connect failures). */
  shouldRetry?: (err: PooltopError) => boolean;
  /**
   * Epoch ms by which the whole operation must be over (a command's `--timeout`): a wait that
   * would end at or after it is not begun, and the failure is thrown at once instead, so a
   * `Retry-After: 999999` ends the command now rather than when its deadline passes.
   */
  deadline?: number;
  /** Clock for `deadline`; default Date.now. */
  now?: () => number;
  /** Called before each wait, e.g. to show "retrying in 2 s". */
  onRetry?: (err: PooltopError, attempt: number, delayMs: number) => void;
}

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const sleep = opts.sleep ?? defaultSleep;
  const retries = Math.max(0, Math.floor(opts.retries));
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw abortedError(opts.signal);
    try {
      return await fn(attempt);
    } catch (err) {
      if (!isPooltopError(err) || attempt >= retries || !err.retryable) throw err;
      if (opts.shouldRetry && !opts.shouldRetry(err)) throw err;
      if (opts.signal?.aborted) throw err;
      const wait = backoffDelay(attempt, { random: opts.random, retryAfterMs: err.retryAfterMs });
      if (opts.deadline !== undefined && (opts.now ?? Date.now)() + wait >= opts.deadline) throw err;
      opts.onRetry?.(err, attempt, wait);
      try {
        await sleep(wait, opts.signal);
      } catch {
        throw abortedError(opts.signal);
      }
    }
  }
}
