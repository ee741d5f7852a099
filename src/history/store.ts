/**
 * Opening the history file and the store every part of pooltop asks: `record(round)` for the
 * writers, the typed questions for the readers. A file per profile in the state directory,
 * `history-<profile>.sqlite`, mode 0600 in a 0700 directory, WAL, busy_timeout. A damaged or
 * foreign file is moved aside (renamed `.bad-<time>`) with one line and a new one begun; a file
 * from a newer pooltop is refused, naming both versions.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { SnapshotStore } from '../accounts/snapshot-store.js';
import type { TransferLedger } from '../accounts/transfer-ledger.js';
import { KEEP_FINE_DEFAULT_S } from '../config/history-preferences.js';
import { profileFileStem } from '../config/token-store.js';
import { errorLine, isDamaged } from './sqlite-errors.js';
import { loadSqlite } from './sqlite.js';
import { APPLICATION_ID, applicationId, migrate, SCHEMA_VERSION, userVersion } from './schema.js';
import * as q from './queries.js';
import { hashrateRows, rewardRows, spanRows, storeSize } from './export-rows.js';
import { HistoryWriter } from './writer.js';
import { historyTransferLedger } from './transfers.js';
import { historySnapshotStore } from './snapshots.js';
import { RES_DAY, RES_FINE, RES_HOUR } from './series-blocks.js';
import type { Selection } from './span-rows.js';
import type {
  AccountUptime,
  AlertLogEntry,
  HashrateExportRow,
  HistoryRound,
  Incident,
  IncidentQuery,
  RewardExportRow,
  SinceLastLook,
  SpanExportRow,
  StoreSize,
  UptimeQuery,
  UptimeRow,
  Window,
} from './types.js';

export interface HistoryOptions {
  /** The file; see historyPath. */
  path: string;
  /** Seconds 5-minute values are kept (`[history] keep_fine`). */
  keepFineS?: number;
  /** One line for the user: a file moved aside, a round that could not be recorded. */
  onError?: (line: string) => void;
  /** The clock, Unix seconds (queries never count beyond now). */
  now?: () => number;
  /** How long a write waits for another writer's transaction (default 5000 ms). */
  busyTimeoutMs?: number;
  /** SQLite's page cache, KiB (default SQLite's, 2,000): the services keep a smaller one. */
  cacheKiB?: number;
}

export interface HistoryStore {
  readonly path: string;
  readonly schemaVersion: number;
  /** One round, one transaction; never throws: a failure is one line through onError. True when kept. */
  record(round: HistoryRound): boolean;
  uptime(query: UptimeQuery): UptimeRow[];
  incidents(query: IncidentQuery): Incident[];
  accountUptime(account: string, window: Window): AccountUptime;
  /** One row per UTC day, the last `days` days up to today. */
  dailyUptime(account: string, worker: string, days: number): UptimeRow[];
  sinceLastLook(viewer: string): SinceLastLook;
  markLooked(viewer: string, at: number): void;
  alertLog(window: Window & Selection): AlertLogEntry[];
  exportSpans(window: Window & Selection): SpanExportRow[];
  exportHashrate(window: Window & Selection, resolution: '5m' | '1h' | '24h'): HashrateExportRow[];
  exportRewards(window: Window & Selection): RewardExportRow[];
  size(): StoreSize;
  /** True until a back-fill of the account was marked done. */
  needsBackfill(account: string): boolean;
  markBackfilled(account: string, at: number): void;
  /** Every worker name the file knows for the account (listings and back-fills). */
  knownWorkers(account: string): string[];
  /** `accounts transfers`' kept transfers of the API at `baseUrl` (transfers.ts). */
  transferLedger(baseUrl: string): TransferLedger;
  /** `accounts changes`' snapshots of the sub-account list of the API at `baseUrl` (snapshots.ts). */
  snapshotStore(baseUrl: string): SnapshotStore;
  close(): void;
}

export type OpenResult = { store: HistoryStore } | { unavailable: string };

export function historyPath(stateDir: string, profile: string): string {
  return join(stateDir, `history-${profileFileStem(profile)}.sqlite`);
}

