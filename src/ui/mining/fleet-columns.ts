/**
 * The fleet table's columns, the text of each cell and how the columns share the width: the
 * name and the figures first; the reward's status, the reward, the 24 h average and the 30-day
 * uptime (shown with history on) drop out, in that order, when the terminal is narrow. Pure.
 */
import type { Status } from '../../alerts/evaluate.js';
import type { FleetRow } from '../../api/mining-fleet-row.js';
import { formatHashRate } from '../../format/hash-rate.js';
import { formatCount } from '../../format/number.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { formatUtcDate } from '../../format/time.js';
import type { FleetEntry, FleetSortKey } from './fleet-sort.js';
import { uptimeText } from './uptime-text.js';

export type FleetColumnId =
  | 'name'
  | 'hashRate'
  | 'hashRate24h'
  | 'rejectRate'
  | 'workers'
  | 'gone'
  | 'reward'
  | 'status'
  | 'uptime'
  | 'alert';

export interface FleetColumn {
  id: FleetColumnId;
  title: string;
  width: number;
  right: boolean;
  /** The sort key this column shows, if any. */
  sort?: FleetSortKey;
}

/** Cursor marker (`› `) before the first column. */
export const FLEET_LEAD = 2;
const GAP = 2;
const NAME_MIN = 10;
const NAME_MAX = 28;

const ALL: readonly FleetColumn[] = [
  { id: 'name', title: 'Account', width: NAME_MIN, right: false, sort: 'name' },
  { id: 'hashRate', title: 'Hash rate', width: 12, right: true, sort: 'hashRate' },
  { id: 'hashRate24h', title: '24 h avg', width: 10, right: true, sort: 'hashRate24h' },
  { id: 'uptime', title: 'Up 30 d', width: 7, right: true, sort: 'uptime' },
  { id: 'rejectRate', title: 'Reject', width: 7, right: true, sort: 'rejectRate' },
  { id: 'workers', title: 'On · low · off', width: 17, right: true, sort: 'online' },
  { id: 'gone', title: 'Gone', width: 5, right: true, sort: 'gone' },
  { id: 'reward', title: 'Last reward', width: 26, right: false, sort: 'reward' },
  { id: 'status', title: 'Status', width: 10, right: false },
  { id: 'alert', title: 'Alert', width: 5, right: false, sort: 'alert' },
];

/** Left out first when the width is short. */
const DROP_ORDER: readonly FleetColumnId[] = ['status', 'reward', 'hashRate24h', 'uptime', 'rejectRate'];

/** `alerts`: thresholds are set for mining; `history`: the history file is open. */
export function layoutFleet(width: number, alerts: boolean, history = false): FleetColumn[] {
  let cols = ALL.filter((c) => (alerts || c.id !== 'alert') && (history || c.id !== 'uptime'));
  const need = (cs: readonly FleetColumn[]) =>
    FLEET_LEAD + cs.reduce((n, c) => n + c.width, 0) + GAP * (cs.length - 1);
  for (const id of DROP_ORDER) {
    if (need(cols) <= width) break;
    cols = cols.filter((c) => c.id !== id);
  }
  const spare = Math.max(0, width - need(cols));
  return cols.map((c) => (c.id === 'name' ? { ...c, width: Math.min(NAME_MAX, NAME_MIN + spare) } : c));
}

export const FLEET_GAP = ' '.repeat(GAP);

const count = (n: number | null) => (n === null ? '—' : formatCount(n));

/** ↑ / ↓ when the hash rate now is 5 % above / below its 24 h average, → between. */
export function trendGlyph(row: FleetRow): string {
  const { hashRate: now, hashRate24h: day } = row;
  if (now === null || day === null || day <= 0) return ' ';
  if (now > day * 1.05) return '↑';
  if (now < day * 0.95) return '↓';
  return '→';
}

export const ALERT_WORD: Readonly<Record<Status, string>> = {
  ok: 'ok',
  warning: 'WARN',
  critical: 'CRIT',
  unknown: '?',
};

export function fleetCell(entry: FleetEntry, id: FleetColumnId, term: TextTarget): string {
  const r = entry.row;
  switch (id) {
    case 'name':
      return sanitizeLine(r.name, term) || '(no name)';
    case 'hashRate':
      return `${formatHashRate(r.hashRate)} ${trendGlyph(r)}`;
    case 'hashRate24h':
      return formatHashRate(r.hashRate24h);
    case 'rejectRate':
      return r.rejectRate === null ? '—' : `${(r.rejectRate * 100).toFixed(2)} %`;
    case 'workers':
      return `${count(r.workers.online)} · ${count(r.workers.low)} · ${count(r.workers.offline)}`;
    case 'gone':
      return formatCount(r.workersGone);
    case 'reward': {
      if (r.reward === null) return '—';
      const date = r.reward.date === null ? '—' : formatUtcDate(r.reward.date * 1000);
      return `${date} ${sanitizeLine(r.reward.amount ?? '—', term)} ${sanitizeLine(r.reward.currency ?? '', term)}`.trimEnd();
    }
    case 'status':
      return r.reward === null ? '—' : sanitizeLine(r.reward.status ?? '—', term);
    case 'uptime':
      return uptimeText(entry.uptime);
    case 'alert':
      return entry.alert === undefined ? '' : ALERT_WORD[entry.alert];
  }
}
