import { describe, expect, it } from 'vitest';
import { alignDecimals } from '../../src/format/decimal-align.js';
import {
  addDecimals,
  alignAmounts,
  currencyPlaces,
  sumDecimals,
  withPlaces,
} from '../../src/format/decimal.js';

describe('sumDecimals', () => {
  it('adds amounts exactly, skipping what is not a decimal', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['0.00125', '1', '0.00000001'])).toBe('1.00125001');
    expect(sumDecimals(['0.5', null, 'NaN', undefined, '0.5'])).toBe('1');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('addDecimals', () => {
  it('adds signed amounts exactly and keeps the longest precision', () => {
    expect(addDecimals(['0.10000000', '1'])).toBe('1.10000000');
    expect(addDecimals(['-0.5', '0.25'])).toBe('-0.25');
    expect(addDecimals(['42', '10', '14'])).toBe('66');
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals(['-1', '1.00'])).toBe('0.00');
    expect(addDecimals([null, 'x', undefined])).toBeUndefined();
    expect(addDecimals(['99999999999999999999.99999999', '0.00000001'])).toBe(
      '100000000000000000000.00000000',
    );
  });
});

describe('alignDecimals', () => {
  it('lines up decimal points, padding with spaces, placeholders right-aligned', () => {
    expect(alignDecimals(['1.5', '12.25', '3', '—', '-0.125'])).toEqual([
      ' 1.5  ',
      '12.25 ',
      ' 3    ',
      '     —',
      '-0.125',
    ]);
    const out = alignDecimals(['0.00000001', '1234.5']);
    expect(out.map((c) => c.indexOf('.'))).toEqual([4, 4]);
    expect(new Set(out.map((c) => c.length)).size).toBe(1);
    expect(alignDecimals([])).toEqual([]);
  });
});

describe('amounts in a column', () => {
  it('writes an amount to its currency places, never dropping a digit', () => {
    expect(withPlaces('0.0018248', currencyPlaces('BTC'))).toBe('0.00182480');
    expect(withPlaces('2', currencyPlaces('btc'))).toBe('2.00000000');
    expect(withPlaces('0.123456789', 8)).toBe('0.123456789');
    expect(withPlaces('—', 8)).toBe('—');
    expect(withPlaces('0.5', currencyPlaces('XYZ'))).toBe('0.5');
  });

  it('lines up the decimal points of a column, known currency or not', () => {
    const col = alignAmounts([
      { value: '0.0018248', currency: 'BTC' },
      { value: '0.00175694', currency: 'BTC' },
      { value: '12.5', currency: 'XYZ' },
      { value: '—', currency: 'BTC' },
    ]);
    expect(col.map((c) => c.trim())).toEqual(['0.00182480', '0.00175694', '12.5', '—']);
    const width = Math.max(...col.map((c) => c.length));
    const points = col.slice(0, 3).map((c) => c.padStart(width).indexOf('.'));
    expect(new Set(points).size).toBe(1);
  });
});
