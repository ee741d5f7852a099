/**
 * A statement as CSV for a spreadsheet: one table at a time, one row per item, named columns,
 * `account` first so the tables of many accounts sort and filter together.
 *
 * - `summary` (one row per account: its window and every figure of figures.ts's summary; a
 *   column an account lacks, such as a term left out or another currency's rewards, is empty),
 * - `workers` (one row per worker), `days` (one row per UTC day), `outages` (one row per outage
 *   at least the threshold, in order of start), `links` (one row per watcher link).
 *
 * Hash rates in whole H/s, worker-seconds as hours (2 places), times UTC as
 * `YYYY-MM-DD HH:MM:SS` (a spreadsheet reads that as a date-time), amounts exact. Pure.
 */
import { csvCell } from '../format/csv.js';
import {
  DAY_COLUMNS,
  dayCells,
  utcSecond,
  OUTAGE_COLUMNS,
  summaryFigures,
  WORKER_COLUMNS,
  workerCells,
} from './figures.js';
import { TextChunks } from './text-chunks.js';
import type { AccountStatement, OutageTable, Statement } from './types.js';

export const CSV_TABLES = ['summary', 'workers', 'days', 'outages', 'links'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** Text that csvCell would return unchanged. */
const PLAIN = /^(?:[A-Za-z0-9_.:][A-Za-z0-9_.: /-]*)?$/;

// Most cells are plain (figures, dates, known words): written as they are, the rest through
// csvCell (quoting, formula guard, control characters). The outages of a month of 100,000
// workers are a million rows.
const cell = (text: string) => (PLAIN.test(text) ? text : csvCell(text));

const line = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`;

/**
 * An account's rows of one table: how many, and row i as text, `\r\n` included, its first
 * cells through `prefix` (the account and the item's name: network text, escaped once each).
 */
interface AccountRows {
  n: number;
  row(i: number, prefix: (name: string) => string): string;
}

/** A list's rows: the first cell the name, the others plain by making. */
const listRows = <T>(items: readonly T[], cells: (item: T) => string[]): AccountRows => ({
  n: items.length,
  row: (i, prefix) => {
    const c = cells(items[i]!);
    return `${prefix(c[0] ?? '')},${c.slice(1).join(',')}\r\n`;
  },
});

/**
 * The outages' rows. Each is joined from one reused array, so it is made flat at once rather
 * than as a chain of joins flattened later: a million rows.
 */
function outageRows(t: OutageTable): AccountRows {
  const f = new Array<string>(OUTAGE_COLUMNS.length);
  const time = (sec: number) => (Number.isNaN(sec) ? '' : utcSecond(sec));
  return {
    n: t.length,
    row: (i, prefix) => {
      f[0] = prefix(t.names[t.worker[i]!] ?? '');
      f[1] = utcSecond(t.start[i]!);
      f[2] = utcSecond(t.end[i]!);
      f[3] = String(t.seconds[i]);
      f[4] = time(t.lastPresentAt[i]!);
      f[5] = time(t.firstMissingAt[i]!);
      f[6] = t.filled[i] === 1 ? 'yes\r\n' : 'no\r\n';
      return f.join(',');
    },
  };
}

/** One table: its header, then per account a row per item, `account` first. */
function itemRows(
  s: Statement,
  header: readonly string[],
  rowsOf: (a: AccountStatement) => AccountRows,
): string[] {
  const out = new TextChunks();
  out.push(line(['account', ...header]));
  for (const a of s.accounts) {
    const account = cell(a.account);
    const prefixes = new Map<string, string>();
    const prefix = (name: string) => {
      let p = prefixes.get(name);
      if (p === undefined) {
        p = `${account},${cell(name)}`;
        prefixes.set(name, p);
      }
      return p;
    };
    const rows = rowsOf(a);
    for (let i = 0; i < rows.n; i++) out.push(rows.row(i, prefix));
  }
  return out.done();
}

function summaryTable(s: Statement): string[] {
  const perAccount = s.accounts.map((a) => new Map(summaryFigures(a).map((f) => [f.key, f.value])));
  // Every account's keys, in the order the first account to have each gives them.
  const keys = [...new Set(perAccount.flatMap((m) => [...m.keys()]))];
  return [
    line(['account', 'window', ...keys]),
    ...s.accounts.map((a, k) =>
      line([a.account, s.window.label, ...keys.map((key) => perAccount[k]!.get(key) ?? '')]),
    ),
  ];
}

/** The table's text in chunks, to be written one after another (text-chunks.ts). */
export function statementCsv(s: Statement, which: CsvTable = 'summary'): string[] {
  switch (which) {
    case 'summary':
      return summaryTable(s);
    case 'workers':
      return itemRows(s, WORKER_COLUMNS, (a) => listRows(a.workerRows, workerCells));
    case 'days':
      return itemRows(s, DAY_COLUMNS, (a) => listRows(a.days, dayCells));
    case 'outages':
      return itemRows(s, OUTAGE_COLUMNS, (a) => outageRows(a.outages));
    case 'links':
      return itemRows(s, ['name', 'link', 'permissions', 'live_until_utc'], (a) =>
        listRows(a.links, (l) => [
          l.name ?? '',
          cell(l.link ?? ''),
          cell(l.permissions.join(' ')),
          utcSecond(l.liveUntil),
        ]),
      );
  }
}
