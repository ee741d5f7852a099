/**
 * Brings one sub-account's kept transfers up to date: for each direction, pages newest first
 * until a page holds a transfer already kept, the listing ends, or the API's reach (offset
 * 10,000) stops it. Each direction is listed on its own, so an account past 10,000 transfers in
 * all is still read whole while neither direction is; after the first sync, a sync asks for one
 * page per direction unless more than a page is new. What it found is kept at the end, at once.
 */
import type { OversightPage, Transfer, TransferDirection } from '../api/oversight-types.js';
import { TRANSFER_DIRECTIONS } from '../api/oversight-types.js';
import { LIMIT_MAX, OFFSET_MAX } from '../api/types.js';
import { type LedgerSync, type TransferLedger, transferKey } from './transfer-ledger.js';

export type FetchTransfers = (
  direction: TransferDirection,
  offset: number,
) => Promise<OversightPage<Transfer>>;

export interface SyncResult {
  sync: LedgerSync;
  /** Transfers new to the ledger. */
  added: number;
  requests: number;
}

export async function syncTransfers(
  ledger: TransferLedger,
  accountId: string,
  fetch: FetchTransfers,
  nowSec: number,
): Promise<SyncResult> {
  const before = await ledger.synced(accountId);
  const capped = new Set(before?.capped);
  const fresh: Transfer[] = [];
  const found = new Set<string>();
  let requests = 0;
  for (const direction of TRANSFER_DIRECTIONS) {
    for (let offset = 0; ; offset += LIMIT_MAX) {
      const page = await fetch(direction, Math.min(offset, OFFSET_MAX - LIMIT_MAX));
      requests++;
      const kept = await ledger.kept(
        accountId,
        page.items.flatMap((t) => (t.id == null ? [] : [t.id])),
      );
      const newer = takeWhileNew(page.items, kept);
      for (const t of newer) {
        if (found.has(transferKey(t))) continue;
        found.add(transferKey(t));
        fresh.push(t);
      }
      if (newer.length < page.items.length || page.items.length < LIMIT_MAX) break;
      if (offset + LIMIT_MAX >= OFFSET_MAX) {
        // The API's reach: what is older in this direction cannot be listed (the History page's report has it).
        if (!before) capped.add(direction);
        break;
      }
    }
  }
  const sync: LedgerSync = { capped: [...capped], syncedAt: nowSec };
  const added = await ledger.commit(accountId, fresh, sync);
  return { sync, added, requests };
}

/** The page's transfers before the first one already kept. */
function takeWhileNew(items: readonly Transfer[], kept: ReadonlySet<string>): Transfer[] {
  const at = items.findIndex((t) => t.id != null && kept.has(t.id));
  return at === -1 ? [...items] : items.slice(0, at);
}
