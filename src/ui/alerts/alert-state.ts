/**
 * The dashboard's alerts, pure: the readings it has (the pool's, a mining account's) evaluated
 * against the preferences file's thresholds with the one `evaluate` of src/alerts (the same as
 * `pooltop check` and the exporter), and the changes between two evaluations — what the history
 * records and what rings the bell. Only metrics with thresholds take part; a source with no data
 * yet is not evaluated at all (no alert, no UNKNOWN).
 */
import { evaluateMetrics, type Status } from '../../alerts/evaluate.js';
import { METRICS, type Scope } from '../../alerts/metrics.js';
import type { MiningReadings, PoolReadings } from '../../alerts/readings.js';
import type { ThresholdSet } from '../../alerts/thresholds.js';
import { UNITS, type Unit } from '../../alerts/units.js';
import { sanitizeLine } from '../../format/sanitize.js';
import type { TextTarget } from '../../format/sanitize.js';

/** Data the dashboard holds, by scope: the pool's readings, or one mining account's. */
export type AlertSource =
  | { scope: 'pool'; readings: PoolReadings }
  | { scope: 'mining'; account: string; readings: MiningReadings };

export interface Alert {
  /** `pool:hashrate`, `mining:ACCOUNT:hashrate`: stable across evaluations. */
  id: string;
  scope: Scope;
  account?: string;
  key: string;
  /** For people: `hashrate`, `main_farm/workers_offline`. */
  label: string;
  unit: Unit;
  value: number | undefined;
  status: Status;
}

export function alertId(scope: Scope, key: string, account?: string): string {
  return account === undefined ? `${scope}:${key}` : `${scope}:${account}:${key}`;
}

/** Every metric that has thresholds, in each source, at `nowMs`. */
export function evaluateAlerts(
  sources: readonly AlertSource[],
  thresholds: ThresholdSet,
  nowMs: number,
  term: TextTarget,
): Alert[] {
  const nowSec = Math.floor(nowMs / 1000);
  const out: Alert[] = [];
  for (const source of sources) {
    const own = thresholds[source.scope];
    if (Object.keys(own).length === 0) continue;
    const account = source.scope === 'mining' ? source.account : undefined;
    const defs = METRICS[source.scope].filter((d) => own[d.key]);
    // The one evaluate, through the same metric table as check and the exporter.
    const results =
      source.scope === 'pool'
        ? evaluateMetrics(defs as typeof METRICS.pool, source.readings, own, nowSec)
        : evaluateMetrics(defs as typeof METRICS.mining, source.readings, own, nowSec);
    for (const r of results) {
      out.push({
        id: alertId(source.scope, r.key, account),
        scope: source.scope,
        account,
        key: r.key,
        label: account === undefined ? r.key : `${sanitizeLine(account, term)}/${r.key}`,
        unit: r.unit,
        value: r.value,
        status: r.status,
      });
    }
  }
  return out;
}

/** Worse means a higher rank; UNKNOWN (thresholds but no value) ranks between OK and WARNING. */
export const RANK: Readonly<Record<Status, number>> = { ok: 0, unknown: 1, warning: 2, critical: 3 };

/** The alerts that need attention: WARNING or CRITICAL, worst first. */
export function activeAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts
    .filter((a) => a.status === 'warning' || a.status === 'critical')
    .sort((a, b) => RANK[b.status] - RANK[a.status]);
}

export interface AlertChange {
  /** 1, 2, 3… in the order the changes happened. */
  seq: number;
  atMs: number;
  id: string;
  label: string;
  from: Status;
  to: Status;
  /** The value as shown, e.g. `192 PH/s`, or `no value`. */
  value: string;
}

/** A metric seen for the first time counts as coming from OK; `lastSeq` numbers the changes on. */
export function changesBetween(
  before: ReadonlyMap<string, Status>,
  alerts: readonly Alert[],
  nowMs: number,
  lastSeq = 0,
): AlertChange[] {
  const changes: AlertChange[] = [];
  for (const a of alerts) {
    const from = before.get(a.id) ?? 'ok';
    if (from === a.status) continue;
    const seq = lastSeq + changes.length + 1;
    changes.push({ seq, atMs: nowMs, id: a.id, label: a.label, from, to: a.status, value: showValue(a) });
  }
  return changes;
}

/** A change that rings: into WARNING or CRITICAL from anything better. */
export function isWorsening(change: AlertChange): boolean {
  return RANK[change.to] > RANK[change.from] && RANK[change.to] >= RANK.warning;
}

export function showValue(a: Pick<Alert, 'unit' | 'value'>): string {
  return a.value === undefined ? 'no value' : UNITS[a.unit].show(a.value);
}

/** `WARN` / `CRIT` beside a value; nothing for OK or UNKNOWN. */
export function statusWord(status: Status | undefined): 'WARN' | 'CRIT' | undefined {
  return status === 'critical' ? 'CRIT' : status === 'warning' ? 'WARN' : undefined;
}

/** Full words for the history: OK, UNKNOWN, WARNING, CRITICAL. */
export const STATUS_NAME: Readonly<Record<Status, string>> = {
  ok: 'OK',
  unknown: 'UNKNOWN',
  warning: 'WARNING',
  critical: 'CRITICAL',
};
