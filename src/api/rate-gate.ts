/**
 * Paces requests: starts are spaced at least `intervalMs` apart, and a rate-limit answer pauses
 * every start until the wait the server asked for is over. Slots are reserved synchronously, so
 * concurrent callers queue in call order. Clock and sleep are injected.
 */
import { type RetryOptions, type Sleep, withRetry } from './retry.js';

export interface RateGate {
  /** Resolves when the next request may start; rejects when `signal` aborts while waiting. */
  wait(signal?: AbortSignal): Promise<void>;
  /** No start before `ms` from now (a 429 with Retry-After). */
  pause(ms: number): void;
}

export function createRateGate(intervalMs: number, now: () => number, sleep: Sleep): RateGate {
  let nextSlot = Number.NEGATIVE_INFINITY;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  return {
    async wait(signal) {
      // A pause that began while this caller slept still holds it back.
      for (;;) {
        const t = now();
        const at = Math.max(t, nextSlot, pausedUntil);
        nextSlot = at + intervalMs;
        if (at > t) await sleep(at - t, signal);
        if (now() >= pausedUntil) return;
      }
    },
    pause(ms) {
      if (Number.isFinite(ms) && ms > 0) pausedUntil = Math.max(pausedUntil, now() + ms);
    },
  };
}

/**
 * One request through the gate, retried: every attempt waits its turn, and a rate-limit answer
 * pauses every start, not just this request's.
 */
export function retryThroughGate<T>(
  gate: RateGate,
  send: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  return withRetry(
    async () => {
      await gate.wait(options.signal);
      return send();
    },
    {
      ...options,
      onRetry: (err, attempt, delayMs) => {
        if (err.status === 429 || err.reason === 'rate-limit') gate.pause(delayMs);
        options.onRetry?.(err, attempt, delayMs);
      },
    },
  );
}
