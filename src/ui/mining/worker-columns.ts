/**
 * The workers table's columns and how they share the width: name, rate now, two-hour mean, the
 * uptime columns when history is on (30 d first, then 24 h, then 7 d, each while the name and the
 * trend keep room), and the trend in what is left. Pure.
 */

/** The uptime windows the table can show, in the order they stand. */
export type UptimeColumn = 'd1' | 'd7' | 'd30';

export interface WorkerLayout {
  name: number;
  now: number;
  average: number;
  /** Shown uptime columns, left to right; empty without history or room. */
  uptime: readonly UptimeColumn[];
  trend: number;
}

/** Cursor marker (`› `) before the first column. */
export const WORKER_LEAD = 2;
/** Two hours of five-minute points, one column each. */
export const TREND_POINTS = 24;
const RATE = 10;
const GAPS = 3;
/** `99.9%` and its gap. */
export const UPTIME_WIDTH = 6;
/** The name and the trend keep at least this between them before an uptime column is added. */
const KEEP = 28;
const ADD_ORDER: readonly UptimeColumn[] = ['d30', 'd1', 'd7'];
const SHOWN_ORDER: readonly UptimeColumn[] = ['d1', 'd7', 'd30'];

export const UPTIME_TITLE: Readonly<Record<UptimeColumn, string>> = { d1: '24 h', d7: '7 d', d30: '30 d' };

export function layoutWorkerColumns(width: number, history = false): WorkerLayout {
  let room = width - WORKER_LEAD - 2 * RATE - GAPS;
  const added = new Set<UptimeColumn>();
  if (history) {
    for (const col of ADD_ORDER) {
      if (room - (UPTIME_WIDTH + 1) < KEEP) break;
      added.add(col);
      room -= UPTIME_WIDTH + 1;
    }
  }
  const trend = Math.max(0, Math.min(TREND_POINTS, room - 12));
  const name = Math.max(8, Math.min(40, room - trend));
  return { name, now: RATE, average: RATE, uptime: SHOWN_ORDER.filter((c) => added.has(c)), trend };
}
