/**
 * Brings one sub-account's kept transfers up to date: for each direction, pages newest first
 * until a page holds a transfer already kept, the listing ends, or the API's reach (offset
 * 10,000) stops it. Each direction is listed on its own, so an account past 10,000 transfers in
 * all is still read whole while neither direction is; after the first sync, a sync asks for one
 * page per direction unless more than a page is new.
 */
import type { OversightPage, Transfer, TransferDirection } from '../api/oversight-types.js';
import { TRANSFER_DIRECTIONS } from '../api/oversight-types.js';
import { LIMIT_MAX, OFFSET_MAX } from '../api/types.js';
import type { LedgerEntry, TransferLedger } from './transfer-ledger.js';

export type FetchTransfers = (
  direction: TransferDirection,
  offset: number,
) => Promise<OversightPage<Transfer>>;

export interface SyncResult {
  entry: LedgerEntry;
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
  const kept = await ledger.read(accountId);
  const known = new Set(kept?.transfers.map((t) => t.id));
  const capped = new Set(kept?.capped);
  const fresh: Transfer[] = [];
  let requests = 0;
  for (const direction of TRANSFER_DIRECTIONS) {
    for (let offset = 0; ; offset += LIMIT_MAX) {
      const page = await fetch(direction, Math.min(offset, OFFSET_MAX - LIMIT_MAX));
      requests++;
      const newer = takeWhileNew(page.items, known);
      fresh.push(...newer);
      for (const t of newer) if (t.id != null) known.add(t.id);
      if (newer.length < page.items.length || page.items.length < LIMIT_MAX) break;
      if (offset + LIMIT_MAX >= OFFSET_MAX) {
        // The API's reach: what is older in this direction cannot be listed (the History page's report has it).
        if (!kept) capped.add(direction);
        break;
      }
    }
  }
  const transfers = [...fresh, ...(kept?.transfers ?? [])].sort(newestFirst);
  const entry: LedgerEntry = { transfers, capped: [...capped], syncedAt: nowSec };
  await ledger.write(accountId, entry);
  return { entry, added: fresh.length, requests };
}

/** The page's transfers before the first one already kept. */
function takeWhileNew(items: readonly Transfer[], known: ReadonlySet<string | null>): Transfer[] {
  const at = items.findIndex((t) => t.id != null && known.has(t.id));
  return at === -1 ? [...items] : items.slice(0, at);
}

/** By time, then by id (a longer numeric id is newer), newest first. */
function newestFirst(a: Transfer, b: Transfer): number {
  const t = (b.createdAt ?? 0) - (a.createdAt ?? 0);
  if (t !== 0) return t;
  const ia = a.id ?? '';
  const ib = b.id ?? '';
  return ib.length - ia.length || (ib > ia ? 1 : ib < ia ? -1 : 0);
}
