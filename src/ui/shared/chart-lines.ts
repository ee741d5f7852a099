/**
 * Turns a hash-rate series (the pool's 7 days, a mining account's or one worker's) into text lines of an exact width: SI y-labels, an
 * asciichart line bucketed in time to the columns available, and day (or hour) labels under it.
 * Pure, so the view can memoise it by data and size.
 */
import { plot } from 'asciichart';
import { formatHashRate } from '../../format/hash-rate.js';
import { formatClock, formatDay, nextDay, startOfDay } from '../../format/time.js';
import { displayWidth, fitWidth, truncate } from '../../format/width.js';
import type { Glyphs } from '../../terminal/glyphs.js';

export interface Chart {
  /** Plot lines followed by the time-label line; none wider than the width asked for. */
  lines: string[];
  /** Columns taken by the y-labels and the axis at the start of each plot line. */
  gutter: number;
  /** Highest value plotted (after bucketing), H/s. */
  peak: number;
}

const MIN_LABEL = 8;

/** A point of any hash-rate series, the pool's or a mining one (H/s, null when unreadable). */
export interface ChartPoint {
  /** Unix seconds; null or missing when the answer lacked it. */
  timestamp?: number | null;
  hashrate?: number | null;
}

interface Sample {
  t: number;
  v: number;
}

