/**
 * React keys for the rows on screen that reuse the rows of the last frame. A row still on
 * screen keeps its key (its line is moved, not drawn anew); a row that comes into view takes the
 * key of one that left, so React updates that line's text in place instead of removing one and
 * mounting another (Ink then builds no new nodes). A sort or a page flip replaces every row: in
 * place, that frame costs about half of unmounting and mounting them all.
 */
import { useRef } from 'react';

/** Ids made unique even if the server repeats one. */
export function uniqueKeys(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}#${n}`;
  });
}

export interface RowKeys {
  /** Row id → its React key, for the rows of the last frame. */
  byId: ReadonlyMap<string, string>;
  /** Keys made so far. */
  made: number;
}

export const NO_ROW_KEYS: RowKeys = { byId: new Map(), made: 0 };

/** The keys of `ids` (unique), reusing the keys of rows that left in their order on screen. */
export function recycleKeys(last: RowKeys, ids: readonly string[]): { keys: string[]; next: RowKeys } {
  const staying = new Set(ids);
  const free = [...last.byId].filter(([id]) => !staying.has(id)).map(([, key]) => key);
  let made = last.made;
  const byId = new Map<string, string>();
  const keys = ids.map((id) => {
    const key = last.byId.get(id) ?? free.shift() ?? `row${made++}`;
    byId.set(id, key);
    return key;
  });
  return { keys, next: { byId, made } };
}

/** Keys for the rows of a table, from their ids (repeated ids allowed). */
export function useRowKeys(ids: readonly string[]): string[] {
  const last = useRef(NO_ROW_KEYS);
  const { keys, next } = recycleKeys(last.current, uniqueKeys(ids));
  last.current = next;
  return keys;
}
