/**
 * The series blocks one transaction touches: read once, changed in memory, written once at the
 * end; the roll-ups (whole hours of 5-minute values, whole days of hourly ones) are made then,
 * once for each hour or day whose values changed, so they are in the same transaction. Setting a
 * value makes next to no garbage (a back-fill sets ~2,900 a worker, in baseline code where every
 * object, string key and double read from a Float32Array is allocated): entries are found by
 * number, series then block and resolution, and a roll-up reads its hour or day once, not at
 * every value set in it.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  decodeBlock,
  emptyBlock,
  encodeBlock,
  RES_DAY,
  RES_FINE,
  RES_HOUR,
  blockStart,
  slotsOf,
  wholeMean,
} from './series-blocks.js';

interface Entry {
  res: number;
  block: number;
  sid: number;
  values: Float32Array;
  dirty: boolean;
  /** Bit g: a value of the roll-up group g (slots g × per …) changed since its roll-up. */
  groups: number;
}

/** What a resolution's values roll up into: `per` slots make one value of `to`. */
const ROLL_UP: Readonly<Record<number, { per: number; to: number }>> = {
  [RES_FINE]: { per: 12, to: RES_HOUR },
  [RES_HOUR]: { per: 24, to: RES_DAY },
};

/** The three resolutions as 0, 1, 2 within an entry's number. */
const RES_INDEX: Readonly<Record<number, number>> = { [RES_FINE]: 0, [RES_HOUR]: 1, [RES_DAY]: 2 };

export class BlockCache {
  readonly #get: StatementSync;
  readonly #put: StatementSync;
  /** Series id → (block × 3 + resolution index) → entry. */
  readonly #entries = new Map<number, Map<number, Entry>>();

  constructor(db: DatabaseSync) {
    this.#get = db.prepare('SELECT v FROM block WHERE res = ? AND block = ? AND series_id = ?');
    this.#put = db.prepare('INSERT OR REPLACE INTO block (res, block, series_id, v) VALUES (?, ?, ?, ?)');
  }

  #entry(res: number, block: number, sid: number): Entry {
    let blocks = this.#entries.get(sid);
    if (!blocks) {
      blocks = new Map();
      this.#entries.set(sid, blocks);
    }
    const key = block * 3 + (RES_INDEX[res] ?? 0);
    let e = blocks.get(key);
    if (!e) {
      const row = this.#get.get(res, block, sid) as { v: Uint8Array } | undefined;
      e = {
        res,
        block,
        sid,
        values: row ? decodeBlock(res, row.v) : emptyBlock(res),
        dirty: false,
        groups: 0,
      };
      blocks.set(key, e);
    }
    return e;
  }

  /** Sets one value (null: none); the roll-ups it completes are made by flush. */
  set(res: number, sid: number, ts: number, value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    // blockOf's arithmetic, without its object.
    const i = Math.floor(ts / res);
    const n = slotsOf(res);
    const block = Math.floor(i / n);
    const slot = i - block * n;
    const e = this.#entry(res, block, sid);
    const old = e.values[slot] ?? Number.NaN;
    if (Math.fround(value) === old) return;
    e.values[slot] = value;
    e.dirty = true;
    const up = ROLL_UP[res];
    if (up) e.groups |= 1 << Math.floor(slot / up.per);
  }

  /** The roll-ups of `res`'s changed groups, set in the next resolution up. */
  #rollUps(res: number): void {
    const up = ROLL_UP[res];
    if (!up) return;
    for (const blocks of this.#entries.values()) {
      // Entries added meanwhile are of the resolution up: skipped here.
      for (const e of blocks.values()) {
        if (e.res !== res) continue;
        const start = blockStart(res, e.block);
        for (let g = 0; e.groups !== 0; g++) {
          if ((e.groups & (1 << g)) === 0) continue;
          e.groups &= ~(1 << g);
          const mean = wholeMean(e.values, g * up.per, (g + 1) * up.per);
          if (mean !== undefined) this.set(up.to, e.sid, start + g * up.per * res, mean);
        }
      }
    }
  }

  flush(): void {
    this.#rollUps(RES_FINE);
    this.#rollUps(RES_HOUR);
    for (const blocks of this.#entries.values()) {
      for (const e of blocks.values()) {
        if (e.dirty) this.#put.run(e.res, e.block, e.sid, encodeBlock(e.values));
      }
    }
    this.#entries.clear();
  }

  clear(): void {
    this.#entries.clear();
  }
}
