import { describe, expect, it } from 'vitest';
import { createNonceSource } from '../../src/api/nonce.js';

describe('createNonceSource', () => {
  it('uses the clock in milliseconds when it moves forward', () => {
    const times = [1_700_000_000_000, 1_700_000_000_500, 1_700_000_001_000];
    const clock = [...times];
    const next = createNonceSource(() => clock.shift()!);
    expect([next(), next(), next()]).toEqual(times);
  });

  it('stays strictly increasing within one millisecond and when the clock steps back', () => {
    const t0 = 1_700_000_000_000;
    let now = t0;
    const next = createNonceSource(() => now);
    const a = next();
    const b = next();
    const c = next();
    now -= 5_000;
    const d = next();
    now += 10_000;
    const e = next();
    expect([a, b, c, d]).toEqual([t0, t0 + 1, t0 + 2, t0 + 3]);
    expect(e).toBe(t0 + 5_000);
    const all = [a, b, c, d, e];
    expect(all.every((n, i) => i === 0 || n > all[i - 1]!)).toBe(true);
  });

  it('gives integers even for a fractional clock', () => {
    const next = createNonceSource(() => 1000.7);
    expect(next()).toBe(1000);
    expect(next()).toBe(1001);
  });

  it('steps ahead of the clock when asked (never of the last nonce), and stays increasing', () => {
    const t0 = 1_700_000_000_000;
    const next = createNonceSource(() => t0);
    expect(next()).toBe(t0);
    expect(next(300)).toBe(t0 + 300);
    expect(next(300)).toBe(t0 + 301);
    expect(next()).toBe(t0 + 302);
    expect(next(-5)).toBe(t0 + 303);
  });
});
