/**
 * The history store's public types: what a writer hands `record` (plain data it already has) and
 * what the typed questions answer. Times are Unix seconds, hash rates H/s, rates ratios.
 */
import type { MiningInterval } from '../api/mining-types.js';
import type { How } from './presence.js';

export type { How };

/** An alert event as the watcher sends it (watch/event.ts's WatchEvent fits). */
export interface HistoryEvent {
  status: 'firing' | 'resolved';
  kind: string;
  severity: string;
  account: string | null;
  worker: string | null;
  metric: string;
  value: number | null;
  summary: string;
  /** RFC 3339. */
  startsAt: string;
  endsAt: string | null;
  workers?: readonly string[];
}

export interface SeriesPoint {
  timestamp: number;
  hashrate: number | null;
}

export interface AccountSeriesPoint extends SeriesPoint {
  rejectRate: number | null;
}

export interface WorkerSeriesRead {
  worker: string;
  interval: MiningInterval;
  /** Oldest first, as the client returns them (H/s). */
  points: readonly SeriesPoint[];
  /**
   * A back-fill: the points also become presence (a zero bucket down, a non-zero one up, a
   * missing one not watched), marked filled; live observations win where they overlap.
   */
  backfill?: boolean;
}

export interface RewardRow {
  date: number | null;
  rewardCurrency: string | null;
  totalReward: string | null;
  reward: string | null;
  fee: string | null;
  hashRate: number | null;
  status: string | null;
}

/** What one writer learnt about one mining account in a round. Every part is optional. */
export interface AccountRound {
  account: string;
  /** A complete listing of connected workers (every page) and when it was read. */
  listing?: { names: readonly string[]; at: number } | null;
  /**
   * When this round's worker counts (miners/info) still matched the last complete listing:
   * evidence that the listed workers are still there at that time.
   */
  countsMatchedAt?: number | null;
  /** The account's 5-minute series as read. */
  series?: readonly AccountSeriesPoint[];
  workerSeries?: readonly WorkerSeriesRead[];
  rewards?: readonly RewardRow[];
}

export interface HistoryRound {
  /** When the round ran (Unix seconds). */
  at: number;
  /** The writer's interval in seconds: a gap longer than ~3 intervals is "not watched". */
  intervalS: number;
  accounts: readonly AccountRound[];
  events?: readonly HistoryEvent[];
}

export interface Window {
  /** Unix seconds; [from, to). */
  from: number;
  to: number;
}

export interface UptimeQuery extends Window {
  /** Default: every account in the file. */
  accounts?: readonly string[];
  /** A glob on worker names (`rig-*`, `?`), case-sensitive. */
  worker?: string;
  by?: 'day' | 'week' | 'month';
}

export interface UptimeRow {
  account: string;
  worker: string;
  /** The period's start (the window's when not split `by`). */
  from: number;
  to: number;
  upS: number;
  downS: number;
  notWatchedS: number;
  /** up / (up + down), 0–1; null when nothing was watched. */
  uptime: number | null;
  /** Outages that began in the period. */
  incidents: number;
  /** Mean hash rate over the period's hourly values, H/s; null without any. */
  meanHashrate: number | null;
  /** Of up and down, the seconds known from the series (back-fill), not observed live. */
  filledS: number;
}

export interface Incident {
  account: string;
  worker: string;
  /** Last time known connected; null when never. */
  lastPresentAt: number | null;
  /** First time known missing: the outage began between the two. */
  firstMissingAt: number;
  /** First time known back; null while it lasts or when watching stopped before it came back. */
  backAt: number | null;
  /** The last time it was known missing. */
  lastMissingAt: number;
  /** True while it is still missing at the newest observation. */
  ongoing: boolean;
  /** Seconds known down: (backAt or lastMissingAt) − firstMissingAt. */
  durationS: number;
  how: How;
  /** Known from the series (back-fill), not live. */
  filled: boolean;
}

export interface IncidentQuery extends Window {
  accounts?: readonly string[];
  worker?: string;
}

export interface AccountUptime {
  account: string;
  upS: number;
  downS: number;
  notWatchedS: number;
  /** Over all the account's workers. */
  uptime: number | null;
  incidents: number;
  workers: number;
}

export interface SinceLastLook {
  /** When this viewer last looked; null the first time (then nothing is summed). */
  since: number | null;
  incidents: number;
  ongoing: number;
  /** The longest outage that began since then. */
  longest: Incident | null;
  alerts: number;
}

export interface AlertLogEntry extends HistoryEvent {
  /** When the round that sent it was recorded. */
  recordedAt: number;
}

export interface SpanExportRow {
  account: string;
  worker: string;
  state: 'up' | 'down';
  start: number;
  end: number;
  open: boolean;
  filled: boolean;
  how: How;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
}

export interface HashrateExportRow {
  account: string;
  /** Empty for the account's own series. */
  worker: string;
  resolution: '5m' | '1h' | '24h';
  timestamp: number;
  hashrate: number | null;
  rejectRate: number | null;
}

export interface RewardExportRow extends RewardRow {
  account: string;
}

export interface StoreSize {
  path: string;
  /** The file and its write-ahead log. */
  bytes: number;
  schemaVersion: number;
  rows: Record<string, number>;
  /** The oldest and newest time anything covers; null when empty. */
  oldest: number | null;
  newest: number | null;
  accounts: number;
  workers: number;
}
