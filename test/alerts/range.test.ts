import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, worst } from '../../src/alerts/evaluate.js';
import {
  describeRange,
  parseRange,
  perfRange,
  RangeSyntaxError,
  rangeAlerts,
} from '../../src/alerts/range.js';
import { plainNumber } from '../../src/alerts/units.js';

/** The table of the Monitoring Plugins Development Guidelines, value by value. */
const GUIDELINES: [string, number[], number[]][] = [
  // range, values that alert, values that do not
  ['10', [-1, -0.001, 10.001, 11], [0, 5, 10]],
  ['10:', [-5, 0, 9.999], [10, 11, 1e20]],
  ['~:10', [10.001, 1e20], [-1e20, -1, 0, 10]],
  ['10:20', [9.999, 20.001, 0], [10, 15, 20]],
  ['@10:20', [10, 15, 20], [9.999, 20.001, 0]],
];

describe('range syntax (Monitoring Plugins guidelines)', () => {
  it.each(GUIDELINES)('%s', (text, alerting, quiet) => {
    const range = parseRange(text, 'count');
    for (const v of alerting) expect(rangeAlerts(range, v), `${text} at ${v}`).toBe(true);
    for (const v of quiet) expect(rangeAlerts(range, v), `${text} at ${v}`).toBe(false);
  });

  it('reads the suffixes of each unit into base units', () => {
    expect(parseRange('150P:', 'hashrate')).toMatchObject({ start: 150e15, end: Infinity, inside: false });
    expect(parseRange('1.5E', 'hashrate')).toMatchObject({ start: 0, end: 1.5e18 });
    expect(parseRange('~:500k', 'hashrate')).toMatchObject({ start: -Infinity, end: 500e3 });
    expect(parseRange('90m', 'seconds').end).toBe(5400);
    expect(parseRange('2h', 'seconds').end).toBe(7200);
    expect(parseRange('1d:', 'seconds').start).toBe(86_400);
    expect(parseRange('30s', 'seconds').end).toBe(30);
    expect(parseRange('5%', 'ratio').end).toBeCloseTo(0.05);
    expect(parseRange('0.05', 'ratio').end).toBe(0.05);
    expect(parseRange('@1:3', 'count')).toMatchObject({ start: 1, end: 3, inside: true });
  });

  it('refuses what it cannot read, saying why', () => {
    const bad: [string, Parameters<typeof parseRange>[1], RegExp][] = [
      ['', 'count', /is empty/],
      ['150X:', 'hashrate', /unknown suffix 'X'.*k M G T P E/],
      ['10M', 'seconds', /unknown suffix 'M'.*s m h d/],
      ['10k', 'count', /unknown suffix 'k'.*no suffix/],
      ['5', 'ratio', /not a ratio \(write 5% or 0\.05\)/],
      [':10', 'count', /nothing before ':' \(write ~:10 or 0:10\)/],
      ['20:10', 'count', /starts above its end/],
      ['1:2:3', 'count', /more than one ':'/],
      ['ten', 'count', /is not a number/],
      ['@', 'count', /is not a number/],
    ];
    for (const [text, unit, why] of bad) {
      expect(() => parseRange(text, unit), text).toThrow(RangeSyntaxError);
      expect(() => parseRange(text, unit), text).toThrow(why);
    }
  });

  it('writes ranges back in performance-data form, plain numbers in the perfdata unit', () => {
    expect(perfRange(parseRange('150P:', 'hashrate'), 'hashrate')).toBe('150000000000000000:');
    expect(perfRange(parseRange('10', 'count'), 'count')).toBe('10');
    expect(perfRange(parseRange('~:2h', 'seconds'), 'seconds')).toBe('~:7200');
    expect(perfRange(parseRange('@10:20', 'count'), 'count')).toBe('@10:20');
    expect(perfRange(parseRange('2%:5%', 'ratio'), 'ratio')).toBe('2:5');
    expect(perfRange(parseRange('-5:5', 'count'), 'count')).toBe('-5:5');
  });

  it('the perfdata form of a range alerts exactly where the original does', () => {
    const num = fc.integer({ min: -1000, max: 1000 });
    const text = fc
      .tuple(fc.boolean(), fc.oneof(fc.constant('~'), num.map(String), fc.constant('')), num, fc.boolean())
      .map(([at, start, end, open]) => {
        const body = start === '' ? String(Math.abs(end)) : `${start}:${open ? '' : end}`;
        return `${at ? '@' : ''}${body}`;
      })
      .filter((t) => {
        try {
          parseRange(t, 'count');
          return true;
        } catch {
          return false;
        }
      });
    fc.assert(
      fc.property(text, fc.integer({ min: -1200, max: 1200 }), (t, v) => {
        const original = parseRange(t, 'count');
        const again = parseRange(perfRange(original, 'count'), 'count');
        expect(rangeAlerts(again, v)).toBe(rangeAlerts(original, v));
      }),
    );
  });

  it('describes when a range alerts, in words and units', () => {
    expect(describeRange(parseRange('150P:', 'hashrate'), 'hashrate')).toBe('below 150 PH/s');
    expect(describeRange(parseRange('~:2h', 'seconds'), 'seconds')).toBe('above 2h 00m');
    expect(describeRange(parseRange('10:20', 'count'), 'count')).toBe('outside 10–20');
    expect(describeRange(parseRange('@10:20', 'count'), 'count')).toBe('from 10 to 20');
    expect(describeRange(parseRange('5%', 'ratio'), 'ratio')).toBe('outside 0%–5%');
  });

  it('plain numbers never carry an exponent or grouping', () => {
    expect(plainNumber(1.8e20)).toBe('180000000000000000000');
    expect(plainNumber(2e21)).toBe('2000000000000000000000');
    expect(plainNumber(1e-7)).toBe('0');
    expect(plainNumber(7.000000000000001)).toBe('7');
    expect(plainNumber(0.1 + 0.2)).toBe('0.3');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) =>
        /^-?[0-9.]+$/.test(plainNumber(n)),
      ),
    );
  });
});

describe('evaluate: the one pure function', () => {
  const t = { warning: parseRange('150P:', 'hashrate'), critical: parseRange('100P:', 'hashrate') };

  it('checks critical first, then warning', () => {
    expect(evaluate(200e15, t)).toBe('ok');
    expect(evaluate(150e15, t)).toBe('ok');
    expect(evaluate(149e15, t)).toBe('warning');
    expect(evaluate(99e15, t)).toBe('critical');
    expect(evaluate(99e15, { warning: t.warning })).toBe('warning');
  });

  it('no thresholds is ok whatever the value; thresholds and no value is unknown', () => {
    expect(evaluate(undefined, {})).toBe('ok');
    expect(evaluate(undefined, t)).toBe('unknown');
    expect(evaluate(Number.NaN, t)).toBe('unknown');
  });

  it('combines statuses worst first: critical, warning, unknown, ok', () => {
    expect(worst([])).toBe('ok');
    expect(worst(['ok', 'unknown'])).toBe('unknown');
    expect(worst(['unknown', 'warning', 'ok'])).toBe('warning');
    expect(worst(['warning', 'critical', 'unknown'])).toBe('critical');
  });
});
