/**
 * What the watcher tells the world: one event per alert that starts or stops firing (or a group
 * of worker alerts that changed together). The same object is printed by `pooltop watch --json`,
 * posted by the `json` webhook, handed to exec hooks, and mapped to Alertmanager's alerts.
 * Names from the network (account, worker) are data here: a sink that shows them to a person
 * sanitises them, and none of them ever reaches a shell or an argv.
 */

export type EventStatus = 'firing' | 'resolved';
export type EventKind = 'threshold' | 'worker_offline' | 'worker_drop' | 'new_key' | 'withdrawal_waiting';
export type EventSeverity = 'warning' | 'critical';

export interface WatchEvent {
  status: EventStatus;
  kind: EventKind;
  severity: EventSeverity;
  /** The mining account, the sub-account (alias, else id) of a key or withdrawal rule, or null for the pool overview's thresholds. */
  account: string | null;
  /** The worker for a worker rule; null for thresholds and for a group. */
  worker: string | null;
  /** The threshold's key (`reject_rate`), `worker_offline`, `worker_hashrate`, `new_unrestricted_key`, `new_withdraw_key` or `withdrawal_wait`. */
  metric: string;
  /** The value judged in base units (H/s, seconds, ratio, count; a withdrawal's wait in seconds); a group's count; null when none. */
  value: number | null;
  /** One line for people, e.g. `main_farm: worker rig-07 offline`. */
  summary: string;
  /** RFC 3339, when the condition began to hold (before the hold time). */
  startsAt: string;
  /** RFC 3339 when resolved; null while firing. */
  endsAt: string | null;
  /** A group only: every worker's name in it (the summary names the first few). */
  workers?: string[];
  /**
   * worker_offline only, Unix seconds: the last time the worker was known connected, and the
   * first time it was known missing (the hold counts from this one); a group: the earliest of each.
   */
  lastPresentAt?: number;
  firstMissingAt?: number;
  /** worker_offline only: how the last presence is known (a listing naming it, or worker counts matching that listing). */
  known?: 'listing' | 'counts';
}

/** Alertmanager's alert name for each kind (labels: alertname, severity, account, worker, metric). */
export const ALERT_NAMES: Readonly<Record<EventKind, string>> = {
  threshold: 'PooltopThreshold',
  worker_offline: 'PooltopWorkerOffline',
  worker_drop: 'PooltopWorkerHashrateDrop',
  new_key: 'PooltopNewApiKey',
  withdrawal_waiting: 'PooltopWithdrawalWaiting',
};

/**
 * What one judging round hands the notifiers: the events for people (grouped), the same changes
 * one alert each (for Alertmanager, which groups on its own), and every alert firing now (which
 * Alertmanager must be sent again and again, well inside its resolve_timeout).
 */
export interface Round {
  events: readonly WatchEvent[];
  alerts: readonly WatchEvent[];
  firing: readonly WatchEvent[];
}
