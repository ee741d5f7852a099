/**
 * What the dashboard shows of the watcher (watch/watcher.ts), kept outside React and changed only
 * when a round is judged: the thresholds crossed now and the worker alerts firing, as `Alert`s (the
 * status bar's fields), the status of every threshold judged (the WARN/CRIT beside values, on
 * every tab), and the history of what fired and resolved (the `!` overlay).
 * Workers of one account offline (or dropping) together are one field, as in the messages.
 */
import type { Status } from '../../alerts/evaluate.js';
import { findMetric } from '../../alerts/metrics.js';
import type { Unit } from '../../alerts/units.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import type { Round, WatchEvent } from '../../watch/event.js';
import { GROUP_MIN } from '../../watch/group.js';
import type { Condition } from '../../watch/rules.js';
import type { JudgedThresholds, Watcher } from '../../watch/watcher.js';
import { type Alert, type AlertChange, activeAlerts, alertId, showValue } from './alert-state.js';

/** Changes kept for the `!` overlay: plenty for a session, bounded for one that runs for weeks. */
export const HISTORY_MAX = 1000;

export interface AlertFeedState {
  /** Every condition holding now. */
  alerts: readonly Alert[];
  /** The same, worst first (the status bar). */
  active: readonly Alert[];
  /** What fired and resolved since start, oldest first (bounded). */
  history: readonly AlertChange[];
  /** Events that fired so far: the bell rings when it grows. */
  fired: number;
  /** The newest firing events, for a desktop notification. */
  lastFiring: readonly WatchEvent[];
  /**
   * Each threshold's status in the last round by its alert id (`alertId`), OK and UNKNOWN too; a
   * value not judged (no thresholds, no data yet) is absent. The same map while nothing in it changed.
   */
  statuses: AlertStatuses;
}

/** Each judged threshold's status by its alert id. */
export type AlertStatuses = ReadonlyMap<string, Status>;

export interface AlertFeed {
  get(): AlertFeedState;
  subscribe(listener: () => void): () => void;
  close(): void;
}

export const EMPTY_FEED: AlertFeedState = {
  alerts: [],
  active: [],
  history: [],
  fired: 0,
  lastFiring: [],
  statuses: new Map(),
};

/** The watcher's judgement as statuses by alert id, or `previous` when none of them changed. */
export function statusesOf(results: JudgedThresholds, previous: AlertStatuses): AlertStatuses {
  const next = new Map<string, Status>();
  for (const r of results.pool) next.set(alertId('pool', r.key), r.status);
  for (const [account, list] of results.accounts) {
    for (const r of list) next.set(alertId('mining', r.key, account), r.status);
  }
  const same = next.size === previous.size && [...next].every(([id, s]) => previous.get(id) === s);
  return same ? previous : next;
}

function unitOf(c: Condition): Unit {
  if (c.kind === 'worker_offline') return 'seconds';
  if (c.kind === 'worker_drop') return 'hashrate';
  return findMetric(c.account === null ? 'pool' : 'mining', c.metric)?.unit ?? 'count';
}

/** Conditions as alerts: thresholds keep the ids views look their status up by. */
export function alertsOf(conditions: readonly Condition[], term: TextTarget): Alert[] {
  const out: Alert[] = [];
  const workers = new Map<string, Condition[]>();
  for (const c of conditions) {
    if (c.worker !== null) {
      const key = `${c.kind} ${c.account}`;
      workers.set(key, [...(workers.get(key) ?? []), c]);
      continue;
    }
    const scope = c.account === null ? 'pool' : 'mining';
    out.push({
      id: alertId(scope, c.metric, c.account ?? undefined),
      scope,
      account: c.account ?? undefined,
      key: c.metric,
      label: c.account === null ? c.metric : `${sanitizeLine(c.account, term)}/${c.metric}`,
      unit: unitOf(c),
      value: c.value ?? undefined,
      status: c.severity,
    });
  }
  for (const list of workers.values()) {
    const first = list[0] as Condition;
    const what = first.kind === 'worker_offline' ? 'offline' : 'dropping';
    const account = sanitizeLine(first.account ?? '', term);
    const many = list.length >= GROUP_MIN;
    const shown = many ? [first] : list;
    for (const c of shown) {
      out.push({
        id: many ? `${first.kind}:${first.account}` : c.id,
        scope: 'mining',
        account: c.account ?? undefined,
        key: c.metric,
        label: many
          ? `${account}/workers ${what}`
          : `${account}/${sanitizeLine(c.worker ?? '', term)} ${what}`,
        unit: many ? 'count' : unitOf(c),
        value: many ? list.length : (c.value ?? undefined),
        status: c.severity,
      });
    }
  }
  return out;
}

