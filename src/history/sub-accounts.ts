/**
 * The oversight tables' shared parts: a sub-account's row id (made on first use), a write
 * transaction, and SQLite's errors as one `storage` line. Tables: oversight-schema.ts.
 */
import type { DatabaseSync } from 'node:sqlite';
import { PooltopError } from '../errors/pooltop-error.js';
import { errorLine } from './sqlite-errors.js';

/** The sub-account's row id under `base`; undefined when it was never kept and `make` is false. */
export function subAccountId(db: DatabaseSync, base: string, uid: string, make: boolean): number | undefined {
  if (make) db.prepare('INSERT OR IGNORE INTO sub_account (base, uid) VALUES (?, ?)').run(base, uid);
  const row = db.prepare('SELECT id FROM sub_account WHERE base = ? AND uid = ?').get(base, uid) as
    | { id: number }
    | undefined;
  return row === undefined ? undefined : Number(row.id);
}

/** `work` in one BEGIN IMMEDIATE transaction: another process's write waits (busy_timeout) or is refused whole. */
export function inWriteTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = work();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** Runs `work`, turning what SQLite throws into one line naming what was being done. */
export function storageCall<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof PooltopError) throw e;
    throw new PooltopError('storage', `history: ${what}: ${errorLine(e)}`, { cause: e });
  }
}
