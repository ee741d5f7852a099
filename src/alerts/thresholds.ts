/**
 * Thresholds as configured: per scope (`pool`, `mining`, `subaccounts`), per metric key, a warning and a
 * critical range, parsed once from the preferences file or from `--warning/--critical
 * METRIC=RANGE`. Every error is one line naming the key or flag.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { findMetric, metricKeys, SCOPES, type Scope } from './metrics.js';
import { parseRange, RangeSyntaxError } from './range.js';
import type { Thresholds } from './evaluate.js';

export type ScopeThresholds = Readonly<Record<string, Thresholds>>;
/** `subaccounts` may be left out (none), as where a set is written by hand. */
export type ThresholdSet = Readonly<Record<Exclude<Scope, 'subaccounts'>, ScopeThresholds>> & {
  readonly subaccounts?: ScopeThresholds;
};

export const NO_THRESHOLDS: ThresholdSet = { pool: {}, mining: {}, subaccounts: {} };

const LEVELS = ['warning', 'critical'] as const;
type Level = (typeof LEVELS)[number];

const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

function problem(where: string, what: string): PooltopError {
  return new PooltopError('config', `${where}: ${what}`);
}

function rangeFor(scope: Scope, key: string, text: string, where: string) {
  const metric = findMetric(scope, key);
  if (!metric) throw problem(where, `unknown ${scope} metric (${scope} metrics: ${metricKeys(scope)})`);
  try {
    return parseRange(text, metric.unit);
  } catch (e) {
    if (e instanceof RangeSyntaxError) throw problem(where, e.message);
    throw e;
  }
}

/**
 * The `[thresholds]` table of the preferences file:
 *   [thresholds.pool]
 *   hashrate = { warning = "150P:", critical = "100P:" }
 * `at` prefixes every message (the file's path).
 */
export function thresholdsFromToml(value: unknown, at: string): ThresholdSet {
  if (!isTable(value))
    throw problem(
      `${at}: thresholds`,
      'must be a table ([thresholds.pool], [thresholds.mining], [thresholds.subaccounts])',
    );
  const out: Record<Scope, Record<string, Thresholds>> = { pool: {}, mining: {}, subaccounts: {} };
  for (const [scope, metrics] of Object.entries(value)) {
    const scopeWhere = `${at}: thresholds.${scope}`;
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw problem(scopeWhere, `unknown scope (use ${SCOPES.slice(0, -1).join(', ')} or ${SCOPES.at(-1)})`);
    }
    if (!isTable(metrics)) throw problem(scopeWhere, 'must be a table');
    for (const [key, levels] of Object.entries(metrics)) {
      const where = `${scopeWhere}.${key}`;
      if (!findMetric(scope as Scope, key)) {
        throw problem(where, `unknown ${scope} metric (${scope} metrics: ${metricKeys(scope as Scope)})`);
      }
      if (!isTable(levels)) throw problem(where, 'must be a table like { warning = "…", critical = "…" }');
      const pair: Thresholds = {};
      for (const [level, text] of Object.entries(levels)) {
        if (!(LEVELS as readonly string[]).includes(level)) {
          throw problem(`${where}.${level}`, 'unknown key (use warning and critical)');
        }
        if (typeof text !== 'string') throw problem(`${where}.${level}`, 'must be a string such as "10:"');
        pair[level as Level] = rangeFor(scope as Scope, key, text, `${where}.${level}`);
      }
      out[scope as Scope][key] = pair;
    }
  }
  return out;
}

/** `--warning METRIC=RANGE …` and `--critical METRIC=RANGE …` for one scope. */
export function thresholdsFromFlags(
  scope: Scope,
  given: Readonly<Record<Level, readonly string[]>>,
): ScopeThresholds {
  const out: Record<string, Thresholds> = {};
  for (const level of LEVELS) {
    for (const arg of given[level]) {
      const eq = arg.indexOf('=');
      if (eq <= 0) throw problem(`--${level} '${arg}'`, 'expected METRIC=RANGE, e.g. hashrate=150P:');
      const key = arg.slice(0, eq).trim();
      const where = `--${level} ${key}`;
      const pair = out[key] ?? {};
      out[key] = pair;
      if (pair[level]) throw problem(where, 'given twice');
      pair[level] = rangeFor(scope, key, arg.slice(eq + 1), where);
    }
  }
  return out;
}

/** A metric named in any flag takes its thresholds from the flags only; the others from the file. */
export function withOverrides(file: ScopeThresholds, flags: ScopeThresholds): ScopeThresholds {
  return { ...file, ...flags };
}