function rateOf(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function samples(points: readonly ChartPoint[]): Sample[] {
  const out: Sample[] = [];
  for (const p of points) {
    const v = rateOf(p.hashrate);
    // A point without a time or a rate cannot be drawn: it is skipped (the policy's degraded row).
    if (v !== undefined && p.timestamp != null && Number.isFinite(p.timestamp)) {
      out.push({ t: p.timestamp * 1000, v });
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

/** Mean per time bucket; an empty bucket repeats the one before it. */
export function bucket(data: readonly Sample[], count: number): number[] {
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last || count <= 0) return [];
  const span = Math.max(1, last.t - first.t);
  const sums = new Array<number>(count).fill(0);
  const counts = new Array<number>(count).fill(0);
  for (const s of data) {
    const i = Math.min(count - 1, Math.floor(((s.t - first.t) / span) * count));
    sums[i] = (sums[i] ?? 0) + s.v;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  const out: number[] = [];
  let prev = first.v;
  for (let i = 0; i < count; i++) {
    const n = counts[i] ?? 0;
    if (n > 0) prev = (sums[i] ?? 0) / n;
    out.push(prev);
  }
  return out;
}

const HOUR = 3_600_000;

/** Tick times in (first, last]: local midnights for long spans, every few hours for short ones. */
function ticks(first: number, last: number, columns: number): Array<{ at: number; text: string }> {
  const span = last - first;
  if (span > 2 * 24 * HOUR) {
    const out: Array<{ at: number; text: string }> = [];
    for (let d = nextDay(first); d <= last; d = nextDay(d)) out.push({ at: d, text: formatDay(d) });
    return out;
  }
  // Hours: the smallest step that leaves ~10 columns per label.
  const step = [1, 2, 3, 4, 6, 12].find((h) => (columns * h * HOUR) / Math.max(1, span) >= 10) ?? 24;
  const out: Array<{ at: number; text: string }> = [];
  const hourStart = (t: number) => t - (t % HOUR);
  for (let t = hourStart(first) + HOUR; t <= last; t += HOUR) {
    const d = new Date(t);
    if (d.getHours() % step !== 0) continue;
    out.push({ at: t, text: d.getHours() === 0 ? formatDay(t) : formatClock(t).slice(0, 5) });
  }
  return out;
}

interface Mark {
  /** Column of the tick. */
  col: number;
  text: string;
}

/**
 * The labels in one line of `width`, each starting at its tick (`╵Nov 21`), or, at the right
 * edge, ending there (`Nov 23╵`); undefined when two would touch.
 */
function placeLabels(marks: readonly Mark[], width: number, tick: string): string | undefined {
  let line = '';
  for (const { col, text } of marks) {
    const w = displayWidth(text) + 1;
    const start = col + w <= width ? col : col + 1 - w;
    const label = col + w <= width ? `${tick}${text}` : `${text}${tick}`;
    if (start < 0 || start < line.length + (line.length > 0 ? 1 : 0)) return undefined;
    line = line.padEnd(start) + label;
  }
  return line;
}

/**
 * Time labels under the plot that span the whole range: every tick if they fit, else every
 * second, third… counted back from the newest, so the right end is always labelled and no gap
 * is wider than the step.
 */
function axisLabels(
  first: number,
  last: number,
  gutter: number,
  columns: number,
  width: number,
  tick: string,
): string {
  const span = Math.max(1, last - first);
  // Point i of the plot sits in column gutter - 1 + i (the first on the axis), the newest in the last one.
  const marks: Mark[] = ticks(first, last, columns).map((t) => ({
    col: gutter - 1 + Math.min(columns, Math.round(((t.at - first) / span) * columns)),
    text: t.text,
  }));
  if (marks.length === 0) marks.push({ col: gutter, text: formatDay(startOfDay(first)) });
  for (let step = 1; step <= marks.length; step++) {
    const every = marks.filter((_, i) => (marks.length - 1 - i) % step === 0);
    const line = placeLabels(every, width, tick);
    if (line !== undefined) return line;
  }
  return '';
}

interface Drawn {
  text: string;
  labelWidth: number;
  /** Bucketed values plotted. */
  values: number[];
  count: number;
  /** The widest y-label this drawing wanted. */
  widest: number;
}

/** asciichart's plot of `data` with y-labels `labelWidth` wide; undefined when too narrow. */
function plotAt(
  data: readonly Sample[],
  width: number,
  rows: number,
  labelWidth: number,
  glyphs: Glyphs,
): Drawn | undefined {
  // asciichart draws `values` points as values-1 segments plus one blank column: values = width - labelWidth.
  const count = width - labelWidth;
  if (count < 3) return undefined;
  const values = bucket(data, count);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < Number.EPSILON * Math.max(1, hi)) {
    const pad = Math.max(hi * 0.01, 1);
    lo -= pad;
    hi += pad;
  }
  const range = hi - lo;
  const top = rows - 1;
  let widest = 0;
  // Plot in row units (0..top) so asciichart's rounding always yields exactly `rows` lines.
  const scaled = values.map((v) => ((v - lo) / range) * top);
  const text = plot(scaled, {
    min: 0,
    max: top,
    height: top,
    offset: 2,
    padding: '',
    symbols: [...glyphs.chart],
    format: (y) => {
      const label = formatHashRate(lo + (y / top) * range);
      widest = Math.max(widest, displayWidth(label));
      return fitWidth(label, labelWidth, 'right', glyphs.ellipsis);
    },
  });
  return { text, labelWidth, values, count, widest };
}

/**
 * `height` plot rows (at least 2) plus one line of time labels, each line at most `width` columns.
 * `spanMs` keeps only the points at most that long before the newest one (e.g. 24 h).
 * Fewer than two valid points, or no room, gives a one-line notice instead.
 */
export function chartLines(
  points: readonly ChartPoint[],
  width: number,
  height: number,
  glyphs: Glyphs,
  spanMs = Infinity,
): Chart {
  const { ellipsis } = glyphs;
  const all = samples(points);
  const newest = all[all.length - 1]?.t ?? 0;
  const data = all.filter((s) => newest - s.t <= spanMs);
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last || data.length < 2) {
    return {
      lines: [truncate('Not enough hash-rate history to draw a chart yet.', width, ellipsis)],
      gutter: 0,
      peak: 0,
    };
  }
  const rows = Math.max(2, height);
  const lo = Math.min(...data.map((s) => s.v));
  const hi = Math.max(...data.map((s) => s.v));
  const firstWidth = Math.max(MIN_LABEL, displayWidth(formatHashRate(lo)), displayWidth(formatHashRate(hi)));
  // A label between the ends may be wider than both ("99.9 TH/s" between 99 and 101): once
  // known, draw again with room for it.
  let drawn = plotAt(data, width, rows, firstWidth, glyphs);
  if (drawn && drawn.widest > firstWidth) drawn = plotAt(data, width, rows, drawn.widest, glyphs);
  if (!drawn) return { lines: [truncate('Too narrow for a chart.', width, ellipsis)], gutter: 0, peak: 0 };
  const { text, labelWidth, count, values } = drawn;
  const gutter = labelWidth + 1;
  const plotLines = text.split('\n').map((line) => truncate(line.slice(0, -1), width, ''));
  return {
    lines: [...plotLines, axisLabels(first.t, last.t, gutter, count - 1, width, glyphs.tick)],
    gutter,
    peak: Math.max(...values),
  };
}
