/**
 * What changed between two snapshots of the sub-account list: accounts added, removed, and each
 * changed field with its value before and after. Pure.
 */
import {
  type AccountSnapshot,
  SNAPSHOT_FIELDS,
  type SnapshotField,
  type SnapshotRow,
  type SnapshotValue,
} from './snapshot-store.js';

export interface FieldChange {
  field: SnapshotField;
  before: SnapshotValue;
  after: SnapshotValue;
}

export interface AccountChanges {
  added: SnapshotRow[];
  removed: SnapshotRow[];
  changed: { id: string; alias: SnapshotValue; fields: FieldChange[] }[];
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
