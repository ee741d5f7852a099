/**
 * A one-line trend of a series: one character per point, its height between zero and the
 * series' peak (so a worker that drops out shows as a gap to the floor, not as noise around its
 * mean). Unicode block elements, or an ASCII ramp for terminals without UTF-8. Pure.
 */

const UNICODE_RAMP = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
const ASCII_RAMP = ['_', '.', '-', ':', '=', '+', '*', '#'] as const;

export interface SparklineOptions {
  /** Pure ASCII (default false). */
  ascii?: boolean;
}

/**
 * The latest `width` values, newest on the right, right-aligned in exactly `width` columns.
 * A missing value (null, negative, not finite) is a blank column.
 */
export function sparkline(
  values: readonly (number | null)[],
  width: number,
  opts: SparklineOptions = {},
): string {
  if (width <= 0) return '';
  const ramp = opts.ascii ? ASCII_RAMP : UNICODE_RAMP;
  const shown = values.slice(-width);
  const valid = (v: number | null): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  const peak = shown.reduce<number>((max, v) => (valid(v) && v > max ? v : max), 0);
  const top = ramp.length - 1;
  const cells = shown.map((v) => {
    if (!valid(v)) return ' ';
    if (peak === 0) return ramp[0];
    return ramp[Math.min(top, Math.round((v / peak) * top))];
  });
  return ' '.repeat(width - cells.length) + cells.join('');
}
