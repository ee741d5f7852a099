/**
 * A statement as one CSV table in long form, one figure a record, so every figure of every
 * account has one header to be read by: `account,section,item,field,value`. Sections: `summary`
 * (item empty), `day` (item the UTC date), `worker` (item its name), `outage` (item a number
 * from 1, in order of start), `link` (item its name), `rule` (the statement's rules). Hash rates
 * are in H/s, times ISO-8601 UTC, amounts exact. Pure.
 */
import { csvLine } from '../format/csv.js';
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

export const CSV_HEADER = ['account', 'section', 'item', 'field', 'value'] as const;

export function statementCsv(s: Statement): string {
  const out: string[] = [csvLine(CSV_HEADER)];
  const row = (account: string, section: string, item: string, field: string, value: string) =>
    out.push(csvLine([account, section, item, field, value]));
  row('', 'window', '', 'from', new Date(s.window.from * 1000).toISOString());
  row('', 'window', '', 'to', new Date(s.window.to * 1000).toISOString());
  row('', 'window', '', 'label', s.window.label);
  row('', 'window', '', 'source', s.source);
  s.rules.forEach((rule, i) => row('', 'rule', String(i + 1), 'text', rule));
  for (const a of s.accounts) {
    for (const f of summaryFigures(a)) row(a.account, 'summary', '', f.key, f.value);
    for (const d of a.days) {
      const cells = dayCells(d);
      DAY_COLUMNS.forEach((c, i) => i > 0 && row(a.account, 'day', d.date, c, cells[i] ?? ''));
    }
    for (const w of a.workerRows) {
      const cells = workerCells(w);
      WORKER_COLUMNS.forEach((c, i) => i > 0 && row(a.account, 'worker', w.worker, c, cells[i] ?? ''));
    }
    a.outages.forEach((o, k) => {
      const cells = outageCells(o);
      OUTAGE_COLUMNS.forEach((c, i) => row(a.account, 'outage', String(k + 1), c, cells[i] ?? ''));
    });
    for (const l of a.links) row(a.account, 'link', l.name ?? '', 'link', l.link ?? '');
  }
  return out.join('');
}
