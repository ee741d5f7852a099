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
  outageTail,
  summaryFigures,
  WORKER_COLUMNS,
  workerCells,
} from './figures.js';
import { TextChunks } from './text-chunks.js';
import type { AccountStatement, Statement } from './types.js';

export const CSV_TABLES = ['summary', 'workers', 'days', 'outages', 'links'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** Text that csvCell would return unchanged. */
const PLAIN = /^(?:[A-Za-z0-9_.:][A-Za-z0-9_.: /-]*)?$/;

// Most cells are plain (figures, dates, known words): written as they are, the rest through
// csvCell (quoting, formula guard, control characters). The outages of a month of 100,000
// workers are a million rows.
const cell = (text: string) => (PLAIN.test(text) ? text : csvCell(text));

const line = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`;

/** An account's rows of one table: how many, and row i's name (network text) and the rest (plain). */
interface AccountRows {
  n: number;
  name(i: number): string;
  rest(i: number): string;
}

/** A list's rows: the first cell the name, the others plain by making. */
function listRows<T>(items: readonly T[], cells: (item: T) => string[]): AccountRows {
  let at = -1;
  let row: string[] = [];
  const of = (i: number) => {
    if (i !== at) [at, row] = [i, cells(items[i]!)];
    return row;
  };
  return { n: items.length, name: (i) => of(i)[0] ?? '', rest: (i) => of(i).slice(1).join(',') };
}

/** One table: its header, then per account a row per item, `account` first. Names go through `cell` once each. */
function itemRows(
  s: Statement,
  header: readonly string[],
  rowsOf: (a: AccountStatement) => AccountRows,
): string[] {
  const out = new TextChunks();
  out.push(line(['account', ...header]));
  const names = new Map<string, string>();
  for (const a of s.accounts) {
    const account = cell(a.account);
    const rows = rowsOf(a);
    for (let i = 0; i < rows.n; i++) {
      const raw = rows.name(i);
      let named = names.get(raw);
      if (named === undefined) {
        named = cell(raw);
        names.set(raw, named);
      }
      out.push(`${account},${named},${rows.rest(i)}\r\n`);
    }
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
      return itemRows(s, OUTAGE_COLUMNS, ({ outages: t }) => ({
        n: t.length,
        name: (i) => t.names[t.worker[i]!] ?? '',
        rest: (i) => outageTail(t, i),
      }));
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
