import { describe, expect, it } from 'vitest';
import { formatHashRate, parseHashRate } from '../../src/format/hash-rate.js';

/** The received decimal text as the parser reads it, then shown. */
const shown = (text: string): string => formatHashRate(parseHashRate(text));

describe('formatHashRate', () => {
  it('uses SI prefixes and 3 significant digits', () => {
    expect(shown('184425100325925.9259259259259259')).toBe('184 TH/s');
    expect(shown('1500000000000000')).toBe('1.50 PH/s');
    expect(shown('12345678901')).toBe('12.3 GH/s');
    expect(shown('999')).toBe('999 H/s');
    expect(shown('1000')).toBe('1.00 kH/s');
    expect(shown('5')).toBe('5.00 H/s');
    expect(shown('0')).toBe('0 H/s');
    expect(shown('0.5')).toBe('0.500 H/s');
    expect(shown('0.0000001')).toBe('<0.001 H/s');
    expect(shown('720000000000000000000')).toBe('720 EH/s');
  });

  it('rounds up into the next unit', () => {
    expect(shown('999500000000')).toBe('1.00 TH/s');
    expect(shown('999499999999')).toBe('999 GH/s');
  });

  it('reads long fractions and leading zeros without drift', () => {
    expect(shown('000123456.7890123456789')).toBe('123 kH/s');
    expect(shown('999999999999.99999999999999999')).toBe('1.00 TH/s');
    expect(shown('+2500')).toBe('2.50 kH/s');
  });

  it('shows a dash for anything that is not a non-negative decimal', () => {
    for (const bad of ['', 'abc', '-5', '1e9', 'NaN', '1.2.3', ' ', '0x10']) expect(shown(bad)).toBe('—');
  });

  it('parses strictly', () => {
    expect(parseHashRate('184425100325925.5')).toBe(184425100325925.5);
    expect(parseHashRate('12.')).toBe(12);
    expect(parseHashRate('1e3')).toBeUndefined();
  });

  it('formats numbers the same way', () => {
    expect(formatHashRate(184425100325925.9)).toBe('184 TH/s');
    expect(formatHashRate(0)).toBe('0 H/s');
    expect(formatHashRate(2.5e24)).toBe('2.50 YH/s');
    expect(formatHashRate(Number.NaN)).toBe('—');
    expect(formatHashRate(-1)).toBe('—');
    expect(formatHashRate(null)).toBe('—');
    expect(formatHashRate(undefined)).toBe('—');
  });
});
