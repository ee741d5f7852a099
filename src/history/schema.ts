/**
 * The history file's tables and their forward migrations. The schema's version is SQLite's
 * `PRAGMA user_version`; each migration takes the file from the version before it to its own,
 * in one transaction. A file of a higher version than this build knows is refused (store.ts).
 *
 * Sized for a year of 1,000 workers in well under 150 MB: names are integer ids (`account`,
 * `worker`, `series`), presence is spans, not points, and series are blocks of float32 values,
 * one row per series, resolution and block (series-blocks.ts), in WITHOUT ROWID tables keyed so
 * new rows go at the end.
 */
import type { DatabaseSync } from 'node:sqlite';
import { OVERSIGHT_TABLES } from './oversight-schema.js';

/** Marks a pooltop history file (a foreign SQLite file lacks it). */
export const APPLICATION_ID = 0x706f6f6c; // "pool"

const MIGRATIONS: readonly string[] = [
  // 1: the first schema.
  `
  CREATE TABLE account (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    -- the newest round with evidence of presence: open spans reach to it
    observed_at INTEGER,
    -- bumped on every change of the account's presence rows, so another writer's cache knows
    rev INTEGER NOT NULL DEFAULT 0,
    backfilled_at INTEGER
  );
  CREATE TABLE worker (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account(id),
    name TEXT NOT NULL,
    -- the open span: state 1 up, 0 down, NULL none (not watched since the last observation)
    state INTEGER,
    since INTEGER,
    last_present INTEGER,
    first_missing INTEGER,
    how INTEGER,
    UNIQUE (account_id, name)
  );
  -- Closed spans of presence; what lies between them is not watched.
  CREATE TABLE span (
    worker_id INTEGER NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    up INTEGER NOT NULL,
    filled INTEGER NOT NULL,
    -- a down span's evidence: last known connected, first known missing (= start), how known
    last_present INTEGER,
    first_missing INTEGER,
    how INTEGER NOT NULL,
    -- 1 when it ended because the state changed (a down span: the worker came back at end)
    changed INTEGER NOT NULL,
    PRIMARY KEY (worker_id, start)
  ) WITHOUT ROWID;
  CREATE TABLE series (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    -- 0: the account's own series
    worker_id INTEGER NOT NULL,
    -- 0 hash rate (H/s), 1 reject rate (ratio)
    metric INTEGER NOT NULL,
    UNIQUE (account_id, worker_id, metric)
  );
  CREATE TABLE block (
    res INTEGER NOT NULL,
    block INTEGER NOT NULL,
    series_id INTEGER NOT NULL,
    v BLOB NOT NULL,
    PRIMARY KEY (res, block, series_id)
  ) WITHOUT ROWID;
  CREATE TABLE reward (
    account_id INTEGER NOT NULL,
    date INTEGER NOT NULL,
    currency TEXT NOT NULL,
    total TEXT,
    reward TEXT,
    fee TEXT,
    hashrate REAL,
    status TEXT,
    PRIMARY KEY (account_id, date, currency)
  ) WITHOUT ROWID;
  CREATE TABLE event (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    status TEXT NOT NULL,
    kind TEXT NOT NULL,
    severity TEXT NOT NULL,
    account TEXT NOT NULL,
    worker TEXT NOT NULL,
    metric TEXT NOT NULL,
    value REAL,
    summary TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at TEXT,
    workers TEXT,
    UNIQUE (status, kind, account, worker, metric, starts_at)
  );
  CREATE INDEX event_at ON event (at);
  CREATE TABLE look (viewer TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // Later steps say IF NOT EXISTS: a step that is already there (a file some build brought
  // forward in another order) is a step done, not a refused file.
  // 2: transfers and snapshots of the sub-account list (oversight-schema.ts).
  OVERSIGHT_TABLES,
  // 3: spans by worker and end, with what uptime sums (uptime-sums.ts): a window's spans are a
  // range of it per worker, read without touching the table.
  `
  CREATE INDEX IF NOT EXISTS span_end ON span (worker_id, end, up, filled, last_present);
  `,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

export function applicationId(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id);
}

/** Brings a file of version `from` (0: new) to SCHEMA_VERSION, a migration a transaction. */
export function migrate(db: DatabaseSync, from: number): void {
  for (let v = from; v < MIGRATIONS.length; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another writer may have migrated while this one waited for the lock.
      if (userVersion(db) === v) {
        db.exec(MIGRATIONS[v] ?? '');
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${v + 1}`);
      }
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}
