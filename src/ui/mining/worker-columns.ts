/** The workers table's columns and how they share the width. Pure. */

export interface WorkerLayout {
  name: number;
  now: number;
  average: number;
  trend: number;
}

/** Cursor marker (`› `) before the first column. */
export const WORKER_LEAD = 2;
/** Two hours of five-minute points, one column each. */
export const TREND_POINTS = 24;
const RATE = 10;
const GAPS = 3;

export function layoutWorkerColumns(width: number): WorkerLayout {
  const room = width - WORKER_LEAD - 2 * RATE - GAPS;
  const trend = Math.max(0, Math.min(TREND_POINTS, room - 12));
  const name = Math.max(8, Math.min(40, room - trend));
  return { name, now: RATE, average: RATE, trend };
}
