// Not through the harness: the chart is a component drawn from props alone, no dashboard context.
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import * as lines from '../../src/ui/shared/chart-lines.js';
import { HashRateChart } from '../../src/ui/shared/hash-rate-chart.js';
import { overviewFixture } from './helpers/fixtures.js';
import { resize, waitForFrame } from './helpers/harness.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';
import { glyphsFor } from '../../src/terminal/glyphs.js';

const GLYPHS = glyphsFor(DEFAULT_TERMINAL);

vi.mock('../../src/ui/shared/chart-lines.js', { spy: true });

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const points = overviewFixture().last7daysHashRate;

describe('hash-rate chart', () => {
  it.each([80, 120, 250])('fits %i columns: no line is wider, labels included', async (width) => {
    const view = render(<HashRateChart points={points} width={width} height={12} />);
    resize(view.stdout, width, 40);
    const frame = await waitForFrame(
      () => view.lastFrame() ?? '',
      (f) => f.includes('╵Nov'),
    );
    const rows = frame.split('\n');
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(width);
    // The plot uses the room it has: some line reaches the last few columns.
    expect(Math.max(...rows.map(displayWidth))).toBeGreaterThan(width - 4);
    expect(rows[0]).toMatch(/^\s*\d[\d.]* TH\/s[┼┤]/);
    view.unmount();
  });

  it('keeps every line within the width for any width and height', () => {
    for (let width = 10; width <= 300; width += 7) {
      for (const height of [2, 5, 17]) {
        const chart = lines.chartLines(points, width, height, GLYPHS);
        for (const line of chart.lines)
          expect(displayWidth(line), `${width}×${height}`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('plots exactly the rows asked for, with SI labels and day labels under them', () => {
    const chart = lines.chartLines(points, 100, 8, GLYPHS);
    expect(chart.lines).toHaveLength(9);
    expect(chart.lines.slice(0, 8).every((l) => /^\s*[\d.]+ TH\/s[┼┤]/.test(l))).toBe(true);
    expect(chart.lines[8]).toContain('╵Nov 16');
    expect(chart.lines[8]).toContain('╵Nov 22');
  });

  it('labels the whole range at every width: the newest day always, and evenly back to the first', () => {
    // The chart beside the blocks table at 120 columns is 62 wide; stacked at 80/100, wide at 200/250.
    for (const width of [40, 62, 80, 100, 144, 194]) {
      const axis = lines.chartLines(points, width, 6, GLYPHS).lines.at(-1) ?? '';
      const days = [...axis.matchAll(/Nov (\d\d)/g)].map((m) => Number(m[1]));
      expect(days.at(-1), `${width}: ${axis}`).toBe(22);
      const steps = new Set(days.slice(1).map((d, i) => d - (days[i] ?? 0)));
      expect(steps.size, `${width}: even steps: ${axis}`).toBe(1);
      const step = [...steps][0] ?? 1;
      expect(days[0], `${width}: starts near the left: ${axis}`).toBeLessThanOrEqual(16 + step - 1);
      expect(displayWidth(axis)).toBeLessThanOrEqual(width);
    }
  });

  it('labels a newest point that falls on a midnight at the last column, whole', () => {
    // Daily points: each at 00:00 UTC, so the newest day's tick is the newest point itself.
    const day = 86_400;
    const end = Date.UTC(2026, 10, 25) / 1000;
    const daily = Array.from({ length: 30 }, (_, i) => ({
      timestamp: end - (29 - i) * day,
      hashrate: 9e13 + (i % 5) * 1e12,
    }));
    for (const width of [46, 47, 62, 80, 120]) {
      const chart = lines.chartLines(daily, width, 6, GLYPHS);
      const axis = chart.lines.at(-1) ?? '';
      expect(displayWidth(axis), `${width}: ${axis}`).toBeLessThanOrEqual(width);
      expect(axis, `${width}`).toMatch(/Nov 25╵$/);
      // The tick is under the newest point: the plot's last column.
      expect(displayWidth(axis)).toBe(Math.max(...chart.lines.slice(0, -1).map(displayWidth)));
    }
  });

  it('shows the last 24 hours with hour labels when asked', () => {
    const chart = lines.chartLines(points, 100, 6, GLYPHS, 24 * 3_600_000);
    const axis = chart.lines[6]!;
    expect(axis).toMatch(/╵\d\d:00/);
    expect(axis).not.toContain('Nov 16');
    expect(axis).toContain('╵Nov 22'); // midnight is labelled with its day
    for (const width of [80, 120, 250]) {
      for (const line of lines.chartLines(points, width, 6, GLYPHS, 24 * 3_600_000).lines) {
        expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }
    }
  });

  it('buckets in time and fills empty buckets with the previous value', () => {
    const t = 1_700_000_000_000;
    const data = [
      { t, v: 1 },
      { t: t + 1, v: 3 },
      { t: t + 10, v: 10 },
    ];
    expect(lines.bucket(data, 5)).toEqual([2, 2, 2, 2, 10]);
  });

  it('copes with a flat series, bad values and too little data', () => {
    const flat = points.map((p) => ({ ...p, hashrate: 100000000000000 }));
    expect(lines.chartLines(flat, 80, 5, GLYPHS).lines).toHaveLength(6);
    expect(lines.chartLines([{ timestamp: 1, hashrate: null }], 80, 5, GLYPHS).lines[0]).toContain(
      'Not enough',
    );
    expect(lines.chartLines(points, 8, 5, GLYPHS).lines[0]!.length).toBeLessThanOrEqual(8);
  });

  it('recomputes only when the data or the size changes', async () => {
    const spy = vi.mocked(lines.chartLines);
    spy.mockClear();
    const view = render(<HashRateChart points={points} width={80} height={10} />);
    view.rerender(<HashRateChart points={points} width={80} height={10} />);
    expect(spy).toHaveBeenCalledTimes(1);
    view.rerender(<HashRateChart points={points} width={90} height={10} />);
    expect(spy).toHaveBeenCalledTimes(2);
    view.rerender(<HashRateChart points={[...points]} width={90} height={10} />);
    expect(spy).toHaveBeenCalledTimes(3);
    view.unmount();
  });
});
