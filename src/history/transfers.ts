/**
 * The transfer ledger (accounts/transfer-ledger.ts) on the history file: one row a transfer, keyed
 * by its id, so two processes syncing one account keep each transfer once; a sync's transfers and
 * its state go in one transaction. Tables: oversight-schema.ts.
 */
import type { DatabaseSync } from 'node:sqlite';
import {
  type LedgerSync,
  type TransferFilter,
  type TransferLedger,
  transferKey,
} from '../accounts/transfer-ledger.js';
import { TRANSFER_DIRECTIONS, type Transfer, type TransferDirection } from '../api/oversight-types.js';
import { inWriteTransaction, storageCall, subAccountId } from './sub-accounts.js';

interface TransferRow {
  id: string | null;
  direction: string | null;
  currency: string | null;
  amount: string | null;
  created_at: number | null;
}

function cappedOf(text: string): TransferDirection[] {
  return TRANSFER_DIRECTIONS.filter((d) => text.split(',').includes(d));
}

/** The ledger of API base URL `base` (sub-account ids are kept per base URL). */
export function historyTransferLedger(db: DatabaseSync, base: string): TransferLedger {
  const synced = (uid: string): LedgerSync | undefined => {
    const row = db
      .prepare(
        'SELECT transfers_synced_at AS at, transfers_capped AS capped FROM sub_account WHERE base = ? AND uid = ?',
      )
      .get(base, uid) as { at: number | null; capped: string } | undefined;
    if (row?.at == null) return undefined;
    return { capped: cappedOf(row.capped), syncedAt: Number(row.at) };
  };
  return {
    synced: async (uid) => storageCall('reading the transfers kept', () => synced(uid)),
    kept: async (uid, keys) =>
      storageCall('reading the transfers kept', () => {
        const id = subAccountId(db, base, uid, false);
        if (id === undefined || keys.length === 0) return new Set<string>();
        const rows = db
          .prepare(
            'SELECT key FROM transfer WHERE sub_account_id = ? AND key IN (SELECT value FROM json_each(?))',
          )
          .all(id, JSON.stringify(keys)) as unknown as Array<{ key: string }>;
        return new Set(rows.map((r) => r.key));
      }),
    commit: async (uid, fresh, sync) =>
      storageCall('keeping the transfers', () =>
        inWriteTransaction(db, () => {
          const id = subAccountId(db, base, uid, true) as number;
          const insert = db.prepare(
            'INSERT OR IGNORE INTO transfer (sub_account_id, key, id, direction, currency, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          );
          let added = 0;
          for (const t of fresh) {
            const r = insert.run(id, transferKey(t), t.id, t.direction, t.currency, t.amount, t.createdAt);
            added += Number(r.changes);
          }
          // Another process may have synced meanwhile: the newest sync time and every capped direction stay.
          const was = synced(uid);
          const capped = new Set([...(was?.capped ?? []), ...sync.capped]);
          db.prepare(
            'UPDATE sub_account SET transfers_synced_at = max(coalesce(transfers_synced_at, 0), ?), transfers_capped = ? WHERE id = ?',
          ).run(sync.syncedAt, TRANSFER_DIRECTIONS.filter((d) => capped.has(d)).join(','), id);
          return added;
        }),
      ),
    list: async (uid, filter: TransferFilter = {}) =>
      storageCall('reading the transfers kept', () => {
        const id = subAccountId(db, base, uid, false);
        if (id === undefined) return [];
        const rows = db
          .prepare(
            `SELECT id, direction, currency, amount, created_at FROM transfer
             WHERE sub_account_id = ? AND (? IS NULL OR direction = ?)
               AND (? IS NULL OR coalesce(created_at, 0) >= ?) AND (? IS NULL OR coalesce(created_at, 0) <= ?)
             ORDER BY coalesce(created_at, 0) DESC, length(coalesce(id, '')) DESC, coalesce(id, '') DESC`,
          )
          .all(
            id,
            filter.direction ?? null,
            filter.direction ?? null,
            filter.from ?? null,
            filter.from ?? null,
            filter.to ?? null,
            filter.to ?? null,
          ) as unknown as TransferRow[];
        return rows.map(
          (r): Transfer => ({
            id: r.id,
            direction: r.direction,
            currency: r.currency,
            amount: r.amount,
            createdAt: r.created_at == null ? null : Number(r.created_at),
          }),
        );
      }),
  };
}
