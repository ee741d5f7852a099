/** A window cut into UTC days, ISO weeks (from Monday) or calendar months, the ends clipped to it. */
export type By = 'day' | 'week' | 'month';

export function periods(from: number, to: number, by?: By): Array<{ from: number; to: number }> {
  if (!by) return [{ from, to }];
  const out: Array<{ from: number; to: number }> = [];
  let start = floorTo(from, by);
  while (start < to) {
    const next = nextOf(start, by);
    out.push({ from: Math.max(start, from), to: Math.min(next, to) });
    start = next;
  }
  return out;
}

function floorTo(t: number, by: By): number {
  const d = new Date(t * 1000);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / 1000;
  if (by === 'day') return day;
  if (by === 'week') return day - ((d.getUTCDay() + 6) % 7) * 86_400;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

function nextOf(t: number, by: By): number {
  if (by === 'day') return t + 86_400;
  if (by === 'week') return t + 7 * 86_400;
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}
