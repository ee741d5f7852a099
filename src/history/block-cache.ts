/**
 * The series blocks one transaction touches: read once, changed in memory, written once at the
 * end; the roll-ups (whole hours of 5-minute values, whole days of hourly ones) are made as the
 * values that complete them are set, so they are in the same transaction.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  blockOf,
  decodeBlock,
  emptyBlock,
  encodeBlock,
  RES_DAY,
  RES_FINE,
  RES_HOUR,
  wholeMean,
} from './series-blocks.js';

interface Entry {
  res: number;
  block: number;
  sid: number;
  values: Float32Array;
  dirty: boolean;
}

export class BlockCache {
  readonly #get: StatementSync;
  readonly #put: StatementSync;
  readonly #entries = new Map<string, Entry>();

  constructor(db: DatabaseSync) {
    this.#get = db.prepare('SELECT v FROM block WHERE res = ? AND block = ? AND series_id = ?');
    this.#put = db.prepare('INSERT OR REPLACE INTO block (res, block, series_id, v) VALUES (?, ?, ?, ?)');
  }

  #entry(res: number, block: number, sid: number): Entry {
    const key = `${res}:${block}:${sid}`;
    let e = this.#entries.get(key);
    if (!e) {
      const row = this.#get.get(res, block, sid) as { v: Uint8Array } | undefined;
      e = { res, block, sid, values: row ? decodeBlock(res, row.v) : emptyBlock(res), dirty: false };
      this.#entries.set(key, e);
    }
    return e;
  }

  /** Sets one value (null: none) and whatever roll-up it completes. */
  set(res: number, sid: number, ts: number, value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    const { block, slot } = blockOf(res, ts);
    const e = this.#entry(res, block, sid);
    const old = e.values[slot] ?? Number.NaN;
    if (Math.fround(value) === old) return;
    e.values[slot] = value;
    e.dirty = true;
    if (res === RES_FINE) this.#rollUp(e, slot, 12, RES_HOUR, ts);
    else if (res === RES_HOUR) this.#rollUp(e, slot, 24, RES_DAY, ts);
  }

  #rollUp(e: Entry, slot: number, per: number, to: number, ts: number): void {
    const first = slot - (slot % per);
    const mean = wholeMean(e.values, first, first + per);
    if (mean !== undefined) this.set(to, e.sid, ts - (ts % to), mean);
  }

  flush(): void {
    for (const e of this.#entries.values()) {
      if (e.dirty) this.#put.run(e.res, e.block, e.sid, encodeBlock(e.values));
    }
    this.#entries.clear();
  }

  clear(): void {
    this.#entries.clear();
  }
}
