import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { alignedPollDelay, retryDelayFor, SLOW_RETRY_MS, swrOptions } from '../../src/ui/data/swr-options.js';

const half = () => 0.5;

describe('SWR options', () => {
  it('retries transient failures on the 1 s doubling backoff', () => {
    const err = new PooltopError('http', 'unavailable', { status: 503 });
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayFor(err, n, 10_000, half));
    expect(delays).toEqual([750, 1500, 3000, 6000, 12000, 22500, 22500]);
  });

  it('honours Retry-After', () => {
    const err = new PooltopError('http', 'slow down', { status: 429, retryAfterMs: 9000 });
    expect(retryDelayFor(err, 1, 10_000, half)).toBe(9000);
  });

  it('never retries auth, validation, config or cancelled calls', () => {
    expect(retryDelayFor(new PooltopError('auth', 'no', { status: 401 }), 1, 10_000)).toBeUndefined();
    expect(retryDelayFor(new PooltopError('validation', 'bad', { status: 422 }), 1, 10_000)).toBeUndefined();
    expect(retryDelayFor(new PooltopError('config', 'bad'), 1, 10_000)).toBeUndefined();
    expect(
      retryDelayFor(new PooltopError('network', 'cancelled', { reason: 'aborted' }), 1, 10_000),
    ).toBeUndefined();
  });

  it('retries other permanent-looking failures slowly, so a week-long dashboard recovers', () => {
    expect(retryDelayFor(new PooltopError('schema', 'bad body'), 1, 10_000)).toBe(SLOW_RETRY_MS);
    expect(retryDelayFor(new PooltopError('http', 'gone', { status: 404 }), 1, 60_000)).toBe(60_000);
  });

  it('aims polls at second boundaries, never less than half an interval apart', () => {
    expect(alignedPollDelay(1_000, 7_000)).toBe(1_000);
    expect(alignedPollDelay(1_000, 7_030)).toBe(970);
    expect(alignedPollDelay(1_000, 7_600)).toBe(1_400);
    expect(alignedPollDelay(10_000, 7_600)).toBe(9_400);
    expect(alignedPollDelay(2_500, 7_600)).toBe(2_500);
  });

  it('polls every interval with a deduping window shorter than it and no focus events', () => {
    const clock = { t: 5_000_000 };
    const opts = swrOptions({
      intervalMs: 10_000,
      isPaused: () => false,
      timers: new Set(),
      now: () => clock.t,
    });
    const every = opts.refreshInterval as (data?: unknown) => number;
    expect(every()).toBe(10_000);
    clock.t += 40; // the answer landed 40 ms after the boundary: the next poll is on the next one
    expect(every()).toBe(9_960);
    expect(opts.dedupingInterval).toBeGreaterThan(0);
    expect(opts.dedupingInterval).toBeLessThan(10_000);
    expect(opts.revalidateOnFocus).toBe(false);
    expect(opts.revalidateOnReconnect).toBe(false);
  });
});
