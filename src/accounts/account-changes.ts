/**
 * What changed between two snapshots of the sub-account list: accounts added, removed, and each
 * changed field with its value before and after. Pure.
 */
import {
  type AccountSnapshot,
  SNAPSHOT_FIELDS,
  type SnapshotField,
  type SnapshotRow,
} from './snapshot-store.js';

export interface FieldChange {
  field: SnapshotField;
  before: string | boolean | null;
  after: string | boolean | null;
}

export interface AccountChanges {
  added: SnapshotRow[];
  removed: SnapshotRow[];
  changed: { id: string; alias: string | boolean | null; fields: FieldChange[] }[];
}

export function diffSnapshots(before: AccountSnapshot, after: AccountSnapshot): AccountChanges {
  const old = new Map(before.rows.map((r) => [r.id, r]));
  const now = new Map(after.rows.map((r) => [r.id, r]));
  const changes: AccountChanges = { added: [], removed: [], changed: [] };
  for (const row of after.rows) {
    const was = old.get(row.id);
    if (!was) {
      changes.added.push(row);
      continue;
    }
    const fields = SNAPSHOT_FIELDS.filter((f) => (was[f] ?? null) !== (row[f] ?? null)).map((field) => ({
      field,
      before: was[field] ?? null,
      after: row[field] ?? null,
    }));
    if (fields.length > 0) changes.changed.push({ id: row.id, alias: row.alias, fields });
  }
  for (const row of before.rows) if (!now.has(row.id)) changes.removed.push(row);
  return changes;
}

/** The newest snapshot taken at or before `at` (Unix seconds); else the oldest there is. */
export function baselineFor(snapshots: readonly AccountSnapshot[], at: number): AccountSnapshot | undefined {
  let pick: AccountSnapshot | undefined;
  for (const s of snapshots) if (s.takenAt <= at && (!pick || s.takenAt > pick.takenAt)) pick = s;
  return (
    pick ??
    snapshots.reduce<AccountSnapshot | undefined>((o, s) => (!o || s.takenAt < o.takenAt ? s : o), undefined)
  );
}
