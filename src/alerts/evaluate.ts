/**
 * The one function that turns a value and its thresholds into a status, as a monitoring plugin
 * does (critical is looked at first, then warning). The dashboard, `pooltop check` and the
 * exporter all call it.
 */
import type { MetricDef } from './metrics.js';
import { type Range, rangeAlerts } from './range.js';
import type { Unit } from './units.js';

export type Status = 'ok' | 'warning' | 'critical' | 'unknown';

export interface Thresholds {
  warning?: Range;
  critical?: Range;
}

/** Monitoring Plugins exit codes. */
export const EXIT_CODES: Readonly<Record<Status, number>> = { ok: 0, warning: 1, critical: 2, unknown: 3 };

/** No thresholds: ok whatever the value. Thresholds but no value: unknown. */
export function evaluate(value: number | undefined, thresholds: Thresholds): Status {
  if (!thresholds.warning && !thresholds.critical) return 'ok';
  if (value === undefined || !Number.isFinite(value)) return 'unknown';
  if (thresholds.critical && rangeAlerts(thresholds.critical, value)) return 'critical';
  if (thresholds.warning && rangeAlerts(thresholds.warning, value)) return 'warning';
  return 'ok';
}

/** Worst first: critical, warning, unknown, ok (the guidelines' order for combined results). */
const SEVERITY: Readonly<Record<Status, number>> = { ok: 0, unknown: 1, warning: 2, critical: 3 };

export function worst(statuses: Iterable<Status>): Status {
  let out: Status = 'ok';
  for (const s of statuses) if (SEVERITY[s] > SEVERITY[out]) out = s;
  return out;
}

export interface MetricResult {
  key: string;
  unit: Unit;
  value: number | undefined;
  status: Status;
  thresholds: Thresholds;
}

/** Every metric of a table read from `readings` at `nowSec` and evaluated against its thresholds. */
export function evaluateMetrics<R>(
  defs: readonly MetricDef<R>[],
  readings: R,
  thresholds: Readonly<Record<string, Thresholds>>,
  nowSec: number,
): MetricResult[] {
  return defs.map((def) => {
    const value = def.read(readings, nowSec);
    const own = thresholds[def.key] ?? {};
    return { key: def.key, unit: def.unit, value, status: evaluate(value, own), thresholds: own };
  });
}
