/**
 * Snapshots of the sub-account list's fields (alias, email, status, colour, KYC, permissions), so
 * `pooltop accounts changes` can say what changed since a time. The profile's history store keeps
 * them (history/snapshots.ts); `--demo` and tests keep them in memory here.
 */
import type { SubAccount } from '../api/types.js';

/** The fields compared, by name as `accounts changes` shows them. */
export const SNAPSHOT_FIELDS = [
  'alias',
  'email',
  'status',
  'color',
  'kycStatus',
  'shareKyc',
  'spotEnabled',
  'collateralEnabled',
] as const;
export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number];
export type SnapshotValue = string | boolean | null;
export type SnapshotRow = { id: string } & Record<SnapshotField, SnapshotValue>;

export interface AccountSnapshot {
  /** Unix seconds. */
  takenAt: number;
  rows: SnapshotRow[];
}

export interface SnapshotStore {
  /** The newest snapshot taken at or before `at` (Unix seconds), else the oldest kept; undefined when none is. */
  baseline(at: number): Promise<AccountSnapshot | undefined>;
  /** Keeps the list as it was at `takenAt`; one older than the newest kept is not kept (it says nothing newer). */
  add(snapshot: AccountSnapshot): Promise<void>;
}

/** An account's compared fields; undefined for a row without an id (it cannot be followed). */
export function snapshotRow(a: SubAccount): SnapshotRow | undefined {
  if (!a.id) return undefined;
  return {
    id: a.id,
    alias: a.alias,
    email: a.email,
    status: a.status,
    color: a.color,
    kycStatus: a.kyc?.kycStatus ?? null,
    shareKyc: a.kyc?.shareKyc ?? null,
    spotEnabled: a.permissions?.spotEnabled ?? null,
    collateralEnabled: a.permissions?.collateralEnabled ?? null,
  };
}

export function memorySnapshotStore(initial: AccountSnapshot[] = []): SnapshotStore {
  const snapshots = [...initial];
  const newest = () => Math.max(-Infinity, ...snapshots.map((s) => s.takenAt));
  return {
    async baseline(at) {
      const byTime = [...snapshots].sort((a, b) => a.takenAt - b.takenAt);
      return byTime.filter((s) => s.takenAt <= at).at(-1) ?? byTime[0];
    },
    async add(s) {
      if (s.takenAt >= newest()) snapshots.push(s);
    },
  };
}
