/**
 * `record(round)`: one short transaction a round (BEGIN IMMEDIATE), idempotent by key, so two
 * writers on one file make one history. Presence goes through the pure step of presence.ts;
 * only what changed is written (a worker still in its state costs nothing: open spans reach to
 * the account's `observed_at`). Each account's workers are cached between rounds and read again
 * when the account's `rev` says another writer changed them.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { INTERVAL_SECONDS } from '../api/mining-types.js';
import { BlockCache } from './block-cache.js';
import {
  type AccountPresence,
  type ClosedSpan,
  gapBoundS,
  HOW_CODES,
  HOW_NAMES,
  observeAccount,
  type Observation,
  type WorkerPresence,
} from './presence.js';
import { backfillSpans } from './backfill-spans.js';
import { blockSpanS, RES_DAY, RES_FINE, RES_HOUR } from './series-blocks.js';
import type { AccountRound, HistoryEvent, HistoryRound, WorkerSeriesRead } from './types.js';

interface AccountCache {
  id: number;
  rev: number;
  observedAt: number | null;
  ids: Map<string, number>;
  presence: Map<string, WorkerPresence>;
}

interface WorkerRow {
  id: number;
  name: string;
  state: number | null;
  since: number | null;
  last_present: number | null;
  first_missing: number | null;
  how: number | null;
}

/** Hourly values are kept this long; daily ones and spans for ever. */
export const KEEP_HOURLY_S = 400 * 86_400;

export const METRIC_HASHRATE = 0;
export const METRIC_REJECT = 1;

export class HistoryWriter {
  readonly #db: DatabaseSync;
  readonly #keepFineS: number;
  readonly #accounts = new Map<string, AccountCache>();
  readonly #series = new Map<string, number>();
  readonly #blocks: BlockCache;
  readonly #st: ReturnType<typeof statements>;
  #keptDay = -1;

  constructor(db: DatabaseSync, keepFineS: number) {
    this.#db = db;
    this.#keepFineS = keepFineS;
    this.#blocks = new BlockCache(db);
    this.#st = statements(db);
  }

  /** Records one round in one transaction; throws what SQLite throws (the store reports it). */
  record(round: HistoryRound): void {
    const db = this.#db;
    db.exec('BEGIN IMMEDIATE');
    try {
      const bound = gapBoundS(round.intervalS);
      for (const a of round.accounts) this.#recordAccount(a, round.at, bound);
      for (const e of round.events ?? []) this.#event(e, round.at);
      this.#blocks.flush();
      this.#prune(round.at);
      db.exec('COMMIT');
    } catch (e) {
      this.#blocks.clear();
      // What the cache learnt in a rolled-back transaction is not true: read it again.
      this.#accounts.clear();
      this.#series.clear();
      if (db.isTransaction) db.exec('ROLLBACK');
      throw e;
    }
  }

