/**
 * What pooltop keeps of each sub-account's transfers, so a listing needs only what is new: the
 * API pages transfers newest first, with no date filter, to offset 10,000 (per direction).
 *
 * The profile's history store keeps them (history/transfers.ts); `--demo` and tests keep
 * them in memory here. A sync asks which ids are kept page by page and hands over what it found
 * at the end, in one piece: a sync cut short keeps nothing, so what is kept is always the newest
 * transfers down to the first sync's reach, without a hole.
 */
import type { Transfer, TransferDirection } from '../api/oversight-types.js';

/** One account's last whole sync. */
export interface LedgerSync {
  /** Directions whose first listing reached the API's reach: older transfers of it are not kept. */
  capped: TransferDirection[];
  /** Unix seconds. */
  syncedAt: number;
}

export interface TransferFilter {
  direction?: TransferDirection;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
}

export interface TransferLedger {
  /** The account's last whole sync; undefined before its first. */
  synced(accountId: string): Promise<LedgerSync | undefined>;
  /** Those of `keys` (transferKey) already kept. */
  kept(accountId: string, keys: readonly string[]): Promise<ReadonlySet<string>>;
  /** Keeps a sync's transfers (each key once) and its state, at once; answers how many were new. */
  commit(accountId: string, fresh: readonly Transfer[], sync: LedgerSync): Promise<number>;
  /** The kept transfers, newest first (transferOrder). */
  list(accountId: string, filter?: TransferFilter): Promise<Transfer[]>;
}

/** A transfer's key: its id, or for one without, its fields (so a sync keeps it once). */
export function transferKey(t: Transfer): string {
  return t.id ?? `~${JSON.stringify([t.direction, t.currency, t.amount, t.createdAt])}`;
}

/** By time, then by id (a longer numeric id is newer), newest first. */
function transferOrder(a: Transfer, b: Transfer): number {
  const t = (b.createdAt ?? 0) - (a.createdAt ?? 0);
  if (t !== 0) return t;
  const ia = a.id ?? '';
  const ib = b.id ?? '';
  return ib.length - ia.length || (ib > ia ? 1 : ib < ia ? -1 : 0);
}

function matchesFilter(t: Transfer, f: TransferFilter = {}): boolean {
  return (
    (f.direction === undefined || t.direction === f.direction) &&
    (f.from === undefined || (t.createdAt ?? 0) >= f.from) &&
    (f.to === undefined || (t.createdAt ?? 0) <= f.to)
  );
}

export function memoryTransferLedger(): TransferLedger {
  const accounts = new Map<string, { sync: LedgerSync; byKey: Map<string, Transfer> }>();
  return {
    synced: async (id) => accounts.get(id)?.sync,
    kept: async (id, keys) => {
      const byKey = accounts.get(id)?.byKey;
      return new Set(keys.filter((k) => byKey?.has(k)));
    },
    commit: async (id, fresh, sync) => {
      const was = accounts.get(id);
      const byKey = was?.byKey ?? new Map<string, Transfer>();
      const before = byKey.size;
      for (const t of fresh) if (!byKey.has(transferKey(t))) byKey.set(transferKey(t), t);
      const capped = [...new Set([...(was?.sync.capped ?? []), ...sync.capped])];
      accounts.set(id, {
        sync: { capped, syncedAt: Math.max(sync.syncedAt, was?.sync.syncedAt ?? 0) },
        byKey,
      });
      return byKey.size - before;
    },
    list: async (id, filter) =>
      [...(accounts.get(id)?.byKey.values() ?? [])]
        .filter((t) => matchesFilter(t, filter))
        .sort(transferOrder),
  };
}
