/**
 * Filtering a loaded list, locally: any of the chosen values within a group (status, KYC status,
 * shared KYC, spot, collateral), every group with a choice at once, and the text search — the
 * embedded service's rule, a case-insensitive substring of alias, email, id or user id. Pure, but
 * for the search index kept beside a list when asked (`remember`).
 */
import type { SubAccount } from '../api/types.js';
import { FILTER_GROUPS, type FilterGroup, fieldText, foldValue } from './fields.js';
import { indexable, searchIndex, searchPositions } from './search-index.js';

/** Chosen values per group; a group with none (or absent) lets every row through. */
export type AccountFilter = Partial<Record<FilterGroup, readonly string[]>>;

export const NO_FILTER: AccountFilter = {};

/** The filter with `value` chosen in `group`, or no longer chosen if it was. */
export function toggleFilter(filter: AccountFilter, group: FilterGroup, value: string): AccountFilter {
  const current = filter[group] ?? [];
  const folded = foldValue(value);
  const next = current.some((v) => foldValue(v) === folded)
    ? current.filter((v) => foldValue(v) !== folded)
    : [...current, value];
  return { ...filter, [group]: next };
}

export function isChosen(filter: AccountFilter, group: FilterGroup, value: string): boolean {
  const folded = foldValue(value);
  return (filter[group] ?? []).some((v) => foldValue(v) === folded);
}

/** `status=blocked|frozen kyc=verified`: the filter in the command's own syntax. */
export function describeFilter(filter: AccountFilter): string {
  return FILTER_GROUPS.filter((g) => (filter[g]?.length ?? 0) > 0)
    .map((g) => `${g}=${(filter[g] ?? []).join('|')}`)
    .join(' ');
}

/** Whether the folded `needle` is in the alias, email, id or user id. */
function matches(a: SubAccount, needle: string): boolean {
  const has = (v: unknown): boolean => typeof v === 'string' && foldValue(v).includes(needle);
  return has(a.alias) || has(a.email) || has(a.id) || has(a.userId);
}

/**
 * The rows in list order that hold a chosen value of every group chosen and the search text.
 * With `remember`, the search runs over this very array's search index (search-index.ts), made
 * on the first search and kept beside the array: for a list searched again and again.
 */
export function filterAccounts<R extends SubAccount>(
  rows: readonly R[],
  filter: AccountFilter,
  text = '',
  { remember = false }: { remember?: boolean } = {},
): readonly R[] {
  const groups = FILTER_GROUPS.flatMap((g) => {
    const values = filter[g] ?? [];
    return values.length > 0 ? [{ group: g, values: new Set(values.map(foldValue)) }] : [];
  });
  const needle = foldValue(text.trim());
  if (groups.length === 0 && needle === '') return rows;
  const chosen = (row: R) =>
    groups.every(({ group, values }) => values.has(foldValue(fieldText(row, group))));
  const index = remember && needle !== '' && indexable(needle) ? searchIndex(rows) : null;
  if (index) {
    const out: R[] = [];
    for (const at of searchPositions(index, needle)) {
      const row = rows[at] as R;
      if (chosen(row)) out.push(row);
    }
    return out;
  }
  return rows.filter((row) => chosen(row) && (needle === '' || matches(row, needle)));
}

export interface ValueCount {
  value: string;
  count: number;
}

/** How many rows hold each value of a group's field, most frequent first. */
export function countValues(rows: readonly SubAccount[], group: FilterGroup): ValueCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = fieldText(row, group);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
