import { describe, expect, it } from 'vitest';
import { alignDecimals, currencyPlaces, sumDecimals, withPlaces } from '../../src/format/decimal.js';

describe('sumDecimals', () => {
  it('adds amounts exactly, skipping what is not a decimal', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['0.00125', '1', '0.00000001'])).toBe('1.00125001');
    expect(sumDecimals(['0.5', null, 'NaN', undefined, '0.5'])).toBe('1');
    expect(sumDecimals([])).toBe('0');
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
    const col = alignDecimals([
      { value: '0.0018248', currency: 'BTC' },
      { value: '0.00175694', currency: 'BTC' },
      { value: '12.5', currency: 'XYZ' },
      { value: '—', currency: 'BTC' },
    ]);
    expect(col.slice(0, 3)).toEqual(['0.00182480', '0.00175694', `12.5${' '.repeat(7)}`]);
    expect(col[3]).toBe('—');
    const width = Math.max(...col.map((c) => c.length));
    const points = col.slice(0, 3).map((c) => c.padStart(width).indexOf('.'));
    expect(new Set(points).size).toBe(1);
  });
});
