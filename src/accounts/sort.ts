/**
 * Sorting a loaded list, locally. Keys are computed once per distinct value (case folded, accents
 * dropped, and in aliases digit runs made to sort by value, so `bot-2` comes before `bot-10`) and
 * compared as plain strings: no collator call per comparison. A column with few distinct values
 * (status, KYC, yes/no) is sorted by bucketing rows under their sorted values, without comparing
 * rows at all. Stable: equal keys keep the list's order in both directions. Pure.
 */
import type { SubAccount } from '../api/types.js';
import { amountKey } from './balance-cells.js';
import { fieldText, type SortKey, type SortOrder } from './fields.js';

const MARKS = /\p{M}+/gu;
const DIGITS = /\d+/g;
const HAS_DIGIT = /\d/;
const ASCII = /^[\x20-\x7e]*$/;
/** Where digits are numbers people count with (`miner-eu-12`); ids, user ids and emails sort as text. */
const NATURAL: ReadonlySet<SortKey> = new Set(['alias']);
/** Up to this many distinct values, rows are bucketed rather than compared. */
const BUCKETS_MAX = 256;

/** A digit run led by its length, so longer numbers sort after shorter ones: `42` → `242`. */
const byValue = (run: string): string => String.fromCharCode(0x30 + Math.min(run.length, 0xff)) + run;

/** The comparable form of a cell: `Café-Ops-17` → `cafe-ops-217` (natural) or `cafe-ops-17`. */
export function sortText(text: string, natural = true): string {
  let t = text.toLowerCase();
  if (!ASCII.test(t)) t = t.normalize('NFD').replace(MARKS, '');
  return natural && HAS_DIGIT.test(t) ? t.replace(DIGITS, byValue) : t;
}

export function sortAccounts<R extends SubAccount>(rows: readonly R[], order: SortOrder): readonly R[] {
  const { key } = order;
  if (key === undefined) return order.desc ? [...rows].reverse() : rows;
  const natural = NATURAL.has(key);
  // Keys of repeated values are looked up, until there are too many values to bucket: from
  // there each row's key is computed (a map of 10,100 names costs more than it saves).
  let byText: Map<string, string> | undefined = new Map();
  const keys = rows.map((row) => {
    const text = fieldText(row, key);
    let k = byText?.get(text);
    if (k === undefined) {
      k = sortText(text, natural);
      if (byText && byText.size < BUCKETS_MAX) byText.set(text, k);
      else byText = undefined;
    }
    return k;
  });
  if (byText) return bucketed(rows, keys, order.desc);
  const dir = order.desc ? -1 : 1;
  const index = rows.map((_, i) => i);
  index.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return a - b;
  });
  return index.map((i) => rows[i] as R);
}

/**
 * Rows by an exact decimal amount (`amountOf`), stable; rows without one (not fetched, failed,
 * unreadable) come last in either direction, in list order. Each amount is turned into a key
 * once (amountKey), so 10,100 rows sort by plain string comparisons.
 */
export function sortByAmount<R extends SubAccount>(
  rows: readonly R[],
  amountOf: (row: R) => string | null | undefined,
  desc: boolean,
): readonly R[] {
  const known: Array<{ row: R; negative: boolean; key: string; i: number }> = [];
  const unknown: R[] = [];
  rows.forEach((row, i) => {
    const amount = amountOf(row);
    const k = amount == null ? undefined : amountKey(amount);
    if (k) known.push({ row, ...k, i });
    else unknown.push(row);
  });
  const dir = desc ? -1 : 1;
  known.sort((a, b) => {
    if (a.negative !== b.negative) return dir * (a.negative ? -1 : 1);
    // Among negatives, the larger absolute value is the smaller amount.
    const order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return dir * (a.negative ? -order : order) || a.i - b.i;
  });
  return [...known.map((k) => k.row), ...unknown];
}

/** Rows grouped under their keys, the groups in key order, each group in list order. */
function bucketed<R extends SubAccount>(rows: readonly R[], keys: readonly string[], desc: boolean): R[] {
  const groups = new Map<string, R[]>();
  rows.forEach((row, i) => {
    const k = keys[i] ?? '';
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  });
  const order = [...groups.keys()].sort();
  if (desc) order.reverse();
  const out: R[] = [];
  for (const k of order) for (const row of groups.get(k) ?? []) out.push(row);
  return out;
}