  /** The account's cache, read again when another writer changed it. */
  #account(name: string): AccountCache {
    let row = this.#st.account.get(name) as
      | { id: number; observed_at: number | null; rev: number }
      | undefined;
    if (!row) {
      this.#st.addAccount.run(name);
      row = this.#st.account.get(name) as { id: number; observed_at: number | null; rev: number };
    }
    let cache = this.#accounts.get(name);
    if (!cache || cache.id !== row.id || cache.rev !== row.rev) {
      cache = { id: row.id, rev: row.rev, observedAt: row.observed_at, ids: new Map(), presence: new Map() };
      for (const w of this.#st.workers.all(row.id) as unknown as WorkerRow[]) {
        cache.ids.set(w.name, w.id);
        cache.presence.set(w.name, presenceOf(w));
      }
      this.#accounts.set(name, cache);
    }
    cache.observedAt = row.observed_at;
    return cache;
  }

  #recordAccount(a: AccountRound, at: number, bound: number): void {
    const cache = this.#account(a.account);
    const observations: Observation[] = [];
    if (a.countsMatchedAt != null) observations.push({ kind: 'counts', at: a.countsMatchedAt });
    if (a.listing) observations.push({ kind: 'listing', at: a.listing.at, present: a.listing.names });
    observations.sort((x, y) => x.at - y.at);
    let changed = 0;
    for (const obs of observations) {
      const state: AccountPresence = { observedAt: cache.observedAt, workers: cache.presence };
      const step = observeAccount(state, obs, bound);
      if (step.ignored) continue;
      for (const c of step.changes) {
        const id = this.#workerId(cache, c.worker);
        if (c.closed) this.#span(id, c.closed);
        const o = c.next.open;
        this.#st.setWorker.run(
          o ? (o.up ? 1 : 0) : null,
          o?.since ?? null,
          o?.up ? null : (o?.lastPresentAt ?? c.next.lastPresentAt),
          o?.firstMissingAt ?? null,
          o ? HOW_CODES[o.how] : null,
          id,
        );
        cache.presence.set(c.worker, c.next);
        changed++;
      }
      cache.observedAt = step.observedAt;
    }
    this.#points(cache, a, at);
    if (a.workerSeries?.some((r) => r.backfill)) changed += this.#backfill(cache, a.workerSeries);
    if (observations.length > 0 || changed > 0) {
      this.#st.observed.run(cache.observedAt, changed > 0 ? 1 : 0, cache.id);
      if (changed > 0) cache.rev++;
    }
  }

  #workerId(cache: AccountCache, name: string): number {
    let id = cache.ids.get(name);
    if (id === undefined) {
      this.#st.addWorker.run(cache.id, name);
      id = Number((this.#st.workerId.get(cache.id, name) as { id: number }).id);
      cache.ids.set(name, id);
      if (!cache.presence.has(name)) cache.presence.set(name, { open: null, lastPresentAt: null });
    }
    return id;
  }

  #span(workerId: number, s: ClosedSpan): void {
    if (s.end < s.start) return;
    this.#st.span.run(
      workerId,
      s.start,
      s.end,
      s.up ? 1 : 0,
      s.lastPresentAt,
      s.firstMissingAt,
      HOW_CODES[s.how],
      s.changed ? 1 : 0,
    );
  }

  #seriesId(accountId: number, workerId: number, metric: number): number {
    const key = `${accountId}:${workerId}:${metric}`;
    let id = this.#series.get(key);
    if (id === undefined) {
      this.#st.addSeries.run(accountId, workerId, metric);
      id = Number((this.#st.series.get(accountId, workerId, metric) as { id: number }).id);
      this.#series.set(key, id);
    }
    return id;
  }

  #points(cache: AccountCache, a: AccountRound, _at: number): void {
    if (a.series && a.series.length > 0) {
      const hs = this.#seriesId(cache.id, 0, METRIC_HASHRATE);
      const rj = this.#seriesId(cache.id, 0, METRIC_REJECT);
      for (const p of a.series) {
        this.#blocks.set(RES_FINE, hs, p.timestamp, p.hashrate);
        this.#blocks.set(RES_FINE, rj, p.timestamp, p.rejectRate);
      }
    }
    for (const read of a.workerSeries ?? []) {
      const res = INTERVAL_SECONDS[read.interval];
      if (!res || read.points.length === 0) continue;
      const sid = this.#seriesId(cache.id, this.#workerId(cache, read.worker), METRIC_HASHRATE);
      // Indexed: in baseline code each step of `for…of` allocates (a back-fill sets ~2,900 values).
      const points = read.points;
      for (let i = 0; i < points.length; i++) {
        const p = points[i] as (typeof points)[number];
        this.#blocks.set(res, sid, p.timestamp, p.hashrate);
      }
    }
    for (const r of a.rewards ?? []) {
      if (r.date === null || !Number.isFinite(r.date)) continue;
      this.#st.reward.run(
        cache.id,
        r.date,
        r.rewardCurrency ?? '',
        r.totalReward,
        r.reward,
        r.fee,
        r.hashRate,
        r.status,
      );
    }
  }

  /** Presence from back-filled series: filled spans, live ones winning; returns workers changed. */
  #backfill(cache: AccountCache, reads: readonly WorkerSeriesRead[]): number {
    const byWorker = new Map<string, WorkerSeriesRead[]>();
    for (const r of reads) if (r.backfill) byWorker.set(r.worker, [...(byWorker.get(r.worker) ?? []), r]);
    let changed = 0;
    for (const [worker, list] of byWorker) {
      const id = this.#workerId(cache, worker);
      const presence = cache.presence.get(worker) ?? { open: null, lastPresentAt: null };
      const result = backfillSpans(this.#db, id, list, presence);
      if (result.lastPresentAt !== presence.lastPresentAt) {
        const next = { ...presence, lastPresentAt: result.lastPresentAt };
        cache.presence.set(worker, next);
        if (!next.open)
          this.#db.prepare('UPDATE worker SET last_present = ? WHERE id = ?').run(result.lastPresentAt, id);
      }
      changed += result.written > 0 ? 1 : 0;
    }
    return changed;
  }

  #event(e: HistoryEvent, at: number): void {
    this.#st.event.run(
      at,
      e.status,
      e.kind,
      e.severity,
      e.account ?? '',
      e.worker ?? '',
      e.metric,
      e.value,
      e.summary,
      e.startsAt,
      e.endsAt,
      e.workers ? JSON.stringify(e.workers) : null,
    );
  }

  /** Retention, once a day per writer, in the round's transaction. */
  #prune(at: number): void {
    const day = Math.floor(at / RES_DAY);
    if (day === this.#keptDay) return;
    this.#keptDay = day;
    pruneBlocks(this.#st.prune, at, this.#keepFineS);
  }
}

