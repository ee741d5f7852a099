/**
 * Reading spans back: every closed span and every open one (reaching to its account's newest
 * observation) of the workers asked, overlapping a window, grouped by worker in time order.
 */
import type { DatabaseSync } from 'node:sqlite';
import { globMatcher } from '../alerts/glob.js';
import { type How, HOW_NAMES } from './presence.js';

export interface SpanRow {
  start: number;
  end: number;
  up: boolean;
  filled: boolean;
  open: boolean;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
  how: How;
}

export interface WorkerSpans {
  id: number;
  account: string;
  worker: string;
  spans: SpanRow[];
}

export interface Selection {
  accounts?: readonly string[];
  worker?: string;
}

interface RawSpan {
  worker_id: number;
  start: number;
  end: number;
  up: number;
  filled: number;
  open: number;
  last_present: number | null;
  first_missing: number | null;
  how: number;
}

/** The selected workers (all of them, watched or not), by account then name. */
export function selectedWorkers(db: DatabaseSync, sel: Selection): WorkerSpans[] {
  const rows = db
    .prepare(
      'SELECT w.id AS id, a.name AS account, w.name AS worker FROM worker w JOIN account a ON a.id = w.account_id ORDER BY a.name, w.name',
    )
    .all() as unknown as Array<{ id: number; account: string; worker: string }>;
  const accounts = sel.accounts && sel.accounts.length > 0 ? new Set(sel.accounts) : undefined;
  const match = sel.worker ? globMatcher([sel.worker]) : undefined;
  return rows
    .filter((r) => (!accounts || accounts.has(r.account)) && (!match || match(r.worker)))
    .map((r) => ({ id: Number(r.id), account: r.account, worker: r.worker, spans: [] }));
}

/** `workers` with their spans overlapping [from, to) filled in (open spans included). */
export function withSpans(db: DatabaseSync, workers: WorkerSpans[], from: number, to: number): WorkerSpans[] {
  const byId = new Map(workers.map((w) => [w.id, w]));
  const raw = db
    .prepare(
      `SELECT worker_id, start, end, up, filled, 0 AS open, last_present, first_missing, how
         FROM span WHERE start < :to AND end > :from
       UNION ALL
       SELECT w.id, w.since, a.observed_at, w.state, 0, 1, w.last_present, w.first_missing, w.how
         FROM worker w JOIN account a ON a.id = w.account_id
        WHERE w.state IS NOT NULL AND w.since < :to AND a.observed_at >= :from`,
    )
    .all({ from, to }) as unknown as RawSpan[];
  for (const r of raw) {
    const w = byId.get(Number(r.worker_id));
    if (!w) continue;
    w.spans.push({
      start: r.start,
      end: r.end,
      up: r.up === 1,
      filled: r.filled === 1,
      open: r.open === 1,
      lastPresentAt: r.last_present,
      firstMissingAt: r.up === 1 ? null : (r.first_missing ?? r.start),
      how: HOW_NAMES[r.how] ?? 'listing',
    });
  }
  for (const w of workers) w.spans.sort((a, b) => a.start - b.start);
  return workers;
}
