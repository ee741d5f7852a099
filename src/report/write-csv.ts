/**
 * A statement as one CSV table in long form, one figure a record, so every figure of every
 * account has one header to be read by: `account,section,item,field,value`. Sections: `summary`
 * (item empty), `day` (item the UTC date), `worker` (item its name), `outage` (item a number
 * from 1, in order of start), `link` (item its name), `rule` (the statement's rules). Hash rates
 * are in H/s, times ISO-8601 UTC, amounts exact. Pure.
 */
import { csvCell } from '../format/csv.js';
import {
  DAY_COLUMNS,
  dayCells,
  OUTAGE_COLUMNS,
  outageCells,
  summaryFigures,
  WORKER_COLUMNS,
  workerCells,
} from './figures.js';
import type { Statement } from './types.js';

/** Text that csvCell would return unchanged. */
const PLAIN = /^(?:[A-Za-z0-9_.:][A-Za-z0-9_.: /-]*)?$/;

export const CSV_HEADER = ['account', 'section', 'item', 'field', 'value'] as const;

export function statementCsv(s: Statement): string {
  const out: string[] = [`${CSV_HEADER.join(',')}\r\n`];
  // Most cells are plain (figures, dates, known words): written as they are, the rest through
  // csvCell (quoting, formula guard, control characters). A month of 100,000 workers is millions
  // of records.
  const cell = (text: string) => (PLAIN.test(text) ? text : csvCell(text));
  const row = (account: string, section: string, item: string, field: string, value: string): void => {
    out.push(`${cell(account)},${section},${cell(item)},${field},${cell(value)}\r\n`);
  };
  /** One record per column but the first (the item itself). */
  const rows = (
    account: string,
    section: string,
    item: string,
    columns: readonly string[],
    cells: readonly string[],
    from = 1,
  ) => {
    for (let i = from; i < columns.length; i++) row(account, section, item, columns[i] ?? '', cells[i] ?? '');
  };
  row('', 'window', '', 'from', new Date(s.window.from * 1000).toISOString());
  row('', 'window', '', 'to', new Date(s.window.to * 1000).toISOString());
  row('', 'window', '', 'label', s.window.label);
  row('', 'window', '', 'source', s.source);
  for (const [i, rule] of s.rules.entries()) row('', 'rule', String(i + 1), 'text', rule);
  for (const a of s.accounts) {
    for (const f of summaryFigures(a)) row(a.account, 'summary', '', f.key, f.value);
    for (const d of a.days) rows(a.account, 'day', d.date, DAY_COLUMNS, dayCells(d));
    for (const w of a.workerRows) rows(a.account, 'worker', w.worker, WORKER_COLUMNS, workerCells(w));
    for (const [k, o] of a.outages.entries())
      rows(a.account, 'outage', String(k + 1), OUTAGE_COLUMNS, outageCells(o), 0);
    for (const l of a.links) row(a.account, 'link', l.name ?? '', 'link', l.link ?? '');
  }
  return out.join('');
}
