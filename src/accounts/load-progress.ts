/** The words of a load's progress, for the dashboard's bar and the command's stderr line. Pure. */
import type { LoadProgress } from '../api/load-all.js';
import { formatCount } from '../format/number.js';
import { formatDuration } from '../format/time.js';

/** `3,400 rows · 34 requests · 1,360 rows/s · ≤ 5s left` (retries only when there were some). */
export function progressParts(p: LoadProgress): string[] {
  const parts = [plural(p.rows, 'row'), plural(p.requests, 'request')];
  if (p.retried > 0) parts.push(`${formatCount(p.retried)} retried`);
  if (p.rowsPerSecond !== undefined) parts.push(`${formatCount(Math.round(p.rowsPerSecond))} rows/s`);
  if (p.maxLeftMs !== undefined) parts.push(`≤ ${formatDuration(p.maxLeftMs + 999)} left`);
  return parts;
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}
