/**
 * Sorting a loaded list, locally. Keys are computed once per row (case and accents folded, digit
 * runs padded so `bot-2` comes before `bot-10`), then compared as plain strings: no collator
 * call per comparison, so 10,100 rows sort in a few milliseconds. Stable: equal keys keep the
 * list's order in both directions. Pure.
 */
import type { SubAccount } from '../api/types.js';
import { fieldText, type SortOrder } from './fields.js';

const MARKS = /\p{M}+/gu;
const DIGITS = /\d+/g;

/** The comparable form of a cell: `Café-Ops-7` → `cafe-ops-000000000007`. */
export function sortText(text: string): string {
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(DIGITS, (run) => (run.length >= 12 ? run : run.padStart(12, '0')));
}

export function sortAccounts(rows: readonly SubAccount[], order: SortOrder): readonly SubAccount[] {
  const { key } = order;
  if (key === undefined) return order.desc ? [...rows].reverse() : rows;
  const keys = rows.map((row) => sortText(fieldText(row, key)));
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
