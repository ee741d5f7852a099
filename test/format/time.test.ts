import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatDuration,
  nextDay,
  startOfDay,
  timeAgo,
} from '../../src/format/time.js';
import { formatCount } from '../../src/format/number.js';
import { createTheme } from '../../src/format/color.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const T = Date.UTC(2025, 10, 22, 14, 3, 9);

describe('time', () => {
  it('says how long ago, compactly', () => {
    expect(timeAgo(T, T)).toBe('just now');
    expect(timeAgo(T + 5000, T)).toBe('just now');
    expect(timeAgo(T - 12_000, T)).toBe('12s ago');
    expect(timeAgo(T - 5 * 60_000 - 3000, T)).toBe('5m ago');
    expect(timeAgo(T - (3 * 60 + 12) * 60_000, T)).toBe('3h 12m ago');
    expect(timeAgo(T - (2 * 24 + 4) * 3_600_000, T)).toBe('2d 04h ago');
  });

  it('formats durations', () => {
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(7_620_000)).toBe('2h 07m');
  });

  it('formats wall-clock times and days', () => {
    expect(formatClock(T)).toBe('14:03:09');
    expect(formatDateTime(T)).toBe('2025-11-22 14:03:09');
    expect(formatDay(T)).toBe('Nov 22');
    expect(startOfDay(T)).toBe(Date.UTC(2025, 10, 22));
    expect(nextDay(T)).toBe(Date.UTC(2025, 10, 23));
  });
});

describe('number and colour', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(Number.NaN)).toBe('—');
  });

  it('a theme without colour leaves every colour undefined', () => {
    const plain = createTheme(false);
    expect(Object.entries(plain).filter(([k, v]) => k !== 'enabled' && v !== undefined)).toEqual([]);
    expect(createTheme(true).accent).toBeDefined();
  });
});
