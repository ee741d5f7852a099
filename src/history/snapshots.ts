/**
 * Snapshots of the sub-account list (accounts/snapshot-store.ts) on the history file: a row per
 * snapshot (its seq and time), and each account's compared fields as versions from the snapshot
 * that first had them until the first that differs or lacks the account. A snapshot is kept in
 * one transaction; one older than the newest kept is not (another process took a newer list).
 * Tables: oversight-schema.ts.
 */
import type { DatabaseSync } from 'node:sqlite';
import {
  type AccountSnapshot,
  SNAPSHOT_FIELDS,
  type SnapshotRow,
  type SnapshotStore,
  type SnapshotValue,
} from '../accounts/snapshot-store.js';
import { inWriteTransaction, storageCall, subAccountId } from './sub-accounts.js';

/** The columns of SNAPSHOT_FIELDS, in its order. */
const COLUMNS = [
  'alias',
  'email',
  'status',
  'color',
  'kyc_status',
  'share_kyc',
  'spot_enabled',
  'collateral_enabled',
] as const;

type Stored = string | number | null;

/** A boolean is kept as 0/1, text as it came; anything else (not in the model) as null. */
function encode(v: SnapshotValue): Stored {
  return typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'string' ? v : null;
}

function decode(v: unknown): SnapshotValue {
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) !== 0;
  return typeof v === 'string' ? v : null;
}

function rowOf(r: Record<string, unknown>): SnapshotRow {
  const row = { id: String(r.uid) } as SnapshotRow;
  SNAPSHOT_FIELDS.forEach((f, i) => {
    row[f] = decode(r[COLUMNS[i] as string]);
  });
  return row;
}

const sameValues = (a: SnapshotRow, b: SnapshotRow) =>
  SNAPSHOT_FIELDS.every((f) => encode(a[f]) === encode(b[f]));

/** The snapshots of API base URL `base`. */
export function historySnapshotStore(db: DatabaseSync, base: string): SnapshotStore {
  const versionsAt = (seq: number): SnapshotRow[] =>
    (
      db
        .prepare(
          `SELECT a.uid AS uid, ${COLUMNS.join(', ')} FROM sub_account_fields f JOIN sub_account a ON a.id = f.sub_account_id
           WHERE a.base = ? AND f.since <= ? AND (f.until IS NULL OR f.until > ?) ORDER BY a.id`,
        )
        .all(base, seq, seq) as Array<Record<string, unknown>>
    ).map(rowOf);

  const open = () =>
    db
      .prepare(
        `SELECT a.id AS sid, a.uid AS uid, f.since AS since, ${COLUMNS.join(', ')} FROM sub_account_fields f
         JOIN sub_account a ON a.id = f.sub_account_id WHERE a.base = ? AND f.until IS NULL`,
      )
      .all(base) as Array<Record<string, unknown>>;

  const add = (snapshot: AccountSnapshot) => {
    const newest = db.prepare('SELECT max(taken_at) AS at FROM list_snapshot WHERE base = ?').get(base) as {
      at: number | null;
    };
    if (newest.at != null && snapshot.takenAt < Number(newest.at)) return;
    const seq = Number(
      db.prepare('INSERT INTO list_snapshot (base, taken_at) VALUES (?, ?)').run(base, snapshot.takenAt)
        .lastInsertRowid,
    );
    const end = db.prepare('UPDATE sub_account_fields SET until = ? WHERE sub_account_id = ? AND since = ?');
    const insert = db.prepare(
      `INSERT INTO sub_account_fields (sub_account_id, since, until, ${COLUMNS.join(', ')}) VALUES (?, ?, NULL, ${COLUMNS.map(() => '?').join(', ')})`,
    );
    const current = new Map(open().map((r) => [String(r.uid), r]));
    const listed = new Set<string>();
    for (const row of snapshot.rows) {
      if (listed.has(row.id)) continue;
      listed.add(row.id);
      const was = current.get(row.id);
      if (was && sameValues(rowOf(was), row)) continue;
      if (was) end.run(seq, Number(was.sid), Number(was.since));
      const sid = subAccountId(db, base, row.id, true) as number;
      insert.run(sid, seq, ...SNAPSHOT_FIELDS.map((f) => encode(row[f])));
    }
    for (const [uid, was] of current) if (!listed.has(uid)) end.run(seq, Number(was.sid), Number(was.since));
  };

  return {
    baseline: async (at) =>
      storageCall('reading the sub-account snapshots', () => {
        // The newest taken at or before `at` (the later of one second's), else the first kept.
        const pick = (db
          .prepare(
            `SELECT seq, taken_at FROM list_snapshot WHERE base = ?1 AND taken_at <= ?2 ORDER BY taken_at DESC, seq DESC LIMIT 1`,
          )
          .get(base, at) ??
          db
            .prepare('SELECT seq, taken_at FROM list_snapshot WHERE base = ? ORDER BY taken_at, seq LIMIT 1')
            .get(base)) as { seq: number; taken_at: number } | undefined;
        if (pick === undefined) return undefined;
        return { takenAt: Number(pick.taken_at), rows: versionsAt(Number(pick.seq)) };
      }),
    add: async (snapshot) =>
      storageCall('keeping the sub-account snapshot', () => inWriteTransaction(db, () => add(snapshot))),
  };
}
