/**
 * How `pooltop audit keys` writes what it found: a summary, then one row per key, as a table,
 * JSON, NDJSON or CSV. Network text (titles, aliases, endpoint names, addresses) is sanitised in
 * the table and escaped in JSON; a secret is never written, only that one was there.
 */
import { FINDING_TEXT, FINDINGS, type Finding } from '../accounts/key-findings.js';
import type { AuditRow } from '../accounts/key-audit.js';
import { csvLine } from '../format/csv.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { formatDuration } from '../format/time.js';
import { toSafeJson } from './json-output.js';
import { renderTextTable } from './text-table.js';

export interface AuditSummary {
  accounts: number;
  keys: number;
  keysWithFindings: number;
  /** Keys per finding. */
  findings: Record<Finding, number>;
  /** Accounts whose keys could not be fetched. */
  failedAccounts: number;
  idleDays: number;
}

/** What a listing that had a secret shows in its place. */
export const REDACTED = '[redacted]';

export function summarize(
  rows: readonly AuditRow[],
  accounts: number,
  failed: number,
  idleS: number,
): AuditSummary {
  const findings = Object.fromEntries(FINDINGS.map((f) => [f, 0])) as Record<Finding, number>;
  for (const row of rows) for (const f of row.findings) findings[f]++;
  return {
    accounts,
    keys: rows.length,
    keysWithFindings: rows.filter((r) => r.findings.length > 0).length,
    findings,
    failedAccounts: failed,
    idleDays: Math.round(idleS / 86_400),
  };
}

export function rowJson(r: AuditRow) {
  const { key } = r;
  return {
    subAccountId: key.subAccountId,
    alias: r.alias,
    id: key.id,
    title: key.title,
    enabled: key.isEnabled,
    type: key.type,
    lastActivity: key.lastActivity,
    ipRestricted: r.ips.length > 0,
    ips: r.ips,
    restrictAccess: key.restrictAccess,
    endpoints: key.accessEndpoints.map((e) => e.name),
    apiKey: key.apiKey,
    apiSecret: key.secretPresent ? REDACTED : '',
    findings: r.findings,
  };
}

export const AUDIT_CSV_HEADER = [
  'subAccountId',
  'alias',
  'id',
  'title',
  'enabled',
  'type',
  'lastActivity',
  'ipRestricted',
  'ips',
  'restrictAccess',
  'endpoints',
  'apiSecret',
  'findings',
];

function csvRow(r: AuditRow): string[] {
  const j = rowJson(r);
  const cell = (v: unknown) => (v == null ? '' : String(v));
  return [
    cell(j.subAccountId),
    cell(j.alias),
    cell(j.id),
    cell(j.title),
    cell(j.enabled),
    cell(j.type),
    cell(j.lastActivity),
    cell(j.ipRestricted),
    j.ips.join(' '),
    cell(j.restrictAccess),
    j.endpoints.filter((e) => e != null).join(' '),
    j.apiSecret,
    j.findings.join(' '),
  ];
}

export function summaryLines(s: AuditSummary, term: TextTarget): string[] {
  const head = `${formatCount(s.accounts)} sub-accounts · ${formatCount(s.keys)} keys · ${formatCount(s.keysWithFindings)} with findings`;
  const width = Math.max(...FINDINGS.map((f) => findingLabel(f, s.idleDays).length));
  const lines = FINDINGS.map(
    (f) => `  ${findingLabel(f, s.idleDays).padEnd(width)}  ${formatCount(s.findings[f])}`,
  );
  const failed =
    s.failedAccounts > 0
      ? [`  keys of ${formatCount(s.failedAccounts)} sub-accounts could not be fetched`]
      : [];
  return [sanitizeLine(head, term), ...lines, ...failed];
}

function findingLabel(f: Finding, idleDays: number): string {
  return f === 'idle' ? `idle over ${idleDays}d` : FINDING_TEXT[f];
}

export function tableLines(rows: readonly AuditRow[], nowSec: number, term: TextTarget): string[] {
  const clean = (t: string | null | undefined) => (t == null ? '—' : sanitizeLine(t, term));
  const body = rows.map((r) => [
    clean(r.alias),
    clean(r.key.title),
    r.key.isEnabled == null ? '—' : r.key.isEnabled ? 'yes' : 'no',
    clean(r.key.type),
    r.key.lastActivity == null
      ? 'never'
      : `${formatDuration(Math.max(0, nowSec - r.key.lastActivity) * 1000).split(' ')[0]} ago`,
    r.ips.length === 0 ? 'any' : clean(r.ips.join(' ')),
    r.key.restrictAccess ? clean(r.key.accessEndpoints.map((e) => e.name ?? '—').join(' ')) : 'all',
    r.findings.join(', ') || '—',
  ]);
  return renderTextTable(
    term,
    ['ACCOUNT', 'TITLE', 'ENABLED', 'TYPE', 'LAST USED', 'IPS', 'ENDPOINTS', 'FINDINGS'],
    body,
  );
}

export type AuditFormat = 'json' | 'ndjson' | 'csv' | 'text';

/** The whole answer in one format. */
export function auditText(
  format: AuditFormat,
  rows: readonly AuditRow[],
  summary: AuditSummary,
  complete: boolean,
  nowSec: number,
  term: TextTarget,
): string {
  switch (format) {
    case 'json':
      return `${toSafeJson({ summary, data: rows.map(rowJson), complete }, term)}\n`;
    case 'ndjson':
      return rows.map((r) => `${toSafeJson(rowJson(r), term)}\n`).join('');
    case 'csv':
      return [AUDIT_CSV_HEADER, ...rows.map(csvRow)].map(csvLine).join('');
    default:
      return `${[...summaryLines(summary, term), '', ...tableLines(rows, nowSec, term)].join('\n')}\n`;
  }
}
