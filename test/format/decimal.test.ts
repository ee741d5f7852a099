import { describe, expect, it } from 'vitest';
import { sumDecimals } from '../../src/format/decimal.js';

describe('sumDecimals', () => {
  it('adds amounts exactly, skipping what is not a decimal', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['0.00125', '1', '0.00000001'])).toBe('1.00125001');
    expect(sumDecimals(['0.5', null, 'NaN', undefined, '0.5'])).toBe('1');
    expect(sumDecimals([])).toBe('0');
  });
});
