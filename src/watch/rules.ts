/**
 * The watcher's whole rule, pure: the conditions that hold now (one per alert id) against what
 * was holding and firing before, at `nowMs`:
 * - a condition fires once it has held for the hold time (`for`), counted from when it is known
 *   to have begun (a worker: the first round that found it missing, presence.ts), never in the first round of a run with no saved
 *   state (nothing fires at first sight);
 * - a condition that stops before it fires (a flap shorter than the hold) is forgotten;
 * - a firing alert resolves once it has stayed clear for the hold time, and every firing alert
 *   is followed by its resolved event;
 * - a firing alert is sent again every `repeat` (0: never).
 * Times are milliseconds.
 */
import type { WatchEvent } from './event.js';

/** What holds now: an event's fields (event.ts) with an id that stays the same across rounds. */
export interface Condition
  extends Pick<
    WatchEvent,
    'kind' | 'severity' | 'account' | 'worker' | 'metric' | 'value' | 'summary' | 'lastPresentAt' | 'firstMissingAt' | 'known'
  > {
  /** The kind, the account, the worker or metric and its severity. */
  id: string;
  /** When the condition is known to have begun (a worker: first found missing), if earlier than its first sight. */
  startedMs?: number;
}

export interface AlertEntry {
  condition: Condition;
  /** First round it was seen holding. */
  sinceMs: number;
  /** When it fired; undefined while pending. */
  firedMs?: number;
  /** When its firing event was last sent. */
  sentMs?: number;
  /** First round it was seen clear while firing. */
  clearMs?: number;
}

export type AlertBook = ReadonlyMap<string, AlertEntry>;

export interface JudgeOptions {
  forMs: number;
  repeatMs: number;
  /** The first round of this run: pending conditions start, none fires. */
  first: boolean;
}

export interface Judgement {
  book: Map<string, AlertEntry>;
  /** Resolved, then firing (new or repeated) in the order of the conditions. */
  events: WatchEvent[];
}

const iso = (ms: number) => new Date(ms).toISOString();

export function eventOf(entry: AlertEntry, status: WatchEvent['status'], endMs?: number): WatchEvent {
  const c = entry.condition;
  return {
    status,
    kind: c.kind,
    severity: c.severity,
    account: c.account,
    worker: c.worker,
    metric: c.metric,
    value: c.value,
    summary: c.summary,
    startsAt: iso(entry.sinceMs),
    endsAt: endMs === undefined ? null : iso(endMs),
    ...(c.lastPresentAt === undefined ? {} : { lastPresentAt: c.lastPresentAt }),
    ...(c.firstMissingAt === undefined ? {} : { firstMissingAt: c.firstMissingAt }),
    ...(c.known === undefined ? {} : { known: c.known }),
  };
}

export function judge(
  before: AlertBook,
  conditions: readonly Condition[],
  nowMs: number,
  opts: JudgeOptions,
): Judgement {
  const book = new Map<string, AlertEntry>();
  const events: WatchEvent[] = [];
  const resolved: WatchEvent[] = [];
  for (const condition of conditions) {
    if (book.has(condition.id)) continue;
    const had = before.get(condition.id);
    // A condition known to have begun earlier (a worker first found missing) holds since then.
    const entry: AlertEntry = had
      ? { ...had, condition: withEvidence(condition, had.condition), clearMs: undefined }
      : { condition, sinceMs: Math.min(nowMs, condition.startedMs ?? nowMs) };
    if (entry.firedMs === undefined) {
      if (!opts.first && nowMs - entry.sinceMs >= opts.forMs) {
        entry.firedMs = nowMs;
        entry.sentMs = nowMs;
        events.push(eventOf(entry, 'firing'));
      }
    } else if (opts.repeatMs > 0 && nowMs - (entry.sentMs ?? entry.firedMs) >= opts.repeatMs) {
      entry.sentMs = nowMs;
      events.push(eventOf(entry, 'firing'));
    }
    book.set(condition.id, entry);
  }
  for (const [id, had] of before) {
    if (book.has(id) || had.firedMs === undefined) continue; // pending and gone: a flap
    const clearMs = had.clearMs ?? nowMs;
    if (nowMs - clearMs >= opts.forMs) {
      resolved.push(eventOf(had, 'resolved', clearMs));
    } else {
      book.set(id, { ...had, clearMs });
    }
  }
  // What stopped is told before what started (an escalation reads: warning over, critical now).
  return { book, events: [...resolved, ...events] };
}

/** A condition that has held since an earlier round keeps that round's evidence of its start. */
function withEvidence(condition: Condition, had: Condition): Condition {
  if (had.firstMissingAt === undefined || condition.firstMissingAt === undefined) return condition;
  const { lastPresentAt, firstMissingAt, known } = had;
  return { ...condition, firstMissingAt, ...(lastPresentAt === undefined ? {} : { lastPresentAt }), ...(known ? { known } : {}) };
}

/**
 * Every alert that has fired and not yet resolved (one still inside its clear hold included), for
 * Alertmanager, which resolves an alert it is not sent again.
 */
export function firingEvents(book: AlertBook): WatchEvent[] {
  const out: WatchEvent[] = [];
  for (const entry of book.values()) if (entry.firedMs !== undefined) out.push(eventOf(entry, 'firing'));
  return out;
}
