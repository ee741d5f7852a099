/**
 * What a statement is computed from (plain data per account, as the history store answers it)
 * and what it says. `buildStatement` (statement.ts) is a pure function from the one to the
 * other; every format (csv, json, md, html) is written from the one Statement, so the figures
 * are the same in each and can be checked by recomputing.
 */

/** A window in Unix seconds, [from, to). `label`: `2025-06` for a calendar month, else the two days. */
export interface StatementWindow {
  from: number;
  to: number;
  label: string;
  /** The window is exactly one UTC calendar month (the monthly fee applies whole). */
  calendarMonth: boolean;
}

export type PresenceState = 'up' | 'down' | 'unwatched';

/** One stretch of a worker's presence, [start, end) in Unix seconds. */
export interface PresenceSpan {
  state: PresenceState;
  start: number;
  end: number;
  /** Known from the pool's per-worker series (back-fill), not from a listing: a zero bucket is down. */
  filled: boolean;
  /** A down span's evidence: the last time the worker was known connected … */
  lastPresentAt?: number | null;
  /** … and the first time it was known missing. */
  firstMissingAt?: number | null;
}

/**
 * A regular series: `rates[i]` is the mean H/s of the bucket starting at `start + i × step`;
 * NaN where there is no point. Columnar, so a month of hourly points for 100,000 workers stays
 * small.
 */
export interface RateSeries {
  start: number;
  step: number;
  rates: ArrayLike<number>;
}

/** One day's reward as the books list it (rewards/books.ts): amounts exact as the API sent them. */
export interface RewardDay {
  /** The UTC day mined, `2025-06-01`. */
  date: string;
  currency: string | null;
  total: string | null;
  fee: string | null;
  reward: string | null;
  /** H/s. */
  hashRate: number | null;
  /** `successful`, `pending`, `canceled`, or another value as it came. */
  status: string | null;
}

/** A watcher link as pooltop lists it (read-only). */
export interface LinkInfo {
  name: string | null;
  link: string | null;
  permissions: readonly string[];
  /** Unix seconds; null: until revoked. */
  liveUntil: number | null;
}

export interface WorkerHistory {
  name: string;
  /** Any order; gaps inside the window count as not watched. */
  spans: readonly PresenceSpan[];
  /** Hourly. */
  hashrate: RateSeries | null;
}

export interface AccountHistory {
  account: string;
  workers: readonly WorkerHistory[];
  /** The account's series, 5-minute or hourly. */
  hashrate: RateSeries | null;
  rewards: readonly RewardDay[];
  links: readonly LinkInfo[];
}

/** Accounts may be a generator: a statement of 100,000 workers holds one account's history at a time. */
export interface StatementInput {
  accounts: Iterable<AccountHistory>;
}

/** Exact decimal percent text (`"95"`, `"99.5"`). */
export type PercentText = string;

export interface CreditTier {
  /** Uptime under this percent … */
  below: PercentText;
  /** … credits this percent of the fee. */
  credit: PercentText;
}

export type CreditRule = 'pro-rata' | 'tiered';
export const CREDIT_RULES: readonly CreditRule[] = ['pro-rata', 'tiered'];

/** One account's contract; a term left out leaves its figure out. */
export interface ContractTerms {
  /** H/s. */
  contractedHashrate?: number;
  sla?: PercentText;
  /** Exact decimal text, per calendar month. */
  monthlyFee?: string;
  currency?: string;
  /** Seconds: outages at least this long are listed. */
  outageThreshold: number;
  creditRule: CreditRule;
  creditTiers?: readonly CreditTier[];
}

export interface StatementOptions {
  /** Seconds between the flap filter's sample instants (5 minutes). */
  sampleSeconds?: number;
  /** Where the history came from, said in the statement (`history store`, `demo`). */
  source: string;
  /** Unix seconds the statement was made. */
  generatedAt: number;
}

export interface SecondsSplit {
  /** Up, flaps included (a flap is counted as up). */
  up: number;
  /** Down and counted as out. */
  down: number;
  /** Down time the flap filter let go (already inside `up`). */
  flaps: number;
  unwatched: number;
  /** Worker-seconds known from the pool's series (any state). */
  filled: number;
}

export interface UptimeFigure extends SecondsSplit {
  /** `up ÷ (up + down)` to 2 places, half up; null without watched time. */
  percent: string | null;
}

export interface DayRow extends UptimeFigure {
  date: string;
  /** Mean H/s of the account's points that day; null without one. */
  meanHashrate: number | null;
  /** Under the SLA; undefined without an SLA or watched time. */
  belowSla?: boolean;
}

export interface Outage {
  worker: string;
  start: number;
  end: number;
  seconds: number;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
  filled: boolean;
}

/**
 * An account's outages as columns, row i across them (outage-table.ts builds and reads it): a
 * month of 100,000 workers has millions of outages.
 */
export interface OutageTable {
  readonly length: number;
  /** Worker names, indexed by `worker`. */
  readonly names: readonly string[];
  readonly worker: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly seconds: Float64Array;
  /** NaN where not known. */
  readonly lastPresentAt: Float64Array;
  /** NaN where not known. */
  readonly firstMissingAt: Float64Array;
  /** 1: known from the pool's series. */
  readonly filled: Uint8Array;
}

export interface WorkerRow extends UptimeFigure {
  worker: string;
  outages: number;
  longestOutage: number;
  meanHashrate: number | null;
}

export interface StatusSums {
  days: number;
  total: string;
  fee: string;
  reward: string;
}

export interface RewardSummary {
  currency: string | null;
  successful: StatusSums;
  pending: StatusSums;
  canceled: StatusSums;
  /** Days of another status, listed apart. */
  other: StatusSums;
  /** Σ total ÷ Σ TH/s over the days not canceled (rewards/books.ts). */
  yieldPerTh: string | null;
}

export interface Credit {
  rule: CreditRule;
  /** The fee the credit is taken from: the monthly fee, pro rata for a window that is not one month. */
  fee: string;
  currency: string | null;
  amount: string;
  /** Tiered: the tier applied (its `below`), or null when none applied. */
  tier?: PercentText | null;
}

export interface AccountStatement {
  account: string;
  terms: ContractTerms;
  workers: number;
  uptime: UptimeFigure;
  /** Merged periods of the window for which some worker's presence came from the pool's series. */
  filledPeriods: { from: number; to: number }[];
  hashrate: {
    /** Mean H/s of the account's points in the window. */
    mean: number | null;
    step: number | null;
    /** `mean ÷ contracted` as a percent, 2 places; only with a contracted hash rate. */
    ofContracted?: string | null;
    /** The account's points for the chart, [start, H/s]. */
    points: [number, number][];
  };
  days: DayRow[];
  daysBelowSla?: number;
  /** By start, then worker. */
  outages: OutageTable;
  rewards: RewardSummary[];
  credit?: Credit | null;
  workerRows: WorkerRow[];
  links: LinkInfo[];
}

export interface Statement {
  window: StatementWindow;
  source: string;
  generatedAt: number;
  sampleSeconds: number;
  /** The flap filter and the credit rules, as the statement states them. */
  rules: string[];
  accounts: AccountStatement[];
}
