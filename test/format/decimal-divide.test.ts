import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideDecimals } from '../../src/format/decimal-divide.js';

/** A decimal string and its value as an exact fraction digits / 10^scale. */
const decimal = (maxScale: number, min = 0n) =>
  fc
    .record({ digits: fc.bigInt({ min, max: 10n ** 20n }), scale: fc.integer({ min: 0, max: maxScale }) })
    .map(({ digits, scale }) => {
      const text = digits.toString().padStart(scale + 1, '0');
      const written = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      return { text: written, digits, scale };
    });

describe('divideDecimals', () => {
  it('examples: a bitcoin yield per TH/s, rounding half up, no quotient for zero or junk', () => {
    expect(divideDecimals('0.00048', '1000000000000000', 12, 12)).toBe('0.000000480000');
    expect(divideDecimals('0.00174368', '3562569126476338', 12, 12)).toBe('0.000000489445');
    expect(divideDecimals('1', '8', 2)).toBe('0.13'); // 0.125: half rounds up
    expect(divideDecimals('1', '3', 4)).toBe('0.3333');
    expect(divideDecimals('2', '3', 0)).toBe('1');
    expect(divideDecimals('5', '2', 0, -1)).toBe('0'); // 0.25
    expect(divideDecimals('0', '7', 3)).toBe('0.000');
    expect(divideDecimals('1', '0', 12)).toBeUndefined();
    expect(divideDecimals('1', '0.000', 12)).toBeUndefined();
    expect(divideDecimals('1', '-2', 12)).toBeUndefined();
    expect(divideDecimals('1e3', '2', 12)).toBeUndefined();
  });

  it('property: the quotient q is the exact one rounded half up, (q − ½)·b ≤ a·10^e < (q + ½)·b', () => {
    fc.assert(
      fc.property(
        decimal(12),
        decimal(6, 1n),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: -6, max: 14 }),
        (a, b, places, exponent) => {
          const q = divideDecimals(a.text, b.text, places, exponent);
          expect(q).toMatch(places === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${places}}$`));
          const qUnits = BigInt((q ?? '').replace('.', ''));
          // Everything over the common denominator 10^(a.scale + b.scale + places) · 10^max(0, −exponent)
          // a·10^e / 10^as ÷ (b / 10^bs)  vs  q / 10^places:  compare 2·a·10^(e + bs + places) with (2q ± 1)·b·10^as.
          const shift = exponent + b.scale + places;
          const lhs = 2n * a.digits * 10n ** BigInt(Math.max(0, shift));
          const unit = b.digits * 10n ** BigInt(a.scale) * 10n ** BigInt(Math.max(0, -shift));
          expect((2n * qUnits - 1n) * unit <= lhs).toBe(true);
          expect(lhs < (2n * qUnits + 1n) * unit).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
