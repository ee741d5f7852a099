import { describe, expect, it } from 'vitest';
import { formatHashRate, formatHashRateValue, parseHashRate } from '../../src/format/hash-rate.js';

describe('formatHashRate', () => {
  it('uses SI prefixes and 3 significant digits', () => {
    expect(formatHashRate('184425100325925.9259259259259259')).toBe('184 TH/s');
    expect(formatHashRate('1500000000000000')).toBe('1.50 PH/s');
    expect(formatHashRate('12345678901')).toBe('12.3 GH/s');
    expect(formatHashRate('999')).toBe('999 H/s');
    expect(formatHashRate('1000')).toBe('1.00 kH/s');
    expect(formatHashRate('5')).toBe('5.00 H/s');
    expect(formatHashRate('0')).toBe('0 H/s');
    expect(formatHashRate('0.5')).toBe('0.500 H/s');
    expect(formatHashRate('0.0000001')).toBe('<0.001 H/s');
    expect(formatHashRate('720000000000000000000')).toBe('720 EH/s');
  });

  it('rounds up into the next unit', () => {
    expect(formatHashRate('999500000000')).toBe('1.00 TH/s');
    expect(formatHashRate('999499999999')).toBe('999 GH/s');
  });

  it('scales in the decimal string, so long fractions do not drift', () => {
    expect(formatHashRate('000123456.7890123456789')).toBe('123 kH/s');
    expect(formatHashRate('999999999999.99999999999999999')).toBe('1.00 TH/s');
    expect(formatHashRate('+2500')).toBe('2.50 kH/s');
  });

  it('shows a dash for anything that is not a non-negative decimal', () => {
    for (const bad of ['', 'abc', '-5', '1e9', 'NaN', '1.2.3', ' ', '0x10'])
      expect(formatHashRate(bad)).toBe('—');
  });

  it('parses strictly', () => {
    expect(parseHashRate('184425100325925.5')).toBe(184425100325925.5);
    expect(parseHashRate('12.')).toBe(12);
    expect(parseHashRate('1e3')).toBeUndefined();
  });

  it('formats numbers the same way', () => {
    expect(formatHashRateValue(184425100325925.9)).toBe('184 TH/s');
    expect(formatHashRateValue(0)).toBe('0 H/s');
    expect(formatHashRateValue(2.5e24)).toBe('2.50 YH/s');
    expect(formatHashRateValue(Number.NaN)).toBe('—');
    expect(formatHashRateValue(-1)).toBe('—');
  });
});
