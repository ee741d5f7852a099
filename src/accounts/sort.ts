/**
 * Sorting a loaded list, locally. Keys are computed once per distinct value (case folded, accents
 * dropped, and in aliases, user ids and emails digit runs made to sort by value, so `bot-2` comes
 * before `bot-10`), then compared as plain strings: no collator call per comparison, so 10,100
 * rows sort in milliseconds. Stable: equal keys keep the list's order in both directions. Pure.
 */
import type { SubAccount } from '../api/types.js';
import { fieldText, type SortKey, type SortOrder } from './fields.js';

const MARKS = /\p{M}+/gu;
const DIGITS = /\d+/g;
const HAS_DIGIT = /\d/;
const ASCII = /^[\x20-\x7e]*$/;
/** Ids are opaque: their digits are not numbers. */
const NATURAL: ReadonlySet<SortKey> = new Set(['alias', 'userId', 'email']);

/** A digit run led by its length, so longer numbers sort after shorter ones: `42` → `242`. */
const byValue = (run: string): string => String.fromCharCode(0x30 + Math.min(run.length, 0xff)) + run;

/** The comparable form of a cell: `Café-Ops-17` → `cafe-ops-217` (natural) or `cafe-ops-17`. */
export function sortText(text: string, natural = true): string {
  let t = text.toLowerCase();
  if (!ASCII.test(t)) t = t.normalize('NFD').replace(MARKS, '');
  return natural && HAS_DIGIT.test(t) ? t.replace(DIGITS, byValue) : t;
}

export function sortAccounts(rows: readonly SubAccount[], order: SortOrder): readonly SubAccount[] {
  const { key } = order;
  if (key === undefined) return order.desc ? [...rows].reverse() : rows;
  const natural = NATURAL.has(key);
  const memo = new Map<string, string>();
  const keys = rows.map((row) => {
    const text = fieldText(row, key);
    let k = memo.get(text);
    if (k === undefined) {
      k = sortText(text, natural);
      memo.set(text, k);
    }
    return k;
  });
  const dir = order.desc ? -1 : 1;
  const index = rows.map((_, i) => i);
  index.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return a - b;
  });
  return index.map((i) => rows[i] as SubAccount);
}
