/**
 * Sorting a loaded list, locally. Keys are computed once per distinct value (case folded, accents
 * dropped, and in aliases digit runs made to sort by value, so `bot-2` comes before `bot-10`) and
 * compared as plain strings: no collator call per comparison. A column with few distinct values
 * (status, KYC, yes/no) is sorted by bucketing rows under their sorted values, without comparing
 * rows at all. Stable: equal keys keep the list's order in both directions. Pure, but for the
 * orders kept beside a list when asked (`remember`): the loaded list is sorted again and again.
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

/** Rows in ascending order by one column (stable), and where each run of equal keys ends. */
export interface ColumnOrder {
  order: Uint32Array;
  runEnds: Uint32Array;
  runs: number;
}

/** Orders already worked out, per list (an array the caller keeps, such as a loaded list's result). */
const remembered = new WeakMap<readonly SubAccount[], Map<SortKey, ColumnOrder>>();

/**
 * `rows` sorted by `order.key`. With `remember`, the column's order of this very array is kept
 * (beside the array, for as long as it lives: two numbers a row), so sorting the same list by
 * that column again, either way, is one pass over it. With `from` as well, `rows` are some of
 * `from`'s rows in its order (the loaded list filtered): they are taken in `from`'s remembered
 * order, one pass, instead of being sorted afresh each time the filter or the search changes.
 */
export function sortAccounts<R extends SubAccount>(
  rows: readonly R[],
  order: SortOrder,
  { remember = false, from }: { remember?: boolean; from?: readonly R[] } = {},
): readonly R[] {
  const { key } = order;
  if (key === undefined) return order.desc ? [...rows].reverse() : rows;
  if (!remember) return inOrder(rows, columnOrder(rows, key), order.desc);
  const list = from ?? rows;
  return inOrder(list, keptOrder(list, key), order.desc, list === rows ? undefined : new Set(rows));
}

/** The column's order of this very list, worked out on the first call and kept beside it. */
export function keptOrder(list: readonly SubAccount[], key: SortKey): ColumnOrder {
  const byKey = remembered.get(list) ?? new Map<SortKey, ColumnOrder>();
  let column = byKey.get(key);
  if (!column) {
    column = columnOrder(list, key);
    remembered.set(list, byKey.set(key, column));
  }
  return column;
}

function columnOrder(rows: readonly SubAccount[], key: SortKey): ColumnOrder {
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
  const order = byText ? bucketed(keys) : compared(keys);
  const runEnds = new Uint32Array(rows.length);
  let runs = 0;
  for (let i = 1; i <= order.length; i++) {
    if (i === order.length || keys[order[i] as number] !== keys[order[i - 1] as number]) runEnds[runs++] = i;
  }
  return { order, runEnds, runs };
}

/** Row indices by key, equal keys in list order. */
function compared(keys: readonly string[]): Uint32Array {
  const index = keys.map((_, i) => i);
  index.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    if (ka < kb) return -1;
    if (ka > kb) return 1;
    return a - b;
  });
  return Uint32Array.from(index);
}

/** The same, for few distinct keys: row indices grouped under their keys, without comparing rows. */
function bucketed(keys: readonly string[]): Uint32Array {
  const groups = new Map<string, number[]>();
  keys.forEach((k, i) => {
    const group = groups.get(k);
    if (group) group.push(i);
    else groups.set(k, [i]);
  });
  const out = new Uint32Array(keys.length);
  let at = 0;
  for (const k of [...groups.keys()].sort()) for (const i of groups.get(k) ?? []) out[at++] = i;
  return out;
}

/** The rows (those `kept` only, if given) in a column's order; descending keeps equal keys in list order too. */
function inOrder<R>(
  rows: readonly R[],
  { order, runEnds, runs }: ColumnOrder,
  desc: boolean,
  kept?: Set<R>,
): R[] {
  const out: R[] = [];
  const take = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const row = rows[order[i] as number] as R;
      if (kept === undefined || kept.has(row)) out.push(row);
    }
  };
  if (!desc) {
    take(0, order.length);
    return out;
  }
  for (let run = runs - 1; run >= 0; run--)
    take(run === 0 ? 0 : (runEnds[run - 1] as number), runEnds[run] as number);
  return out;
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
