/**
 * The fleet table's order, as the Sub-accounts list sorts: `s` moves to the next column, `S`
 * reverses; the first order is the API's. Names sort naturally (`site-2` before `site-10`),
 * numbers by value; a missing value sorts last whichever way. Stable. Pure.
 */
import { sortText } from '../../accounts/sort.js';
import type { Status } from '../../alerts/evaluate.js';
import type { FleetRow } from '../../api/mining-fleet-row.js';

export interface FleetEntry {
  row: FleetRow;
  /** WARN/CRIT and the rest, when thresholds are set for mining; undefined without. */
  alert: Status | undefined;
  /** 30-day uptime from the history file (0–1); null when nothing was watched, undefined without it. */
  uptime?: number | null;
}

export const FLEET_SORT_KEYS = [
  'name',
  'hashRate',
  'hashRate24h',
  'rejectRate',
  'online',
  'offline',
  'gone',
  'reward',
  'uptime',
  'alert',
] as const;
export type FleetSortKey = (typeof FLEET_SORT_KEYS)[number];

export interface FleetOrder {
  /** Undefined: the order the API lists the accounts in. */
  key: FleetSortKey | undefined;
  desc: boolean;
}

export const FLEET_SORT_LABEL: Readonly<Record<FleetSortKey, string>> = {
  name: 'account',
  hashRate: 'hash rate',
  hashRate24h: '24 h average',
  rejectRate: 'reject rate',
  online: 'workers online',
  offline: 'workers offline',
  gone: 'workers gone',
  reward: 'last reward',
  uptime: '30-day uptime',
  alert: 'alert',
};

/** The order after `s`: the next column (the first after the API's order); its usual direction. */
export function nextFleetOrder(order: FleetOrder): FleetOrder {
  const i = order.key === undefined ? -1 : FLEET_SORT_KEYS.indexOf(order.key);
  const key = FLEET_SORT_KEYS[(i + 1) % FLEET_SORT_KEYS.length] as FleetSortKey;
  // Names read best A→Z, uptime worst first; figures and alerts biggest first.
  return { key, desc: key !== 'name' && key !== 'uptime' };
}

const ALERT_RANK: Readonly<Record<Status, number>> = { ok: 0, unknown: 1, warning: 2, critical: 3 };

function numberOf(e: FleetEntry, key: Exclude<FleetSortKey, 'name'>): number | null {
  const r = e.row;
  switch (key) {
    case 'hashRate':
      return r.hashRate;
    case 'hashRate24h':
      return r.hashRate24h;
    case 'rejectRate':
      return r.rejectRate;
    case 'online':
      return r.workers.online;
    case 'offline':
      return r.workers.offline;
    case 'gone':
      return r.workersGone;
    case 'reward': {
      const n = r.reward?.amount == null ? Number.NaN : Number(r.reward.amount);
      return Number.isFinite(n) ? n : null;
    }
    case 'uptime':
      return e.uptime ?? null;
    case 'alert':
      return e.alert === undefined ? null : ALERT_RANK[e.alert];
  }
}

export function sortFleet(entries: readonly FleetEntry[], order: FleetOrder): readonly FleetEntry[] {
  const { key, desc } = order;
  if (key === undefined) return desc ? [...entries].reverse() : entries;
  const dir = desc ? -1 : 1;
  const index = entries.map((_, i) => i);
  if (key === 'name') {
    const keys = entries.map((e) => sortText(e.row.name));
    index.sort((a, b) => {
      const ka = keys[a] as string;
      const kb = keys[b] as string;
      return ka < kb ? -dir : ka > kb ? dir : a - b;
    });
  } else {
    return orderByValue(
      entries.map((e) => numberOf(e, key)),
      desc,
    ).map((i) => entries[i] as FleetEntry);
  }
  return index.map((i) => entries[i] as FleetEntry);
}

/** The indexes of `values` in order, a missing value last whichever way; stable. */
export function orderByValue(values: readonly (number | null)[], desc: boolean): number[] {
  const dir = desc ? -1 : 1;
  return values
    .map((_, i) => i)
    .sort((a, b) => {
      const va = values[a] ?? null;
      const vb = values[b] ?? null;
      if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
      return va === vb ? a - b : (va - vb) * dir;
    });
}
