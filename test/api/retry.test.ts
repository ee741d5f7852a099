import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { REQUEST_BACKOFF_CAP_MS, backoffDelay, RETRY_AFTER_CAP_MS, withRetry } from '../../src/api/retry.js';
import { recordingSleep } from './fake-server.js';

describe('backoffDelay', () => {
  it('starts at 1 s, doubles, caps at 30 s, jitter between half and all of it', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const nominal = Math.min(REQUEST_BACKOFF_CAP_MS, 1000 * 2 ** attempt);
      expect(backoffDelay(attempt, { random: () => 0 })).toBe(nominal / 2);
      expect(backoffDelay(attempt, { random: () => 0.999999 })).toBeLessThanOrEqual(nominal);
      expect(backoffDelay(attempt, { random: () => 0.999999 })).toBeGreaterThan(nominal * 0.99);
      const mid = backoffDelay(attempt, { random: () => 0.5 });
      expect(mid).toBe(Math.round(nominal * 0.75));
    }
    expect(backoffDelay(1_000, { random: () => 1 })).toBe(REQUEST_BACKOFF_CAP_MS);
    expect(backoffDelay(-3, { random: () => 1 })).toBe(1000);
    expect(backoffDelay(Number.NaN, { random: () => 1 })).toBe(1000);
  });

  it('honours Retry-After when longer, up to a sane cap', () => {
    expect(backoffDelay(0, { random: () => 0, retryAfterMs: 5_000 })).toBe(5_000);
    expect(backoffDelay(5, { random: () => 1, retryAfterMs: 5_000 })).toBe(30_000);
    expect(backoffDelay(0, { random: () => 0, retryAfterMs: 3_600_000 })).toBe(RETRY_AFTER_CAP_MS);
    expect(backoffDelay(0, { random: () => 0, retryAfterMs: 0 })).toBe(500);
  });
});

const failing = (errors: unknown[]) => {
  let calls = 0;
  const fn = async (): Promise<string> => {
    const err = errors[calls++];
    if (err === undefined) return 'ok';
    throw err;
  };
  return { fn, calls: () => calls };
};

describe('withRetry', () => {
  it('retries retryable errors with growing, Retry-After-aware waits, then succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    const f = failing([
      new PooltopError('http', '503', { status: 503 }),
      new PooltopError('network', 'reset'),
      new PooltopError('http', '429', { status: 429, retryAfterMs: 9_000 }),
    ]);
    await expect(withRetry(f.fn, { retries: 3, sleep, random: () => 0 })).resolves.toBe('ok');
    expect(f.calls()).toBe(4);
    expect(waits).toEqual([500, 1000, 9000]);
  });

  it('is bounded: gives up with the last error after `retries` retries', async () => {
    const { sleep, waits } = recordingSleep();
    const errs = [1, 2, 3].map((n) => new PooltopError('timeout', `t${n}`));
    const f = failing(errs);
    await expect(withRetry(f.fn, { retries: 2, sleep })).rejects.toBe(errs[2]);
    expect(f.calls()).toBe(3);
    expect(waits).toHaveLength(2);
    const once = failing([new PooltopError('timeout', 't')]);
    await expect(withRetry(once.fn, { retries: 0, sleep })).rejects.toThrow('t');
    expect(once.calls()).toBe(1);
  });

  it('never retries auth, validation, schema, 4xx, cancelled or foreign errors', async () => {
    const { sleep, waits } = recordingSleep();
    const errs: unknown[] = [
      new PooltopError('auth', 'Unauthorized request.', { status: 401 }),
      new PooltopError('validation', 'bad', { status: 422 }),
      new PooltopError('schema', 'bad shape'),
      new PooltopError('api', 'bad', { status: 400 }),
      new PooltopError('network', 'cancelled', { reason: 'aborted' }),
      new TypeError('bug'),
    ];
    for (const err of errs) {
      const f = failing([err]);
      await expect(withRetry(f.fn, { retries: 5, sleep })).rejects.toBe(err);
      expect(f.calls()).toBe(1);
    }
    expect(waits).toEqual([]);
  });

  it('lets the caller narrow the policy', async () => {
    const { sleep } = recordingSleep();
    const err = new PooltopError('timeout', 'headers');
    const f = failing([err]);
    await expect(
      withRetry(f.fn, { retries: 3, sleep, shouldRetry: (e) => e.reason === 'connect' }),
    ).rejects.toBe(err);
    expect(f.calls()).toBe(1);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const sleep = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        controller.abort();
      });
    const f = failing([new PooltopError('http', '503', { status: 503 })]);
    const err = await withRetry(f.fn, { retries: 3, sleep, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PooltopError);
    expect((err as PooltopError).reason).toBe('aborted');
    expect(f.calls()).toBe(1);
  });

  it('does not start when already aborted', async () => {
    const f = failing([]);
    await expect(withRetry(f.fn, { retries: 3, signal: AbortSignal.abort() })).rejects.toMatchObject({
      reason: 'aborted',
    });
    expect(f.calls()).toBe(0);
  });
});
