/** The dashboard's alert logic, pure: evaluation, changes, what rings, the notification bytes, fitting fields. */
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/alerts/range.js';
import type { ThresholdSet } from '../../src/alerts/thresholds.js';
import {
  activeAlerts,
  changesBetween,
  evaluateAlerts,
  isWorsening,
} from '../../src/ui/alerts/alert-state.js';
import { desktopNotification, passThrough } from '../../src/terminal/notification.js';
import { fitLeadingFields } from '../../src/ui/chrome/fit-fields.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

const T: ThresholdSet = {
  pool: {
    workers: { warning: parseRange('1000:', 'count'), critical: parseRange('500:', 'count') },
    block_age: { warning: parseRange('~:1h', 'seconds') },
  },
  mining: { reject_rate: { critical: parseRange('~:2%', 'ratio') } },
};
const NOW_MS = 1_750_000_000_000;

describe('evaluateAlerts', () => {
  it('evaluates only metrics with thresholds, ages at the given clock, mining per account', () => {
    const alerts = evaluateAlerts(
      [
        { scope: 'pool', readings: { workers: 900, hashRate: 1, lastBlockTime: NOW_MS / 1000 - 4000 } },
        { scope: 'mining', account: 'rig', readings: { account: 'rig', rejectRatio: 0.05 } },
      ],
      T,
      NOW_MS,
      DEFAULT_TERMINAL,
    );
    expect(alerts.map((a) => [a.id, a.label, a.status, a.value])).toEqual([
      ['pool:workers', 'workers', 'warning', 900],
      ['pool:block_age', 'block_age', 'warning', 4000],
      ['mining:rig:reject_rate', 'rig/reject_rate', 'critical', 0.05],
    ]);
    expect(activeAlerts(alerts).map((a) => a.id)[0]).toBe('mining:rig:reject_rate');
  });

  it('a missing value is UNKNOWN, not an alert; no source, no evaluation', () => {
    const alerts = evaluateAlerts([{ scope: 'pool', readings: {} }], T, NOW_MS, DEFAULT_TERMINAL);
    expect(alerts.map((a) => a.status)).toEqual(['unknown', 'unknown']);
    expect(activeAlerts(alerts)).toEqual([]);
    expect(evaluateAlerts([], T, NOW_MS, DEFAULT_TERMINAL)).toEqual([]);
  });
});

describe('changes', () => {
  it('records every change, numbered; only a change into WARNING or CRITICAL from better rings', () => {
    const seen = new Map([['pool:workers', 'warning' as const]]);
    const alerts = evaluateAlerts(
      [{ scope: 'pool', readings: { workers: 400 } }],
      T,
      NOW_MS,
      DEFAULT_TERMINAL,
    );
    const changes = changesBetween(seen, alerts, NOW_MS, 7);
    expect(changes.map((c) => [c.seq, c.id, c.from, c.to, c.value])).toEqual([
      [8, 'pool:workers', 'warning', 'critical', '400'],
      [9, 'pool:block_age', 'ok', 'unknown', 'no value'],
    ]);
    expect(changes.map(isWorsening)).toEqual([true, false]);
    const better = { ...changes[0]!, from: 'critical' as const, to: 'warning' as const };
    expect(isWorsening(better)).toBe(false);
  });
});

describe('notifications', () => {
  it('OSC 9 and OSC 777, text sanitised, no ; in the title', () => {
    expect(desktopNotification('pool;top', 'CRIT rig\x1b]0;x\x07/workers 3', DEFAULT_TERMINAL)).toBe(
      '\x1b]9;pool,top: CRIT rig/workers 3\x07\x1b]777;notify;pool,top;CRIT rig/workers 3\x07',
    );
  });

  it('wrapped for tmux (inner ESC doubled), for screen, for either, or not at all', () => {
    const tmux = '\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\';
    const screen = '\x1bP\x1b]9;hi\x07\x1b\\';
    expect(passThrough('\x1b]9;hi\x07', 'tmux')).toBe(tmux);
    expect(passThrough('\x1b]9;hi\x07', 'screen')).toBe(screen);
    expect(passThrough('\x1b]9;hi\x07', 'screen-or-tmux')).toBe(tmux + screen);
    expect(passThrough('\x1b]9;hi\x07', 'none')).toBe('\x1b]9;hi\x07');
  });
});

describe('fitLeadingFields', () => {
  const fields = ['CRIT workers 400', 'WARN hashrate 184 TH/s', 'WARN block_age 2h 00m'];
  it('keeps whole fields and counts the rest', () => {
    expect(fitLeadingFields(fields, 200)).toBe(
      'CRIT workers 400 · WARN hashrate 184 TH/s · WARN block_age 2h 00m',
    );
    expect(fitLeadingFields(fields, 51)).toBe('CRIT workers 400 · WARN hashrate 184 TH/s · +1 more');
    expect(fitLeadingFields(fields, 50)).toBe('CRIT workers 400 · +2 more');
    expect(fitLeadingFields(fields, 26)).toBe('CRIT workers 400 · +2 more');
    expect(fitLeadingFields(fields, 8)).toBe('+3 more');
    expect(fitLeadingFields(fields, 3)).toBe('');
  });
});