/** Moves a bad file (and its -wal, -shm) aside; returns the new name. */
function moveAside(path: string, now: number): string {
  const aside = `${path}.bad-${now}`;
  for (const suffix of ['-wal', '-shm', '']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

function openDb(path: string, busyTimeoutMs: number, cacheKiB: number | undefined): DatabaseSync | string {
  const sqlite = loadSqlite();
  if (typeof sqlite === 'string') return sqlite;
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  const db = new sqlite.DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    if (cacheKiB !== undefined) db.exec(`PRAGMA cache_size = -${Math.max(64, Math.floor(cacheKiB))}`);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Checks the file is pooltop's and not newer, migrating it forward. */
function prepare(db: DatabaseSync): string | undefined {
  const version = userVersion(db);
  if (version > SCHEMA_VERSION) {
    return `the history file was written by a newer pooltop (schema ${version}; this one reads up to ${SCHEMA_VERSION})`;
  }
  const app = applicationId(db);
  const tables = Number((db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n);
  if (app !== APPLICATION_ID && !(app === 0 && version === 0 && tables === 0)) return 'foreign';
  migrate(db, version);
  return undefined;
}

export function openHistory(opts: HistoryOptions): OpenResult {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const report = opts.onError ?? (() => {});
  let db: DatabaseSync | string;
  for (let attempt = 0; ; attempt++) {
    try {
      db = openDb(opts.path, opts.busyTimeoutMs ?? 5000, opts.cacheKiB);
      if (typeof db === 'string') return { unavailable: db };
      const problem = prepare(db);
      if (problem === undefined) break;
      db.close();
      if (problem !== 'foreign') return { unavailable: `${problem}: ${opts.path}` };
      if (attempt > 0) return { unavailable: `cannot begin a new history file at ${opts.path}` };
      report(
        `history: ${opts.path} is not a pooltop history file; moved to ${moveAside(opts.path, now())}, a new one begun`,
      );
    } catch (e) {
      if (isDamaged(e) && attempt === 0) {
        report(
          `history: ${opts.path} is damaged (${errorLine(e)}); moved to ${moveAside(opts.path, now())}, a new one begun`,
        );
        continue;
      }
      return { unavailable: `cannot open the history file ${opts.path}: ${errorLine(e)}` };
    }
  }
  return { store: storeOn(db, opts, now, report) };
}

function storeOn(
  db: DatabaseSync,
  opts: HistoryOptions,
  now: () => number,
  report: (l: string) => void,
): HistoryStore {
  const writer = new HistoryWriter(db, opts.keepFineS ?? KEEP_FINE_DEFAULT_S);
  let failing: string | undefined;
  const resolutions = { '5m': RES_FINE, '1h': RES_HOUR, '24h': RES_DAY } as const;
  return {
    path: opts.path,
    schemaVersion: SCHEMA_VERSION,
    record(round) {
      try {
        writer.record(round);
        if (failing !== undefined) report('history: recording again');
        failing = undefined;
        return true;
      } catch (e) {
        const line = `history: a round was not recorded: ${errorLine(e)}`;
        if (line !== failing) report(line);
        failing = line;
        return false;
      }
    },
    uptime: (query) => q.uptime(db, query, now()),
    incidents: (query) => q.incidents(db, query),
    accountUptime: (account, w) => q.accountUptime(db, account, w, now()),
    dailyUptime(account, worker, days) {
      const today = Math.floor(now() / RES_DAY) * RES_DAY;
      const from = today - (days - 1) * RES_DAY;
      return q
        .uptime(db, { from, to: today + RES_DAY, accounts: [account], by: 'day' }, now())
        .filter((r) => r.worker === worker);
    },
    sinceLastLook: (viewer) => q.sinceLastLook(db, viewer, now()),
    markLooked: (viewer, at) => q.markLooked(db, viewer, at),
    alertLog: (w) => q.alertLog(db, w),
    exportSpans: (w) => spanRows(db, w),
    exportHashrate: (w, res) => hashrateRows(db, w, resolutions[res]),
    exportRewards: (w) => rewardRows(db, w),
    size: () => storeSize(db, opts.path, SCHEMA_VERSION),
    needsBackfill(account) {
      const row = db.prepare('SELECT backfilled_at FROM account WHERE name = ?').get(account) as
        | { backfilled_at: number | null }
        | undefined;
      return row?.backfilled_at == null;
    },
    markBackfilled(account, at) {
      db.prepare(
        'INSERT INTO account (name, backfilled_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET backfilled_at = excluded.backfilled_at',
      ).run(account, at);
    },
    knownWorkers(account) {
      const rows = db
        .prepare(
          'SELECT w.name AS name FROM worker w JOIN account a ON a.id = w.account_id WHERE a.name = ? ORDER BY w.name',
        )
        .all(account) as unknown as Array<{ name: string }>;
      return rows.map((r) => r.name);
    },
    transferLedger: (baseUrl) => historyTransferLedger(db, baseUrl),
    snapshotStore: (baseUrl) => historySnapshotStore(db, baseUrl),
    close() {
      if (db.isOpen) db.close();
    },
  };
}
