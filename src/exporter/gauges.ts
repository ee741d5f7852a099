/**
 * The data the exporter publishes, as a table: each gauge's name (Prometheus naming: base
 * units, `_seconds`, `_timestamp_seconds` for a point in time rather than an age), its help
 * text, its labels and how its samples are read from the readings: the pool's, and every mining
 * account's (one sample per account, labelled with its name).
 */
import { FINDINGS } from '../accounts/key-findings.js';
import type { MiningReadings, PoolReadings, SubAccountReadings } from '../alerts/readings.js';
import { BALANCE_PLACES } from '../api/balance-types.js';
import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';

export interface Sample {
  labels?: Record<string, string>;
  value: number | undefined;
}

export interface GaugeDef<R> {
  name: string;
  help: string;
  labelNames?: readonly string[];
  samples(readings: R): Sample[];
}

export const POOL_GAUGES: readonly GaugeDef<PoolReadings>[] = [
  {
    name: 'whitebit_pool_hashrate_hashes_per_second',
    help: 'Current hash rate of the WhiteBIT mining pool.',
    samples: (r) => [{ value: r.hashRate }],
  },
  {
    name: 'whitebit_pool_workers',
    help: 'Workers connected to the WhiteBIT mining pool.',
    samples: (r) => [{ value: r.workers }],
  },
  {
    name: 'whitebit_pool_last_block_height',
    help: 'Height of the newest block the pool found.',
    samples: (r) => [{ value: r.lastBlockHeight }],
  },
  {
    name: 'whitebit_pool_last_block_timestamp_seconds',
    help: 'When the pool found its newest block, Unix time.',
    samples: (r) => [{ value: r.lastBlockTime }],
  },
  {
    name: 'whitebit_pool_last_sample_timestamp_seconds',
    help: "Time of the newest point of the pool's hourly hash-rate history, Unix time.",
    samples: (r) => [{ value: r.newestSampleTime }],
  },
];

/**
 * An account name as a label value: names come from the network, and `--once` prints the
 * exposition on a terminal (the format itself escapes only `\\`, `"` and newlines). The
 * exposition is UTF-8 whatever the terminal; `--once` on an ASCII one passes through its output.
 */
export const accountLabel = (account: string): string => sanitize(account, KEEP_UNICODE);

/** Every mining account's readings, one sample per account (and per status for the workers). */
export const MINING_GAUGES: readonly GaugeDef<readonly MiningReadings[]>[] = [
  {
    name: 'whitebit_mining_hashrate_hashes_per_second',
    help: "Hash rate of the mining account: its series' newest 5-minute point.",
    labelNames: ['account'],
    samples: (all) => all.map((r) => ({ labels: { account: accountLabel(r.account) }, value: r.hashRate })),
  },
  {
    name: 'whitebit_mining_reject_ratio',
    help: "Share of the mining account's shares rejected, 0 to 1, in its series' newest 5-minute point.",
    labelNames: ['account'],
    samples: (all) =>
      all.map((r) => ({ labels: { account: accountLabel(r.account) }, value: r.rejectRatio })),
  },
  {
    name: 'whitebit_mining_workers',
    help: "The mining account's workers by status: online, offline, low (a low hash rate).",
    labelNames: ['account', 'status'],
    samples: (all) =>
      all.flatMap((r) => [
        { labels: { account: accountLabel(r.account), status: 'online' }, value: r.workersOnline },
        { labels: { account: accountLabel(r.account), status: 'offline' }, value: r.workersOffline },
        { labels: { account: accountLabel(r.account), status: 'low' }, value: r.workersLow },
      ]),
  },
  {
    name: 'whitebit_mining_workers_gone',
    help: "The mining account's workers seen before and missing from its complete worker listing for longer than --gone-after (default 10 minutes).",
    labelNames: ['account'],
    samples: (all) =>
      all.map((r) => ({ labels: { account: accountLabel(r.account) }, value: r.workersGone })),
  },
  {
    name: 'whitebit_mining_last_sample_timestamp_seconds',
    help: "Start of the newest 5-minute point of the mining account's hash-rate series, Unix time.",
    labelNames: ['account'],
    samples: (all) =>
      all.map((r) => ({ labels: { account: accountLabel(r.account) }, value: r.newestSampleTime })),
  },
];

