/**
 * The loaded list (every page, loaded with `L`) as a pure state machine: the cursor and scroll
 * over the sorted and filtered result, the sort order, the filter and its picker. The result
 * itself is derived by the view; actions that depend on its length carry it.
 */
import { type FilterGroup, SORT_KEYS, type SortKey } from '../../accounts/fields.js';
import { type AccountFilter, NO_FILTER, toggleFilter } from '../../accounts/filter.js';

/** The order `s` steps through: the table's columns, then the list's own order again. */
export const SORT_COLUMNS: readonly SortKey[] = SORT_KEYS.filter((k) => k !== 'userId');

/** The loaded list's order: a field, or the balance column (`B`); `key` undefined: the list's own. */
export interface ListSort {
  key?: SortKey | 'balance';
  desc: boolean;
}

export interface ListState {
  /** Selected row, as an index into the result. */
  cursor: number;
  /** First result row drawn. */
  top: number;
  viewRows: number;
  sort: ListSort;
  filter: AccountFilter;
  pickerOpen: boolean;
  /** Selected value in the picker, as an index into its options. */
  pickerIndex: number;
  /** The currency typed so far while `B` asks for one; undefined: not asking. */
  prompt?: string;
  hint?: string;
}

export type ListAction =
  | { type: 'move'; delta: 1 | -1; length: number }
  /** The mouse: the row clicked. */
  | { type: 'select'; cursor: number; length: number }
  | { type: 'page'; delta: 1 | -1; length: number }
  | { type: 'home' }
  | { type: 'end'; length: number }
  | { type: 'viewport'; rows: number }
  | { type: 'clamp'; length: number }
  | { type: 'sort-next'; balance?: boolean }
  | { type: 'sort-reverse' }
  | { type: 'picker-open' }
  | { type: 'picker-close' }
  | { type: 'picker-move'; delta: number; options: number }
  | { type: 'filter-toggle'; group: FilterGroup; value: string }
  | { type: 'prompt-open' }
  | { type: 'prompt-edit'; draft: string }
  | { type: 'prompt-close' }
  | { type: 'top' }
  | { type: 'hint'; text: string };

export const LIST_HINTS = {
  endOfList: 'end of list',
  topOfList: 'top of list',
  pageSize: 'the loaded list scrolls: no page size',
  needsList: 'L loads the whole list first',
} as const;

export function initialListState(viewRows = 10): ListState {
  return {
    cursor: 0,
    top: 0,
    viewRows: Math.max(1, viewRows),
    sort: { desc: false },
    filter: NO_FILTER,
    pickerOpen: false,
    pickerIndex: 0,
  };
}

export function listReducer(state: ListState, action: ListAction): ListState {
  const keepHint = action.type === 'hint' || action.type === 'viewport' || action.type === 'clamp';
  const next = reduce(keepHint ? state : withoutHint(state), action);
  return next === state ? state : scrolled(next);
}

function reduce(s: ListState, a: ListAction): ListState {
  switch (a.type) {
    case 'select':
      return a.cursor >= 0 && a.cursor < a.length && a.cursor !== s.cursor ? { ...s, cursor: a.cursor } : s;
    case 'move': {
      const cursor = s.cursor + a.delta;
      if (cursor < 0) return { ...s, hint: LIST_HINTS.topOfList };
      if (cursor >= a.length) return { ...s, hint: LIST_HINTS.endOfList };
      return { ...s, cursor };
    }
    case 'page': {
      const last = Math.max(0, a.length - 1);
      if (a.delta > 0 && s.cursor >= last) return { ...s, hint: LIST_HINTS.endOfList };
      if (a.delta < 0 && s.cursor === 0) return { ...s, hint: LIST_HINTS.topOfList };
      const cursor = clamp(s.cursor + a.delta * s.viewRows, 0, last);
      return {
        ...s,
        cursor,
        top: clamp(s.top + a.delta * s.viewRows, 0, Math.max(0, a.length - s.viewRows)),
      };
    }
    case 'home':
      return s.cursor === 0 && s.top === 0 ? s : { ...s, cursor: 0, top: 0 };
    case 'end':
      return { ...s, cursor: Math.max(0, a.length - 1) };
    case 'viewport': {
      const viewRows = Math.max(1, Math.floor(a.rows));
      return viewRows === s.viewRows ? s : { ...s, viewRows };
    }
    case 'clamp': {
      const cursor = clamp(s.cursor, 0, Math.max(0, a.length - 1));
      const top = clamp(s.top, 0, Math.max(0, a.length - s.viewRows));
      return cursor === s.cursor && top === s.top ? s : { ...s, cursor, top };
    }
    case 'sort-next': {
      // With a balance column, it comes after the table's own columns.
      const order: readonly ListSort['key'][] = a.balance ? [...SORT_COLUMNS, 'balance'] : SORT_COLUMNS;
      const at = s.sort.key === undefined ? -1 : order.indexOf(s.sort.key);
      const key = order[at + 1];
      return toTop({ ...s, sort: { key, desc: false } });
    }
    case 'sort-reverse':
      return toTop({ ...s, sort: { ...s.sort, desc: !s.sort.desc } });
    case 'picker-open':
      return s.pickerOpen ? s : { ...s, pickerOpen: true };
    case 'picker-close':
      return s.pickerOpen ? { ...s, pickerOpen: false } : s;
    case 'picker-move': {
      const pickerIndex = clamp(s.pickerIndex + a.delta, 0, Math.max(0, a.options - 1));
      return pickerIndex === s.pickerIndex ? s : { ...s, pickerIndex };
    }
    case 'filter-toggle':
      return toTop({ ...s, filter: toggleFilter(s.filter, a.group, a.value) });
    case 'prompt-open':
      return { ...s, prompt: '', pickerOpen: false };
    case 'prompt-edit':
      return s.prompt === undefined ? s : { ...s, prompt: a.draft };
    case 'prompt-close': {
      if (s.prompt === undefined) return s;
      const { prompt: _closed, ...rest } = s;
      return rest;
    }
    case 'top':
      return toTop(s);
    case 'hint':
      return { ...s, hint: a.text };
  }
}

/** A new order, filter or term: the result starts again from its first row. */
function toTop(s: ListState): ListState {
  return { ...s, cursor: 0, top: 0 };
}

/** Scrolls just enough to keep the cursor in view. */
function scrolled(s: ListState): ListState {
  const top = clamp(s.top, Math.max(0, s.cursor - s.viewRows + 1), s.cursor);
  return top === s.top ? s : { ...s, top };
}

function withoutHint(s: ListState): ListState {
  if (s.hint === undefined) return s;
  const { hint: _dropped, ...rest } = s;
  return rest;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}
