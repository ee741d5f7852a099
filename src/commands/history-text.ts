/** `pooltop history` rows as tables and CSV records. Names from the network are sanitised here. */
import { formatHashRate } from '../format/hash-rate.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { formatDateTime, formatDuration, formatUtcDate } from '../format/time.js';
import type { Incident, StoreSize, UptimeRow } from '../history/types.js';
import type { Shape } from './rows-output.js';
import { renderTextTable } from './text-table.js';

const when = (s: number | null) => (s === null ? '—' : formatDateTime(s * 1000));
const dur = (s: number) => formatDuration(s * 1000);
const pct = (u: number | null) => (u === null ? '—' : `${(u * 100).toFixed(2)}%`);
const iso = (s: number | null) => (s === null ? '' : new Date(s * 1000).toISOString());
const cell = (v: string | number | boolean | null) => (v === null ? '' : String(v));

export const UPTIME_SHAPE: Shape<UptimeRow> = {
  header: [
    'account',
    'worker',
    'from',
    'to',
    'up_s',
    'down_s',
    'not_watched_s',
    'uptime',
    'incidents',
    'mean_hashrate_hs',
    'filled_s',
  ],
  record: (r) =>
    [
      r.account,
      r.worker,
      iso(r.from),
      iso(r.to),
      r.upS,
      r.downS,
      r.notWatchedS,
      r.uptime === null ? null : r.uptime.toFixed(6),
      r.incidents,
      r.meanHashrate === null ? null : Math.round(r.meanHashrate),
      r.filledS,
    ].map(cell),
  text: (rows, term) => {
    if (rows.length === 0) return 'No workers in the history for this window.\n';
    const split = rows.some((r) => r.from !== rows[0]?.from);
    const header = [
      'ACCOUNT',
      'WORKER',
      ...(split ? ['PERIOD'] : []),
      'UP',
      'DOWN',
      'NOT WATCHED',
      'UPTIME',
      'INCIDENTS',
      'MEAN HASH RATE',
      'FILLED',
    ];
    const body = rows.map((r) => [
      sanitizeLine(r.account, term),
      sanitizeLine(r.worker, term),
      ...(split ? [formatUtcDate(r.from * 1000)] : []),
      dur(r.upS),
      dur(r.downS),
      dur(r.notWatchedS),
      pct(r.uptime),
      String(r.incidents),
      r.meanHashrate === null ? '—' : formatHashRate(r.meanHashrate),
      dur(r.filledS),
    ]);
    const first = split ? 3 : 2;
    const right = new Set(Array.from({ length: 8 }, (_, i) => first + i));
    return `${renderTextTable(term, header, body, '  ', right).join('\n')}\n`;
  },
};

export const INCIDENT_SHAPE: Shape<Incident> = {
  header: [
    'account',
    'worker',
    'last_present_at',
    'first_missing_at',
    'back_at',
    'last_missing_at',
    'ongoing',
    'duration_s',
    'how',
    'filled',
  ],
  record: (i) =>
    [
      i.account,
      i.worker,
      iso(i.lastPresentAt),
      iso(i.firstMissingAt),
      iso(i.backAt),
      iso(i.lastMissingAt),
      i.ongoing,
      i.durationS,
      i.how,
      i.filled,
    ].map(cell),
  text: (rows, term) => {
    if (rows.length === 0) return 'No incidents in this window.\n';
    const header = ['ACCOUNT', 'WORKER', 'LAST SEEN', 'MISSING FROM', 'BACK', 'DOWN FOR', 'HOW'];
    const body = rows.map((i) => [
      sanitizeLine(i.account, term),
      sanitizeLine(i.worker, term),
      when(i.lastPresentAt),
      when(i.firstMissingAt),
      i.ongoing
        ? 'still down'
        : i.backAt === null
          ? `not watched after ${when(i.lastMissingAt)}`
          : when(i.backAt),
      `${i.backAt === null ? '≥ ' : ''}${dur(i.durationS)}`,
      i.filled ? `${i.how} (filled)` : i.how,
    ]);
    return `${renderTextTable(term, header, body, '  ', new Set([5])).join('\n')}\n`;
  },
};

export function infoText(size: StoreSize, term: TextTarget): string {
  const mb = (size.bytes / 1_048_576).toFixed(1);
  const rows = Object.entries(size.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  return [
    `file     ${sanitizeLine(size.path, term)}`,
    `size     ${mb} MB (${size.bytes} bytes)`,
    `schema   ${size.schemaVersion}`,
    `accounts ${size.accounts}, workers ${size.workers}`,
    `rows     ${rows}`,
    `oldest   ${when(size.oldest)}`,
    `newest   ${when(size.newest)}`,
    '',
  ].join('\n');
}
