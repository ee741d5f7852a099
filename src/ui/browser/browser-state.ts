/**
 * The Sub-accounts browser as a pure state machine: where the cursor is, which page is asked
 * for, the search box, the detail pane and the one-line hint. No I/O, no timers: the view
 * dispatches actions (keys, a page that arrived, the debounced search term) and renders state.
 */
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from '../../api/types.js';
import { nextPageSize } from './page-size.js';

export interface BrowserState {
  /** Offset and limit of the page asked for (the SWR key together with `search`). */
  offset: number;
  limit: number;
  /** Selected row, as an index into the page. */
  cursor: number;
  /** First page row drawn in the table (the page may be taller than the view). */
  top: number;
  /** Table rows that fit on screen; at least 1. */
  viewRows: number;
  /** The term sent to the server. */
  search: string;
  /** The text in the search box (becomes `search` after the debounce, on Enter). */
  draft: string;
  searchOpen: boolean;
  detailOpen: boolean;
  /** A short note about a key that did nothing (a bound was reached); cleared by the next key. */
  hint?: string;
}

/** What is known about the page on screen for the current key; `undefined` while it loads. */
export interface PageInfo {
  /** Rows the page returned. */
  rows: number;
  /** No page follows, whatever `rows` says (rows added after the list's end, e.g. gone workers). */
  last?: boolean;
}

export type BrowserAction =
  | { type: 'move'; delta: 1 | -1; page: PageInfo | undefined }
  | { type: 'page'; delta: 1 | -1; page: PageInfo | undefined }
  | { type: 'home' }
  /** A row of the page picked directly (a click). */
  | { type: 'select'; cursor: number; page: PageInfo | undefined }
  | { type: 'end'; page: PageInfo | undefined }
  | { type: 'page-size'; delta: 1 | -1 }
  | { type: 'page-loaded'; page: PageInfo }
  | { type: 'viewport'; rows: number }
  | { type: 'search-open' }
  | { type: 'search-edit'; draft: string }
  | { type: 'search-commit'; term: string }
  | { type: 'search-accept' }
  | { type: 'search-cancel' }
  | { type: 'detail-open'; page: PageInfo | undefined }
  | { type: 'detail-close' }
  /** The rows were put in another order: back to the first. */
  | { type: 'reorder' }
  | { type: 'hint'; text: string }
  | { type: 'hint-clear' };

export const HINTS = {
  offsetBound: `offset stops at ${OFFSET_MAX}`,
  limitMax: `page size is at most ${LIMIT_MAX}`,
  limitMin: `page size is at least ${LIMIT_MIN}`,
  endOfList: 'end of list',
  topOfList: 'top of list',
  loading: 'still loading',
};

/** A hint as drawn: the loading one ends in the terminal's ellipsis (`…`, or `...` in ASCII). */
export function hintText(hint: string, ellipsis: string): string {
  return hint === HINTS.loading ? `${hint}${ellipsis}` : hint;
}

export function initialBrowserState(
  init: Partial<Pick<BrowserState, 'limit' | 'viewRows'>> = {},
): BrowserState {
  return {
    offset: OFFSET_MIN,
    limit: clamp(init.limit ?? LIMIT_DEFAULT, LIMIT_MIN, LIMIT_MAX),
    cursor: 0,
    top: 0,
    viewRows: Math.max(1, init.viewRows ?? 10),
    search: '',
    draft: '',
    searchOpen: false,
    detailOpen: false,
  };
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  const next = reduce(
    action.type === 'hint' || action.type === 'page-loaded' || action.type === 'viewport'
      ? state
      : withoutHint(state),
    action,
  );
  return next === state ? state : scrolled(next);
}

