/**
 * What holds now, from what the watcher last read: each threshold the preferences set, judged by
 * the one `evaluateMetrics` that `check` and the exporter use, and each worker rule. Pure.
 * Only WARNING and CRITICAL are conditions (UNKNOWN, no value to judge, is not an alert); a
 * metric in CRITICAL is one condition, not a warning and a critical.
 */
import { evaluateMetrics, type MetricResult } from '../alerts/evaluate.js';
import { MINING_METRICS, POOL_METRICS } from '../alerts/metrics.js';
import type { MiningReadings, PoolReadings } from '../alerts/readings.js';
import type { ThresholdSet } from '../alerts/thresholds.js';
import { describeRange } from '../alerts/range.js';
import { UNITS } from '../alerts/units.js';
import type { SeenState } from '../config/seen-workers.js';
import { formatHashRate } from '../format/hash-rate.js';
import type { Condition } from './rules.js';
import type { WatchSettings } from '../alerts/watch-settings.js';

/** A worker whose newest 5-minute point fell below its share of its own recent median. */
export interface Drop {
  worker: string;
  /** H/s, the newest point. */
  rate: number;
  /** H/s, the median of its recent points. */
  median: number;
}

export interface AccountReadings {
  /** Its thresholds judged (accountResults): none before anything was read. */
  results: readonly MetricResult[];
  seen: SeenState | undefined;
  drops: readonly Drop[];
}

function thresholdConditions(
  results: readonly MetricResult[],
  account: string | null,
): Condition[] {
  const out: Condition[] = [];
  for (const r of results) {
    if (r.status !== 'warning' && r.status !== 'critical') continue;
    const range = r.status === 'critical' ? r.thresholds.critical : r.thresholds.warning;
    const shown = r.value === undefined ? 'no value' : UNITS[r.unit].show(r.value);
    const why = range ? ` (${describeRange(range, r.unit)})` : '';
    const where = account === null ? 'pool' : account;
    out.push({
      // A severity of its own: an escalation fires (and is sent) as a new alert, as Alertmanager sees it.
      id: `threshold:${account === null ? 'pool' : `mining:${account}`}:${r.key}:${r.status}`,
      kind: 'threshold',
      severity: r.status,
      account,
      worker: null,
      metric: r.key,
      value: r.value ?? null,
      summary: `${where}: ${r.key} ${shown}${why}`,
    });
  }
  return out;
}

/** Every pool threshold judged, OK and UNKNOWN too (what the dashboard marks beside a value). */
export function poolResults(readings: PoolReadings, thresholds: ThresholdSet, nowS: number): MetricResult[] {
  const defs = POOL_METRICS.filter((d) => thresholds.pool[d.key]);
  return defs.length === 0 ? [] : evaluateMetrics(defs, readings, thresholds.pool, nowS);
}

/** Every mining threshold of one account judged, OK and UNKNOWN too. */
export function accountResults(readings: MiningReadings, thresholds: ThresholdSet, nowS: number): MetricResult[] {
  const defs = MINING_METRICS.filter((d) => thresholds.mining[d.key]);
  return defs.length === 0 ? [] : evaluateMetrics(defs, readings, thresholds.mining, nowS);
}

export function poolConditions(results: readonly MetricResult[]): Condition[] {
  return thresholdConditions(results, null);
}

export function accountConditions(
  account: string,
  got: AccountReadings,
  watch: WatchSettings,
  nowS: number,
): Condition[] {
  const out: Condition[] = thresholdConditions(got.results, account);
  const ignored = watch.workers.ignored;
  if (watch.workers.offline && got.seen) {
    for (const w of got.seen.workers) {
      if (!w.gone || ignored(w.name)) continue;
      out.push({
        id: `worker_offline:${account}:${w.name}`,
        kind: 'worker_offline',
        severity: 'critical',
        account,
        worker: w.name,
        metric: 'worker_offline',
        value: Math.max(0, nowS - w.lastSeen),
        summary: `${account}: worker ${w.name} offline`,
        startedMs: w.lastSeen * 1000,
      });
    }
  }
  if (watch.workers.drop !== undefined) {
    for (const d of got.drops) {
      if (ignored(d.worker)) continue;
      out.push({
        id: `worker_drop:${account}:${d.worker}`,
        kind: 'worker_drop',
        severity: 'warning',
        account,
        worker: d.worker,
        metric: 'worker_hashrate',
        value: d.rate,
        summary: `${account}: worker ${d.worker} at ${formatHashRate(d.rate)}, below ${Math.round(
          watch.workers.drop * 100,
        )}% of its median ${formatHashRate(d.median)}`,
      });
    }
  }
  return out;
}

/** The median of the finite values (undefined for none). */
export function median(values: readonly number[]): number | undefined {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
