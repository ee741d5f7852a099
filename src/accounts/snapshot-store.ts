/**
 * Snapshots of the sub-account list's fields (alias, email, status, colour, KYC, permissions), so
 * `pooltop accounts changes` can say what changed since a time. Behind a small interface so it
 * can move onto the history store: for now a JSON file per profile in the state directory
 * (`snapshots-<profile>.json`, 0600, replaced atomically), one section per API base URL, the
 * newest SNAPSHOTS_KEPT kept; or memory (`--demo`, tests).
 */
import { join } from 'node:path';
import type { SubAccount } from '../api/types.js';
import { ensurePrivateDir, writeFileDurable } from '../config/atomic-write.js';
import { readStateFile } from '../config/state-file.js';
import { profileFileStem } from '../config/token-store.js';

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
export type SnapshotRow = { id: string } & Record<SnapshotField, string | boolean | null>;

export interface AccountSnapshot {
  /** Unix seconds. */
  takenAt: number;
  rows: SnapshotRow[];
}

export interface SnapshotStore {
  /** Oldest first. */
  list(): Promise<AccountSnapshot[]>;
  add(snapshot: AccountSnapshot): Promise<void>;
}

const SNAPSHOTS_KEPT = 14;
const SNAPSHOTS_MAX_BYTES = 256 * 1024 * 1024;

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
  return {
    list: async () => [...snapshots],
    add: async (s) => {
      snapshots.push(s);
      snapshots.splice(0, Math.max(0, snapshots.length - SNAPSHOTS_KEPT));
    },
  };
}

export function fileSnapshotStore(opts: {
  stateDir: string;
  profile: string;
  baseUrl: string;
}): SnapshotStore {
  const file = join(opts.stateDir, `snapshots-${profileFileStem(opts.profile)}.json`);
  type Whole = Record<string, AccountSnapshot[]>;
  const readWhole = (): Whole => {
    const text = readStateFile('the sub-account snapshots', file, SNAPSHOTS_MAX_BYTES);
    if (text === undefined) return {};
    try {
      const data = JSON.parse(text) as { entries?: unknown };
      if (data.entries && typeof data.entries === 'object' && !Array.isArray(data.entries))
        return data.entries as Whole;
    } catch {
      // Damaged: the next run starts again from its own snapshot.
    }
    return {};
  };
  return {
    async list() {
      const list = readWhole()[opts.baseUrl];
      return Array.isArray(list) ? list.filter((s) => Array.isArray(s?.rows)) : [];
    },
    async add(snapshot) {
      await ensurePrivateDir(opts.stateDir);
      const whole = readWhole();
      whole[opts.baseUrl] = [...(whole[opts.baseUrl] ?? []), snapshot].slice(-SNAPSHOTS_KEPT);
      await writeFileDurable(file, `${JSON.stringify({ version: 1, entries: whole })}\n`);
    },
  };
}