function changesOf(round: Round, nowMs: number, lastSeq: number, term: TextTarget): AlertChange[] {
  return round.events.map((e, i) => changeOf(e, nowMs, lastSeq + i + 1, term));
}

/** An event as the fields `!` reads; the watcher's or the history file's (its kind a string). */
export type EventLike = Pick<WatchEvent, 'status' | 'account' | 'worker' | 'metric' | 'value'> & {
  kind: string;
  severity: string;
  workers?: readonly string[];
};

/** One event as a line of the `!` history. */
export function changeOf(e: EventLike, atMs: number, seq: number, term: TextTarget): AlertChange {
  const severity: Status = e.severity === 'critical' || e.severity === 'warning' ? e.severity : 'unknown';
  const account = e.account === null ? undefined : sanitizeLine(e.account, term);
  const label =
    e.kind === 'threshold'
      ? account === undefined
        ? e.metric
        : `${account}/${e.metric}`
      : `${account}/${e.workers ? `${e.workers.length} workers` : sanitizeLine(e.worker ?? '', term)}`;
  return {
    seq,
    atMs,
    id: `${e.kind}:${e.account}:${e.worker ?? e.metric}`,
    label,
    from: e.status === 'firing' ? 'ok' : severity,
    to: e.status === 'firing' ? severity : 'ok',
    value:
      e.kind === 'threshold'
        ? showValue({
            unit: findMetric(e.account === null ? 'pool' : 'mining', e.metric)?.unit ?? 'count',
            value: e.value ?? undefined,
          })
        : e.status === 'resolved'
          ? 'back'
          : e.kind === 'worker_offline'
            ? 'offline'
            : 'below its median',
  };
}

export function createAlertFeed(watcher: Watcher, term: TextTarget, now: () => number): AlertFeed {
  let state = EMPTY_FEED;
  const listeners = new Set<() => void>();
  const stop = watcher.subscribe((round) => {
    const { conditions, book, results } = watcher.snapshot();
    const statuses = statusesOf(results, state.statuses);
    // A threshold crossed shows at once, as its value does; a worker only once its alert fired
    // (past the hold), so a flap does not flicker through the status bar.
    const shown = conditions.filter((c) => c.kind === 'threshold' || book.get(c.id)?.firedMs !== undefined);
    const alerts = alertsOf(shown, term);
    const changes = changesOf(round, now(), state.history.at(-1)?.seq ?? 0, term);
    const firing = round.events.filter((e) => e.status === 'firing');
    const same =
      changes.length === 0 &&
      statuses === state.statuses &&
      alerts.length === state.alerts.length &&
      alerts.every((a, i) => {
        const b = state.alerts[i];
        return (
          b !== undefined &&
          a.id === b.id &&
          a.status === b.status &&
          a.value === b.value &&
          a.label === b.label
        );
      });
    if (same) return;
    state = {
      alerts,
      active: activeAlerts(alerts),
      history: changes.length ? [...state.history, ...changes].slice(-HISTORY_MAX) : state.history,
      fired: state.fired + firing.length,
      lastFiring: firing.length ? firing : state.lastFiring,
      statuses,
    };
    for (const listener of listeners) listener();
  });
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}
