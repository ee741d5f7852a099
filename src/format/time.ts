/** Times for people: relative ages, wall-clock times and short durations. Local time zone. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const two = (n: number): string => String(n).padStart(2, '0');

/** Compact duration: `45s`, `3m 05s`, `2h 07m`, `3d 04h`. Negative counts as zero. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${two(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${two(m % 60)}m`;
  return `${Math.floor(h / 24)}d ${two(h % 24)}h`;
}

/** `just now`, `12s ago`, `5m ago`, `3h 12m ago`, `2d 04h ago`. A time in the future is `just now`. */
export function timeAgo(thenMs: number, nowMs: number): string {
  const diff = nowMs - thenMs;
  if (diff < 1000) return 'just now';
  if (diff < 3_600_000) return `${formatDuration(diff).split(' ')[0]} ago`;
  return `${formatDuration(diff)} ago`;
}

/** `14:03:09` */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** `2025-11-22 14:03:09` */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${formatClock(ms)}`;
}

/** `2025-11-22`: the UTC calendar day (reward days are UTC days). */
export function formatUtcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `Nov 22` */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getMonth()]} ${two(d.getDate())}`;
}

/** Local midnight at or before `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Local midnight after `ms` (DST-safe: not simply +24 h). */
export function nextDay(ms: number): number {
  const d = new Date(startOfDay(ms));
  d.setDate(d.getDate() + 1);
  return d.getTime();
}