/** What the per-worker gauge reads: each account's remembered workers after its last complete listing. */
export interface WorkerSamples {
  account: string;
  workers: readonly { name: string; gone?: boolean }[];
}

/**
 * One sample per account and remembered worker (config/seen-workers.ts): 1 when its account's last
 * complete listing named it, 0 when it is remembered and missing. A name not seen for 30 days is
 * forgotten and its series ends.
 */
export const WORKER_GAUGES: readonly GaugeDef<readonly WorkerSamples[]>[] = [
  {
    name: 'whitebit_mining_worker_up',
    help: "1 when the worker is in its mining account's last complete worker listing (connected), 0 when pooltop has seen it before and it is missing.",
    labelNames: ['account', 'worker'],
    samples: (all) =>
      all.flatMap((a) =>
        a.workers.map((w) => ({
          labels: { account: accountLabel(a.account), worker: accountLabel(w.name) },
          value: w.gone ? 0 : 1,
        })),
      ),
  },
];

/** What the balance gauge reads: each account's label and rows (balance-targets.ts). */
export interface BalanceSamples {
  alias: string;
  balances: readonly {
    ticker: string;
    main: string | null;
    spot: string | null;
    collateral: string | null;
  }[];
}

/** One sample per account, currency and place; a place the server did not give has none. */
export const BALANCE_GAUGES: readonly GaugeDef<readonly BalanceSamples[]>[] = [
  {
    name: 'whitebit_subaccount_balance',
    help: 'What the sub-account holds of the currency, by place: main, spot (trade) or collateral.',
    labelNames: ['alias', 'ticker', 'place'],
    samples: (all) =>
      all.flatMap((a) =>
        a.balances.flatMap((b) =>
          BALANCE_PLACES.map((place) => ({
            labels: { alias: a.alias, ticker: sanitize(b.ticker, KEEP_UNICODE), place },
            value: b[place] == null ? undefined : Number(b[place]),
          })),
        ),
      ),
  },
];

/** What the sub-account gauges read: the counts, and when the last whole key audit ended. */
export interface SubAccountSamples {
  readings: SubAccountReadings;
  /** Unix seconds; undefined before the first. */
  auditedAt: number | undefined;
}

const FINDING_READING = {
  'no-ip-restriction': 'unrestrictedKeys',
  idle: 'idleKeys',
  'never-used': 'neverUsedKeys',
  'moves-money': 'withdrawKeys',
  disabled: 'disabledKeys',
} as const satisfies Record<(typeof FINDINGS)[number], keyof SubAccountReadings>;

/** `pooltop exporter --keys`: every sub-account's API keys by finding, and the withdrawals awaiting you. */
export const SUBACCOUNT_GAUGES: readonly GaugeDef<SubAccountSamples>[] = [
  {
    name: 'whitebit_subaccount_api_keys',
    help: "API keys of every sub-account, at the last whole audit of the sub-accounts' keys.",
    samples: (s) => [{ value: s.readings.keys }],
  },
  {
    name: 'whitebit_subaccount_api_keys_flagged',
    help: 'API keys of every sub-account with a finding of the audit (pooltop audit keys): no-ip-restriction, idle (longer than --idle, default 90 days), never-used, moves-money (may withdraw or transfer), disabled (kept).',
    labelNames: ['finding'],
    samples: (s) =>
      FINDINGS.map((finding) => ({ labels: { finding }, value: s.readings[FINDING_READING[finding]] })),
  },
  {
    name: 'whitebit_subaccount_key_audit_timestamp_seconds',
    help: "When the last whole audit of the sub-accounts' API keys ended, Unix time (every --keys-interval).",
    samples: (s) => [{ value: s.auditedAt }],
  },
  {
    name: 'whitebit_subaccount_withdrawals_waiting',
    help: "Withdrawals of the sub-accounts awaiting the main account's confirmation (0 when the operation is not enabled for the account).",
    samples: (s) => [{ value: s.readings.withdrawalsWaiting }],
  },
  {
    name: 'whitebit_subaccount_oldest_withdrawal_timestamp_seconds',
    help: 'When the oldest withdrawal awaiting confirmation was made, Unix time; absent when none waits.',
    samples: (s) => [{ value: s.readings.oldestWithdrawalTime }],
  },
];