function reduce(s: BrowserState, a: BrowserAction): BrowserState {
  switch (a.type) {
    case 'move':
      return a.delta > 0 ? moveDown(s, a.page) : moveUp(s);
    case 'page':
      return a.delta > 0 ? pageDown(s, a.page) : pageUp(s);
    case 'home':
      return { ...s, cursor: 0 };
    case 'select':
      return a.page && a.cursor >= 0 && a.cursor < a.page.rows ? { ...s, cursor: a.cursor } : s;
    case 'end':
      return a.page ? { ...s, cursor: Math.max(0, a.page.rows - 1) } : hint(s, HINTS.loading);
    case 'page-size':
      return changePageSize(s, a.delta);
    case 'page-loaded': {
      const cursor = clamp(s.cursor, 0, Math.max(0, a.page.rows - 1));
      const detailOpen = s.detailOpen && a.page.rows > 0;
      // "still loading…" is over once the page is here.
      const loaded = s.hint === HINTS.loading ? withoutHint(s) : s;
      return cursor === s.cursor && detailOpen === s.detailOpen && loaded === s
        ? s
        : { ...loaded, cursor, detailOpen };
    }
    case 'viewport': {
      const viewRows = Math.max(1, Math.floor(a.rows));
      return viewRows === s.viewRows ? s : { ...s, viewRows };
    }
    case 'search-open':
      return { ...s, searchOpen: true, detailOpen: false, draft: s.search };
    case 'search-edit':
      return { ...s, draft: a.draft };
    case 'search-commit':
      return withSearch(s, a.term);
    case 'search-accept':
      return { ...withSearch(s, s.draft), searchOpen: false };
    case 'search-cancel':
      return { ...withSearch(s, ''), draft: '', searchOpen: false };
    case 'detail-open':
      return a.page && a.page.rows > 0 ? { ...s, detailOpen: true } : s;
    case 'detail-close':
      return { ...s, detailOpen: false };
    case 'reorder':
      return { ...s, offset: OFFSET_MIN, cursor: 0, top: 0, detailOpen: false };
    case 'hint':
      return hint(s, a.text);
    case 'hint-clear':
      return s.hint === undefined ? s : withoutHint(s);
  }
}

/** Offset of the page after the one at `offset`: up to the bound, undefined at it. */
export function nextPageOffset(offset: number, limit: number): number | undefined {
  const next = Math.min(offset + limit, OFFSET_MAX);
  return next === offset ? undefined : next;
}

function moveDown(s: BrowserState, page: PageInfo | undefined): BrowserState {
  if (!page) return hint(s, HINTS.loading);
  if (s.cursor < page.rows - 1) return { ...s, cursor: s.cursor + 1 };
  // Past the last row: continue on the next page, if there is one.
  if (page.rows < s.limit || page.last) return hint(s, HINTS.endOfList);
  const offset = nextPageOffset(s.offset, s.limit);
  if (offset === undefined) return hint(s, HINTS.offsetBound);
  const target = s.offset + s.cursor + 1;
  return { ...s, offset, cursor: target - offset, top: 0, detailOpen: false };
}

function moveUp(s: BrowserState): BrowserState {
  if (s.cursor > 0) return { ...s, cursor: s.cursor - 1 };
  if (s.offset <= OFFSET_MIN) return hint(s, HINTS.topOfList);
  // Past the first row: the row just above, on the previous page (every row before the offset exists).
  const target = s.offset - 1;
  const offset = Math.max(OFFSET_MIN, s.offset - s.limit);
  const cursor = target - offset;
  return { ...s, offset, cursor, top: Math.max(0, cursor - s.viewRows + 1), detailOpen: false };
}

function pageDown(s: BrowserState, page: PageInfo | undefined): BrowserState {
  if (!page) return hint(s, HINTS.loading);
  if (page.rows < s.limit || page.last) return hint(s, HINTS.endOfList);
  const offset = nextPageOffset(s.offset, s.limit);
  if (offset === undefined) return hint(s, HINTS.offsetBound);
  return { ...s, offset, detailOpen: false };
}

function pageUp(s: BrowserState): BrowserState {
  if (s.offset <= OFFSET_MIN) return s.cursor === 0 ? hint(s, HINTS.topOfList) : { ...s, cursor: 0 };
  return { ...s, offset: Math.max(OFFSET_MIN, s.offset - s.limit), detailOpen: false };
}

/** Keeps the offset, moved forward only as far as needed to keep the selected row on the page. */
function changePageSize(s: BrowserState, delta: 1 | -1): BrowserState {
  const limit = nextPageSize(s.limit, delta);
  if (limit === s.limit) return hint(s, delta > 0 ? HINTS.limitMax : HINTS.limitMin);
  const selected = s.offset + s.cursor;
  const offset = Math.min(Math.max(s.offset, selected - limit + 1), OFFSET_MAX);
  return { ...s, limit, offset, cursor: Math.min(selected - offset, limit - 1) };
}

/** A new term starts again from the first row; the same term changes nothing. */
function withSearch(s: BrowserState, raw: string): BrowserState {
  const term = raw.trim();
  if (term === s.search) return s;
  return { ...s, search: term, offset: OFFSET_MIN, cursor: 0, top: 0, detailOpen: false };
}

/** Scrolls the table just enough to keep the cursor in view. */
function scrolled(s: BrowserState): BrowserState {
  const top = clamp(s.top, Math.max(0, s.cursor - s.viewRows + 1), s.cursor);
  return top === s.top ? s : { ...s, top };
}

function hint(s: BrowserState, text: string): BrowserState {
  return { ...s, hint: text };
}

function withoutHint(s: BrowserState): BrowserState {
  if (s.hint === undefined) return s;
  const { hint: _dropped, ...rest } = s;
  return rest;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}
