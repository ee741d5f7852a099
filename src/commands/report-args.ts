/**
 * The command line of `pooltop report`: the window (`--month`, or `--from`/`--to`), the
 * accounts, the format, the output file and the contract terms given as flags; every bound is
 * checked before anything is read (exit 2, one line).
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { type TermKey, type TermsPatch, termValue } from '../report/terms.js';
import type { StatementWindow } from '../report/types.js';
import { CSV_TABLES, type CsvTable } from '../report/write-csv.js';
import { clip, type ParsedValues, stringFlag } from './support/parse.js';
import { timeFlag } from './support/time-flag.js';

export const REPORT_FORMATS = ['md', 'csv', 'json', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Term flags and the preferences-file key each overrides. */
const TERM_FLAGS: Readonly<Record<string, TermKey>> = {
  'contracted-hashrate': 'contracted_hashrate',
  sla: 'sla',
  'monthly-fee': 'monthly_fee',
  currency: 'currency',
  'outage-threshold': 'outage_threshold',
  'credit-rule': 'credit_rule',
};

export const REPORT_OPTIONS = {
  month: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  account: { type: 'string' },
  'all-accounts': { type: 'boolean' },
  format: { type: 'string' },
  table: { type: 'string' },
  out: { type: 'string' },
  ...Object.fromEntries(Object.keys(TERM_FLAGS).map((flag) => [flag, { type: 'string' }])),
} as const;

export interface ReportRequest {
  window: StatementWindow;
  format: ReportFormat;
  /** The CSV's table (csv only). */
  table: CsvTable;
  out?: string;
  /** Empty: the default account (or, with allAccounts, every account). */
  account?: string;
  allAccounts: boolean;
  termFlags: TermsPatch;
}

const usage = (message: string) => new PooltopError('config', message);
const DAY = 86_400;

function monthWindow(year: number, month: number, nowSec: number): StatementWindow {
  const from = Date.UTC(year, month, 1) / 1000;
  const end = Date.UTC(year, month + 1, 1) / 1000;
  const label = new Date(from * 1000).toISOString().slice(0, 7);
  if (from > nowSec) throw usage(`--month ${label} has not begun`);
  // The month under way: up to now, so not a whole month (the fee is pro rata).
  return end <= nowSec
    ? { from, to: end, label, calendarMonth: true }
    : { from, to: nowSec, label: `${label} (to date)`, calendarMonth: false };
}

function windowOf(values: ParsedValues, nowMs: number): StatementWindow {
  const nowSec = Math.floor(nowMs / 1000);
  const month = stringFlag(values, 'month');
  const from = timeFlag(values, 'from', nowMs);
  const to = timeFlag(values, 'to', nowMs);
  if (month !== undefined && (from !== undefined || to !== undefined))
    throw usage('--month is a window of its own: leave out --from and --to');
  const now = new Date(nowMs);
  if (month !== undefined || from === undefined) {
    const which = month ?? 'last';
    if (which === 'last') return monthWindow(now.getUTCFullYear(), now.getUTCMonth() - 1, nowSec);
    if (which === 'this') return monthWindow(now.getUTCFullYear(), now.getUTCMonth(), nowSec);
    const m = /^(\d{4})-(\d{2})$/.exec(which);
    const n = m ? Number(m[2]) : 0;
    if (!m || n < 1 || n > 12)
      throw usage(`--month must be YYYY-MM (a UTC calendar month), last or this, got '${clip(which)}'`);
    return monthWindow(Number(m[1]), n - 1, nowSec);
  }
  const end = to ?? nowSec;
  if (end > nowSec) throw usage('--to is in the future');
  if (!(from < end)) throw usage('--from must be before --to');
  if (end - from > 400 * DAY) throw usage('the window is longer than 400 days');
  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return { from, to: end, label: `${day(from)} – ${day(end)}`, calendarMonth: false };
}

function termFlags(values: ParsedValues): TermsPatch {
  let patch: TermsPatch = {};
  for (const [flag, key] of Object.entries(TERM_FLAGS)) {
    const raw = stringFlag(values, flag);
    if (raw === undefined) continue;
    patch = { ...patch, ...termValue(key, raw, (what) => usage(`--${flag} ${what}`)) };
  }
  return patch;
}

export function parseReportArgs(values: ParsedValues, nowMs: number): ReportRequest {
  const format = stringFlag(values, 'format') ?? 'md';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw usage(`--format must be one of ${REPORT_FORMATS.join(', ')}, got '${clip(format)}'`);
  }
  const table = stringFlag(values, 'table');
  if (table !== undefined && format !== 'csv')
    throw usage('--table chooses the CSV table: add --format csv (JSON holds every table)');
  if (table !== undefined && !(CSV_TABLES as readonly string[]).includes(table)) {
    throw usage(`--table must be one of ${CSV_TABLES.join(', ')}, got '${clip(table)}'`);
  }
  const account = stringFlag(values, 'account');
  const allAccounts = values['all-accounts'] === true;
  if (allAccounts && account !== undefined)
    throw usage('--all-accounts reads every account: leave out --account');
  const out = stringFlag(values, 'out');
  if (out !== undefined && out.trim() === '') throw usage('--out needs a file name');
  return {
    window: windowOf(values, nowMs),
    format: format as ReportFormat,
    table: (table ?? 'summary') as CsvTable,
    out,
    account,
    allAccounts,
    termFlags: termFlags(values),
  };
}
