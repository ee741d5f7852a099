/** The header's word and the status bar's STALE, for data polled every interval and less often. */
import { describe, expect, it } from 'vitest';
import { isStale, liveness, type StatusReport } from '../../src/ui/status-report.js';

const report = (fetchedAt: number, extra: Partial<StatusReport> = {}): StatusReport => ({
  what: 'x',
  hasData: true,
  fetchedAt,
  error: undefined,
  retryAt: undefined,
  ...extra,
});

describe('liveness and isStale', () => {
  it('judge data polled every interval by two intervals', () => {
    expect(liveness(report(0), false, 2_000, 1_000)).toBe('LIVE');
    expect(liveness(report(0), false, 2_001, 1_000)).toBe('STALE');
    expect(isStale(report(0), 2_001, 1_000)).toBe(true);
  });

  it('judge data polled once a minute by two of its own polls, never by less than two intervals', () => {
    const slow = report(0, { periodMs: 60_000 });
    expect(liveness(slow, false, 5_000, 1_000)).toBe('LIVE');
    expect(isStale(slow, 119_000, 1_000)).toBe(false);
    expect(liveness(slow, false, 120_001, 1_000)).toBe('STALE');
    expect(isStale(slow, 120_001, 1_000)).toBe(true);
    expect(liveness(report(0, { periodMs: 500 }), false, 3_000, 2_000)).toBe('LIVE');
  });

  it('say ERROR, PAUSED and LOADING whatever the period', () => {
    expect(liveness(report(0, { periodMs: 60_000, error: new Error('x') }), false, 1, 1_000)).toBe('ERROR');
    expect(liveness(report(0, { periodMs: 60_000 }), true, 1, 1_000)).toBe('PAUSED');
    expect(liveness(report(Number.NaN, { fetchedAt: undefined }), false, 1, 1_000)).toBe('LOADING');
  });
});
