/**
 * What `pooltop check` prints, by the Monitoring Plugins Development Guidelines: one line
 * `POOLTOP <STATE> - <summary> | <perfdata>`, performance data as
 * `'label'=value[UOM];warn;crit;min;max` (UOM `s`, `%` or none; numbers in [-0-9.]), or the same
 * facts as JSON for scripts.
 */
import { EXIT_CODES, type MetricResult, type Status } from '../alerts/evaluate.js';
import { describeRange, perfRange } from '../alerts/range.js';
import { plainNumber, UNITS } from '../alerts/units.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { toSafeJson } from './json-output.js';

export interface CheckResult {
  status: Status;
  scope: string;
  /** The mining account checked (check mining). */
  account?: string;
  metrics: MetricResult[];
  /** Replaces the metric summary (UNKNOWN results: what went wrong). */
  message?: string;
}

const WORD: Readonly<Record<Status, string>> = {
  ok: 'OK',
  warning: 'WARNING',
  critical: 'CRITICAL',
  unknown: 'UNKNOWN',
};

/** `|` ends the text part and a newline the first line: neither may come from a message. */
const oneLineText = (text: string) => text.replace(/[|\r\n]+/g, ' ').trim();

/** `'label'`, with a quote inside written twice. */
const quoteLabel = (label: string) => `'${label.replace(/'/g, "''")}'`;

export function perfdata(m: MetricResult, label = m.key): string {
  const spec = UNITS[m.unit];
  if (m.value === undefined) return '';
  const fields = [
    `${quoteLabel(label)}=${plainNumber(m.value * spec.perfScale)}${spec.uom}`,
    m.thresholds.warning ? perfRange(m.thresholds.warning, m.unit) : '',
    m.thresholds.critical ? perfRange(m.thresholds.critical, m.unit) : '',
    spec.perfMin === undefined ? '' : plainNumber(spec.perfMin * spec.perfScale),
    spec.perfMax === undefined ? '' : plainNumber(spec.perfMax * spec.perfScale),
  ];
  return fields.join(';').replace(/;+$/, '');
}

function describe(m: MetricResult): string {
  const value = m.value === undefined ? 'no value' : UNITS[m.unit].show(m.value);
  if (m.status === 'ok') return `${m.key} ${value}`;
  const range = m.status === 'critical' ? m.thresholds.critical : m.thresholds.warning;
  const why = range ? ` (${describeRange(range, m.unit)})` : '';
  return `${m.key} ${value} is ${WORD[m.status]}${why}`;
}

/** Metrics in trouble first, worst first, then the rest in table order. */
function summary(result: CheckResult, term: TextTarget): string {
  const rank = { critical: 0, warning: 1, unknown: 2, ok: 3 } as const;
  const ordered = [...result.metrics].sort((a, b) => rank[a.status] - rank[b.status]);
  const subject =
    result.account === undefined ? result.scope : `${result.scope} ${sanitize(result.account, term)}`;
  return `${subject}: ${ordered.map(describe).join(', ')}`;
}

export function statusLine(result: CheckResult, term: TextTarget): string {
  const text = oneLineText(result.message ?? summary(result, term));
  const perf = result.metrics.map((m) => perfdata(m)).filter((p) => p !== '');
  return `POOLTOP ${WORD[result.status]} - ${text}${perf.length ? ` | ${perf.join(' ')}` : ''}\n`;
}

export function jsonResult(result: CheckResult, term: TextTarget): string {
  return `${toSafeJson(
    {
      status: WORD[result.status],
      exit_code: EXIT_CODES[result.status],
      scope: result.scope,
      ...(result.account === undefined ? {} : { account: result.account }),
      summary: oneLineText(result.message ?? summary(result, term)),
      metrics: result.metrics.map((m) => ({
        metric: m.key,
        value: m.value ?? null,
        unit: UNITS[m.unit].label,
        status: WORD[m.status],
        warning: m.thresholds.warning?.text ?? null,
        critical: m.thresholds.critical?.text ?? null,
      })),
    },
    term,
  )}\n`;
}
