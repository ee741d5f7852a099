/**
 * The dashboard's retry waits (pollRetryDelay): the vendor's backoff, bounded by the poll
 * interval, so a dashboard left with the network gone keeps retrying forever at a capped rate
 * and is back within one interval after the network returns. (retryDelayFor, the schedule
 * before the bound, is pinned in test/ui/swr-options.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { REQUEST_BACKOFF_CAP_MS, RETRY_AFTER_CAP_MS } from '../../src/api/retry.js';
import { pollRetryDelay, retryBoundMs } from '../../src/ui/data/swr-options.js';

const half = () => 0.5;
const transient = [
  new PooltopError('network', 'connection refused', { reason: 'connect' }),
  new PooltopError('timeout', 'took too long'),
  new PooltopError('http', 'maintenance', { status: 503, reason: 'maintenance' }),
  new PooltopError('http', 'rate limited', { status: 429, reason: 'rate-limit' }),
  new PooltopError('http', 'server error', { status: 500 }),
  new PooltopError('schema', 'unexpected response'),
  new PooltopError('http', 'not found', { status: 404 }),
  new PooltopError('http', 'too large', { status: 200, reason: 'too-large' }),
  new Error('something else'),
];

describe('pollRetryDelay', () => {
  it('keeps retrying every failure retrying can fix, never waiting longer than one interval', () => {
    for (const intervalMs of [1_000, 10_000, 60_000, 3_600_000]) {
      for (const err of transient) {
        for (let n = 1; n <= 60; n++) {
          for (const random of [() => 0, half, () => 0.999]) {
            const wait = pollRetryDelay(err, n, intervalMs, random);
            expect(wait, `${err.message} #${n} at ${intervalMs}`).toBeDefined();
            expect(wait).toBeGreaterThan(0);
            expect(wait).toBeLessThanOrEqual(intervalMs);
            // Transient failures also keep the vendor's 30 s cap when the interval is longer.
            if (err instanceof PooltopError && err.retryable)
              expect(wait).toBeLessThanOrEqual(REQUEST_BACKOFF_CAP_MS);
          }
        }
      }
    }
  });

  it('still backs off from 1 s while that is shorter than the interval', () => {
    const err = new PooltopError('http', 'unavailable', { status: 503 });
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => pollRetryDelay(err, n, 10_000, half));
    expect(waits).toEqual([750, 1500, 3000, 6000, 10_000, 10_000, 10_000]);
  });

  it('honours a longer Retry-After (up to its cap): the server asked', () => {
    const asked = (ms: number) => new PooltopError('http', 'slow down', { status: 429, retryAfterMs: ms });
    expect(pollRetryDelay(asked(9_000), 1, 1_000, half)).toBe(9_000);
    expect(pollRetryDelay(asked(600_000), 1, 1_000, half)).toBe(RETRY_AFTER_CAP_MS);
    expect(retryBoundMs(asked(600_000), 1_000)).toBe(RETRY_AFTER_CAP_MS);
    expect(retryBoundMs(asked(9_000), 3_600_000)).toBe(3_600_000);
    expect(retryBoundMs(new Error('x'), 10_000)).toBe(10_000);
  });

  it('leaves auth, validation, config and cancelled calls to the user (r)', () => {
    for (const err of [
      new PooltopError('auth', 'no', { status: 401 }),
      new PooltopError('validation', 'bad', { status: 422 }),
      new PooltopError('config', 'bad'),
      new PooltopError('network', 'cancelled', { reason: 'aborted' }),
    ]) {
      expect(pollRetryDelay(err, 1, 10_000)).toBeUndefined();
    }
  });
});
