/**
 * The exporter's metrics, held in a prom-client registry: the data gauges of gauges.ts, the
 * exporter's own health per API endpoint, the status of every metric that has thresholds in the
 * preferences file, and prom-client's process metrics. Everything here is set by the poller; a
 * scrape only formats what is held (the threshold status is evaluated then, against the clock,
 * so an age keeps growing between polls) and never sends an API request.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { EXIT_CODES, evaluate } from '../alerts/evaluate.js';
import { MINING_METRICS, type MetricDef, POOL_METRICS, SUBACCOUNT_METRICS } from '../alerts/metrics.js';
import type { MiningReadings, PoolReadings, SubAccountReadings } from '../alerts/readings.js';
import type { ScopeThresholds, ThresholdSet } from '../alerts/thresholds.js';
import {
  accountLabel,
  BALANCE_GAUGES,
  type BalanceSamples,
  type GaugeDef,
  MINING_GAUGES,
  POOL_GAUGES,
  SUBACCOUNT_GAUGES,
  WORKER_GAUGES,
  type WorkerSamples,
} from './gauges.js';

/** `success`, or the kind of failure (network, timeout, http, api, auth, schema, …). */
export type Outcome = string;

const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface ExpositionOptions {
  /** The API endpoints polled, by short name (`pool`). */
  endpoints: readonly string[];
  thresholds: ThresholdSet;
  /** prom-client's process_* and nodejs_* metrics (off for `--once`: a textfile collector has its own). */
  processMetrics: boolean;
  /** The sub-accounts' key audit and withdrawals are read (`--keys`): their thresholds are judged. */
  subaccounts?: boolean;
  /** Clock, milliseconds. */
  now?: () => number;
}

export interface Exposition {
  /** `account`: the mining account of a per-account endpoint. */
  recordPoll(endpoint: string, outcome: Outcome, account?: string): void;
  setPool(readings: PoolReadings): void;
  /** Every mining account's readings; an account left out loses its series. */
  setMining(readings: readonly MiningReadings[]): void;
  /** Every mining account's remembered workers; an account or worker left out loses its series. */
  setWorkers(readings: readonly WorkerSamples[]): void;
  /** Every sub-account's balances (`--balances`); an account left out loses its series. */
  setBalances(readings: readonly BalanceSamples[]): void;
  /** The sub-accounts' keys by finding and the withdrawals awaiting you (`--keys`); `auditedAt` Unix seconds. */
  setSubAccounts(readings: SubAccountReadings, auditedAt: number | undefined): void;
  /** An account that is gone: its per-account `pooltop_up` and last-success series go too. */
  forgetAccount(account: string, endpoints: readonly string[]): void;
  text(): Promise<string>;
  readonly contentType: string;
}

