/**
 * The workers table's order: as the pool lists them, or by an uptime column (`s` moves on, `S`
 * reverses), worst first; a worker without history sorts last whichever way. Stable. Pure.
 */
import { orderByValue } from './fleet-sort.js';
import type { WorkerUptime } from './account-uptimes.js';
import type { UptimeColumn } from './worker-columns.js';

export interface WorkerOrder {
  /** Undefined: the order the pool lists them in. */
  key: UptimeColumn | undefined;
  desc: boolean;
}

export const LISTED_ORDER: WorkerOrder = { key: undefined, desc: false };
const KEYS: readonly (UptimeColumn | undefined)[] = [undefined, 'd1', 'd7', 'd30'];

export const WORKER_SORT_LABEL: Readonly<Record<UptimeColumn, string>> = {
  d1: 'uptime 24 h',
  d7: 'uptime 7 d',
  d30: 'uptime 30 d',
};

/** After `s`: the next column (after the last, the pool's order again), worst first. */
export function nextWorkerOrder(order: WorkerOrder): WorkerOrder {
  const i = KEYS.indexOf(order.key);
  return { key: KEYS[(i + 1) % KEYS.length], desc: false };
}

export function sortWorkers(
  names: readonly string[],
  uptimes: ReadonlyMap<string, WorkerUptime> | undefined,
  order: WorkerOrder,
): readonly string[] {
  const { key, desc } = order;
  if (key === undefined) return desc ? [...names].reverse() : names;
  return orderByValue(
    names.map((n) => uptimes?.get(n)?.[key] ?? null),
    desc,
  ).map((i) => names[i] as string);
}