export function pruneBlocks(prune: StatementSync, at: number, keepFineS: number): void {
  // Whole blocks only: a block goes when its newest value is older than what is kept.
  prune.run(RES_FINE, Math.floor((at - keepFineS) / blockSpanS(RES_FINE)));
  prune.run(RES_HOUR, Math.floor((at - KEEP_HOURLY_S) / blockSpanS(RES_HOUR)));
}

function presenceOf(w: WorkerRow): WorkerPresence {
  const how = HOW_NAMES[w.how ?? 0] ?? 'listing';
  if (w.state === null || w.since === null) return { open: null, lastPresentAt: w.last_present };
  const up = w.state === 1;
  return {
    open: {
      up,
      since: w.since,
      lastPresentAt: up ? null : w.last_present,
      firstMissingAt: up ? null : w.first_missing,
      how,
    },
    lastPresentAt: w.last_present,
  };
}

function statements(db: DatabaseSync) {
  const p = (sql: string) => db.prepare(sql);
  return {
    account: p('SELECT id, observed_at, rev FROM account WHERE name = ?'),
    addAccount: p('INSERT INTO account (name) VALUES (?) ON CONFLICT (name) DO NOTHING'),
    observed: p('UPDATE account SET observed_at = ?, rev = rev + ? WHERE id = ?'),
    workers: p(
      'SELECT id, name, state, since, last_present, first_missing, how FROM worker WHERE account_id = ?',
    ),
    addWorker: p('INSERT INTO worker (account_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING'),
    workerId: p('SELECT id FROM worker WHERE account_id = ? AND name = ?'),
    setWorker: p(
      'UPDATE worker SET state = ?, since = ?, last_present = ?, first_missing = ?, how = ? WHERE id = ?',
    ),
    span: p(
      `INSERT OR REPLACE INTO span (worker_id, start, end, up, filled, last_present, first_missing, how, changed)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ),
    series: p('SELECT id FROM series WHERE account_id = ? AND worker_id = ? AND metric = ?'),
    addSeries: p(
      'INSERT INTO series (account_id, worker_id, metric) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    reward: p(
      `INSERT OR REPLACE INTO reward (account_id, date, currency, total, reward, fee, hashrate, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    event: p(
      `INSERT OR IGNORE INTO event (at, status, kind, severity, account, worker, metric, value, summary,
         starts_at, ends_at, workers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    prune: p('DELETE FROM block WHERE res = ? AND block < ?'),
  };
}
