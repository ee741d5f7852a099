/**
 * The dashboard's one SWR configuration (mounted by data-provider.tsx): poll every interval (on second
 * boundaries), one request per poll, no browser focus/reconnect events, pause via `isPaused`, and error retries on the
 * vendor's backoff schedule (src/api/retry.ts).
 */
import type { SWRConfiguration } from 'swr';
import { isPooltopError } from '../../errors/pooltop-error.js';
import { backoffDelay, RETRY_AFTER_CAP_MS } from '../../api/retry.js';
import type { RetrySchedule } from '../retry-schedule.js';
import { type Seed, SeededCache } from './seed.js';

/**
 * Slowest automatic retry, for failures that retrying soon would not fix (bad JSON, a 404),
 * before the poll-interval bound of `pollRetryDelay`.
 */
export const SLOW_RETRY_MS = 30_000;

/**
 * Milliseconds until SWR's retry number `retryCount` (1 = first), or undefined for no
 * automatic retry: auth/validation/config failures and cancelled calls wait for `r`.
 * The vendor's schedule; the dashboard bounds it by the poll interval (`pollRetryDelay`).
 */
export function retryDelayFor(
  err: unknown,
  retryCount: number,
  intervalMs: number,
  random?: () => number,
): number | undefined {
  const attempt = Math.max(0, retryCount - 1);
  if (!isPooltopError(err)) return backoffDelay(attempt, { random });
  if (err.reason === 'aborted') return undefined;
  if (err.kind === 'auth' || err.kind === 'validation' || err.kind === 'config') return undefined;
  if (err.retryable) return backoffDelay(attempt, { random, retryAfterMs: err.retryAfterMs });
  return Math.max(intervalMs, SLOW_RETRY_MS);
}

/**
 * The wait the dashboard actually uses: `retryDelayFor`, but never longer than one poll
 * interval (unless the server asked for longer with Retry-After). Failing keys are not polled
 * (SWR skips the interval while a key holds an error), so this bound is what makes the
 * dashboard pick up again within one interval once a fault clears; the backoff still spaces
 * the first retries of a short outage, and a failing key is never asked more often than a
 * healthy one would be polled once the backoff reaches the interval.
 */
export function pollRetryDelay(
  err: unknown,
  retryCount: number,
  intervalMs: number,
  random?: () => number,
): number | undefined {
  const wait = retryDelayFor(err, retryCount, intervalMs, random);
  return wait === undefined ? undefined : Math.min(wait, retryBoundMs(err, intervalMs));
}

/** The longest wait `pollRetryDelay` returns for this error: the interval, or a longer Retry-After. */
export function retryBoundMs(err: unknown, intervalMs: number): number {
  const asked = isPooltopError(err) ? (err.retryAfterMs ?? 0) : 0;
  return Math.max(intervalMs, Math.min(asked, RETRY_AFTER_CAP_MS));
}

/**
 * Milliseconds until the next poll, aimed at a wall-clock second boundary when the interval is
 * whole seconds: the dashboard clock ticks just after those boundaries (hooks/use-ticking-clock.ts), so a
 * poll's data and the clock's new second share one frame. Never less than half an interval, so
 * a slow answer cannot make two polls crowd into one interval.
 */
export function alignedPollDelay(intervalMs: number, nowMs: number): number {
  if (intervalMs % 1000 !== 0) return intervalMs;
  const intoSecond = ((nowMs % 1000) + 1000) % 1000;
  const delay = intervalMs - intoSecond;
  return delay >= intervalMs / 2 ? delay : delay + 1000;
}

export interface SwrOptionsInput {
  intervalMs: number;
  isPaused: () => boolean;
  /** Retry timers are registered here so the dashboard can cancel them when it quits. */
  timers: Set<NodeJS.Timeout>;
  /** Where the next retry of each key is announced (status bar). */
  schedule?: RetrySchedule;
  now?: () => number;
  random?: () => number;
  /** Data asked for before the dashboard mounted, put in its cache (data/seed.ts). */
  seeds?: readonly Seed[];
  /** Called as each answer or failure lands, just before SWR puts it in the cache (answer-signal.ts). */
  onAnswer?: (key: string) => void;
}

export function swrOptions(input: SwrOptionsInput): SWRConfiguration {
  const { intervalMs, isPaused, timers, schedule, now = Date.now, random, seeds, onAnswer } = input;
  return {
    // A cache of each dashboard's own, not SWR's global one.
    provider: () => new SeededCache(seeds),
    refreshInterval: () => alignedPollDelay(intervalMs, now()),
    // Collapses the hooks mounted for one key into one request, yet is shorter than the
    // interval so the next poll is never mistaken for a duplicate of this one.
    dedupingInterval: Math.floor(intervalMs / 2),
    // No "loading slow" event (pooltop shows its own progress): SWR's timer for it would keep
    // the process alive after a quit.
    loadingTimeout: 0,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    refreshWhenHidden: true,
    refreshWhenOffline: true,
    keepPreviousData: true,
    // Every answer carries the time it was fetched (data/polled.ts), so it is always new:
    // SWR's default deep comparison would walk the whole answer only to find that out.
    compare: (a, b) => a === b,
    isPaused,
    onSuccess: (_data, key) => {
      schedule?.clear(key);
      onAnswer?.(key);
    },
    onError: (_err, key) => onAnswer?.(key),
    onErrorRetry: (err, key, _config, revalidate, { retryCount }) => {
      const wait = pollRetryDelay(err, retryCount, intervalMs, random);
      schedule?.set(key, wait === undefined ? null : now() + wait);
      if (wait === undefined) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void revalidate({ retryCount });
      }, wait);
      timer.unref();
      timers.add(timer);
    },
  };
}