export function createExposition(options: ExpositionOptions): Exposition {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];
  const up = new Gauge({
    name: 'pooltop_up',
    help: '1 when the last poll of the API endpoint succeeded, else 0.',
    labelNames: ['endpoint', 'account'],
    registers,
  });
  const lastSuccess = new Gauge({
    name: 'pooltop_last_success_timestamp_seconds',
    help: 'When a poll of the API endpoint last succeeded, Unix time.',
    labelNames: ['endpoint', 'account'],
    registers,
  });
  const requests = new Counter({
    name: 'pooltop_api_requests_total',
    help: 'API requests sent by the exporter, by endpoint and outcome (success or the kind of failure).',
    labelNames: ['endpoint', 'outcome', 'account'],
    registers,
  });
  for (const endpoint of options.endpoints) up.set({ endpoint }, 0);

  const setPoolGauges = dataGauges(registry, POOL_GAUGES);
  const setMiningGauges = dataGauges(registry, MINING_GAUGES);
  const setBalanceGauges = dataGauges(registry, BALANCE_GAUGES);
  const setWorkerGauges = dataGauges(registry, WORKER_GAUGES);
  const setSubAccountGauges = dataGauges(registry, SUBACCOUNT_GAUGES);
  let pool: PoolReadings | undefined;
  let subaccounts: SubAccountReadings | undefined;
  let mining: readonly MiningReadings[] = [];

  const { pool: poolThresholds, mining: miningThresholds } = options.thresholds;
  const subThresholds = options.subaccounts ? (options.thresholds.subaccounts ?? {}) : {};
  const judged = [poolThresholds, miningThresholds, subThresholds];
  if (judged.some((t) => Object.keys(t).length > 0)) {
    new Gauge({
      name: 'pooltop_threshold_status',
      help: "Status of each metric with thresholds in pooltop's preferences file: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.",
      labelNames: ['scope', 'metric', 'account'],
      registers,
      collect() {
        this.reset();
        const nowSec = now() / 1000;
        const set = <R>(
          defs: readonly MetricDef<R>[],
          all: ScopeThresholds,
          r: R | undefined,
          labels: object,
        ) => {
          for (const [key, thresholds] of Object.entries(all)) {
            const def = defs.find((m) => m.key === key);
            const value = r && def ? def.read(r, nowSec) : undefined;
            this.set({ ...labels, metric: key }, EXIT_CODES[evaluate(value, thresholds)]);
          }
        };
        set(POOL_METRICS, poolThresholds, pool, { scope: 'pool' });
        for (const r of mining)
          set(MINING_METRICS, miningThresholds, r, { scope: 'mining', account: accountLabel(r.account) });
        set(SUBACCOUNT_METRICS, subThresholds, subaccounts, { scope: 'subaccounts' });
      },
    });
  }
  if (options.processMetrics) {
    collectDefaultMetrics({ register: registry });
    // Gauges named like counters, which `promtool check metrics` rejects; the same numbers are
    // there as nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
    for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  }

  return {
    recordPoll(endpoint, outcome, account) {
      const labels = account === undefined ? { endpoint } : { endpoint, account: accountLabel(account) };
      requests.inc({ ...labels, outcome });
      up.set(labels, outcome === 'success' ? 1 : 0);
      if (outcome === 'success') lastSuccess.set(labels, Math.floor(now() / 1000));
    },
    setPool(readings) {
      pool = readings;
      setPoolGauges(readings);
    },
    setMining(readings) {
      mining = readings;
      setMiningGauges(readings);
    },
    setBalances: setBalanceGauges,
    setSubAccounts(readings, auditedAt) {
      subaccounts = readings;
      setSubAccountGauges({ readings, auditedAt });
    },
    setWorkers: setWorkerGauges,
    forgetAccount(account, endpoints) {
      for (const endpoint of endpoints) {
        up.remove({ endpoint, account: accountLabel(account) });
        lastSuccess.remove({ endpoint, account: accountLabel(account) });
      }
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * Gauges of a table, set from readings. A gauge without a value is taken out of the registry
 * (prom-client would show an unset plain gauge as 0, and a hash rate of 0 is an alert, not "not
 * known yet") and put back when it has one.
 */
function dataGauges<R>(registry: Registry, defs: readonly GaugeDef<R>[]): (readings: R) => void {
  const gauges = defs.map((def) => ({
    def,
    gauge: new Gauge({ name: def.name, help: def.help, labelNames: def.labelNames ?? [], registers: [] }),
  }));
  return (readings) => {
    for (const { def, gauge } of gauges) {
      gauge.reset();
      let any = false;
      for (const { labels, value } of def.samples(readings)) {
        if (value === undefined || !Number.isFinite(value)) continue;
        if (labels) gauge.set(labels, value);
        else gauge.set(value);
        any = true;
      }
      const registered = registry.getSingleMetric(def.name) !== undefined;
      if (any && !registered) registry.registerMetric(gauge);
      if (!any && registered) registry.removeSingleMetric(def.name);
    }
  };
}
