import { PooltopError } from '../../errors/pooltop-error.js';
import { linkSignals } from '../../api/link-signals.js';

/** A one-shot command's total time (`--timeout`): a signal that fires when it is up. */
export interface Deadline {
  /** Aborts when the time is up (reason: a timeout PooltopError) or `outer` aborts (its reason). */
  signal: AbortSignal;
  /** Epoch ms when the time is up. */
  at: number;
  /** Stops the timer and unlinks `outer`. */
  clear(): void;
}

export const formatSeconds = (s: number): string => `${Number(s.toFixed(1))} s`;

export function startDeadline(seconds: number, outer: AbortSignal, now: () => number = Date.now): Deadline {
  const ms = Math.round(seconds * 1000);
  const expiry = new AbortController();
  const timer = setTimeout(() => {
    // `aborted`: like a cancel, never retried (the time for a retry is what ran out).
    const error = new PooltopError(
      'timeout',
      `no complete answer within ${formatSeconds(seconds)} (--timeout)`,
      {
        reason: 'aborted',
      },
    );
    expiry.abort(error);
  }, ms);
  const linked = linkSignals(outer, expiry.signal);
  return {
    signal: linked.signal,
    at: now() + ms,
    clear() {
      clearTimeout(timer);
      linked.dispose();
    },
  };
}
