import { describe, expect, it } from 'vitest';
import { parseTimeValue, timeFlag } from '../../src/commands/support/time-flag.js';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 30, 500);
const NOW_SEC = Math.floor(NOW / 1000);

describe('--from/--to values', () => {
  it('Unix seconds, now, a time ago', () => {
    expect(parseTimeValue('1735689600', NOW)).toBe(1735689600);
    expect(parseTimeValue('now', NOW)).toBe(NOW_SEC);
    expect(parseTimeValue('90s', NOW)).toBe(NOW_SEC - 90);
    expect(parseTimeValue('30m', NOW)).toBe(NOW_SEC - 1800);
    expect(parseTimeValue(' 24h ', NOW)).toBe(NOW_SEC - 86_400);
    expect(parseTimeValue('7d', NOW)).toBe(NOW_SEC - 7 * 86_400);
    expect(parseTimeValue('2w', NOW)).toBe(NOW_SEC - 14 * 86_400);
  });

  it('ISO dates (a bare date is UTC) and date-times', () => {
    expect(parseTimeValue('2025-01-01', NOW)).toBe(Date.UTC(2025, 0, 1) / 1000);
    expect(parseTimeValue('2025-01-01T12:00:00Z', NOW)).toBe(Date.UTC(2025, 0, 1, 12) / 1000);
    expect(parseTimeValue('2025-01-01T12:00:00+02:00', NOW)).toBe(Date.UTC(2025, 0, 1, 10) / 1000);
  });

  it('anything else is undefined, and a usage error naming the flag', () => {
    for (const bad of ['yesterday', '-5', '1.5h', '24 h', '2025-13-45', '', '5y', '2025/01/01']) {
      expect(parseTimeValue(bad, NOW), bad).toBeUndefined();
    }
    expect(() => timeFlag({ from: 'soon' }, 'from', NOW)).toThrow(/^--from must be Unix seconds/);
    expect(timeFlag({}, 'from', NOW)).toBeUndefined();
  });
});
