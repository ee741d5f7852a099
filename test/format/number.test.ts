import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/number.js';

describe('formatCount', () => {
  it('groups thousands exactly as en-US toLocaleString does', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e22, max: 1e22 }), (n) => {
        const whole = Math.trunc(n);
        if (Object.is(whole, -0)) return;
        expect(formatCount(n)).toBe(whole.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('—');
  });
});
