/**
 * What pooltop has kept of each sub-account's transfers, so a listing needs only what is new:
 * the API pages transfers newest first, with no date filter, to offset 10,000 (per direction).
 *
 * Behind a small interface so it can move onto the history store: for now a JSON file per
 * profile in the state directory (`transfers-<profile>.json`, 0600, replaced atomically), one
 * section per API base URL so the demo never mixes with production; or memory (`--demo`, tests).
 */
import { join } from 'node:path';
import type { Transfer, TransferDirection } from '../api/oversight-types.js';
import { ensurePrivateDir, writeFileDurable } from '../config/atomic-write.js';
import { readStateFile } from '../config/state-file.js';
import { profileFileStem } from '../config/token-store.js';

/** One account's kept transfers. */
export interface LedgerEntry {
  /** Newest first, each id once. */
  transfers: Transfer[];
  /** Directions whose listing reached the API's reach: older transfers of it are not kept. */
  capped: TransferDirection[];
  /** Unix seconds of the last whole sync. */
  syncedAt: number;
}

export interface TransferLedger {
  read(accountId: string): Promise<LedgerEntry | undefined>;
  write(accountId: string, entry: LedgerEntry): Promise<void>;
}

/** A ledger file may hold a few hundred thousand transfers. */
const LEDGER_MAX_BYTES = 256 * 1024 * 1024;

export function memoryTransferLedger(): TransferLedger {
  const entries = new Map<string, LedgerEntry>();
  return {
    read: async (id) => entries.get(id),
    write: async (id, entry) => {
      entries.set(id, entry);
    },
  };
}

export function fileTransferLedger(opts: {
  stateDir: string;
  profile: string;
  baseUrl: string;
}): TransferLedger {
  const file = join(opts.stateDir, `transfers-${profileFileStem(opts.profile)}.json`);
  type Whole = Record<string, Record<string, LedgerEntry>>;
  const readWhole = (): Whole => {
    const text = readStateFile('the transfer ledger', file, LEDGER_MAX_BYTES);
    if (text === undefined) return {};
    try {
      const data = JSON.parse(text) as { entries?: unknown };
      if (data.entries && typeof data.entries === 'object' && !Array.isArray(data.entries))
        return data.entries as Whole;
    } catch {
      // Damaged: the next sync rebuilds what the API still reaches.
    }
    return {};
  };
  return {
    async read(id) {
      const entry = readWhole()[opts.baseUrl]?.[id];
      return entry && Array.isArray(entry.transfers) ? entry : undefined;
    },
    async write(id, entry) {
      await ensurePrivateDir(opts.stateDir);
      const whole = readWhole();
      whole[opts.baseUrl] = { ...whole[opts.baseUrl], [id]: entry };
      await writeFileDurable(file, `${JSON.stringify({ version: 1, entries: whole })}\n`);
    },
  };
}
