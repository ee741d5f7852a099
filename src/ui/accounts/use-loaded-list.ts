/**
 * The loaded list behind `L`: the load (hooks/use-load-all.ts), its state (list-state.ts) in a
 * synchronous store, the result derived from them (filtered by the picker and the search box,
 * then sorted) and the keys it takes. The browser's input hook (use-browser.ts) offers every
 * action here first; what is not taken (search, copy, …) works as on the server's pages.
 */
import { WHEEL_ROWS } from '../browser/table-mouse.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterAccounts } from '../../accounts/filter.js';
import { sortAccounts, sortByAmount } from '../../accounts/sort.js';
import type { SubAccount } from '../../api/types.js';
import { type LoadAll, useLoadAll } from '../hooks/use-load-all.js';
import { type BalanceColumn, useLoadBalances } from '../hooks/use-load-balances.js';
import type { InputEvent } from '../keypress.js';
import { searchKey } from '../browser/search-input.js';
import { useUiState } from '../ui-state.js';
import type { ActionOf } from '../keymap.js';
import type { BrowserAction, BrowserState } from '../browser/browser-state.js';
import type { ListKeys } from '../browser/use-browser.js';
import { initialListState, LIST_HINTS, type ListAction, type ListState, listReducer } from './list-state.js';
import { type PickerOption, pickerMove, pickerOptions } from './list-text.js';

export interface LoadedList {
  /** A list is loaded or loading: the view shows it instead of the server's pages. */
  active: boolean;
  load: LoadAll['state'];
  state: ListState;
  dispatch: (action: ListAction) => void;
  /** The loaded rows, filtered and sorted. */
  result: readonly SubAccount[];
  /** The same rows in list order (filtered, not sorted): what does not depend on order is worked out from it. */
  matching: readonly SubAccount[];
  /** The search text filtering it (the box's draft while it is open). */
  text: string;
  options: readonly PickerOption[];
  selected: SubAccount | undefined;
  keys: ListKeys;
  /** One currency's balance per account (`B`), for the rows shown when it was asked. */
  balances: BalanceColumn['state'];
  /** The mouse on the table: a click selects a row (a click on the selected one opens it), the wheel moves. */
  onRow(index: number): void;
  onWheel(delta: 1 | -1): void;
}

export interface LoadedListOptions {
  browser: BrowserState;
  browserDispatch: (action: BrowserAction) => void;
  /** The browser's state at key time. */
  current: () => BrowserState;
  /** Credentials are there: loading can start. */
  enabled: boolean;
}

/** What `B` accepts as a currency: what the client sends (api/client.ts checks it again). */
const TICKER = /^[A-Z0-9]{1,16}$/;

export function useLoadedList({ browser, browserDispatch, current, enabled }: LoadedListOptions): LoadedList {
  const loader = useLoadAll();
  const column = useLoadBalances();
  const { setCapture } = useUiState();
  const ref = useRef<ListState | null>(null);
  if (ref.current === null) ref.current = initialListState();
  const [state, setState] = useState<ListState>(ref.current);
  const dispatch = useCallback((action: ListAction) => {
    const prev = ref.current ?? initialListState();
    const next = listReducer(prev, action);
    if (next === prev) return;
    ref.current = next;
    setState(next);
  }, []);

  const { rows } = loader.state;
  const text = browser.searchOpen ? browser.draft : browser.search;
  const filtered = useMemo(
    () => filterAccounts(rows, state.filter, text, { remember: true }),
    [rows, state.filter, text],
  );
  const { values } = column.state;
  const { key: sortKey, desc } = state.sort;
  const result = useMemo(() => {
    if (sortKey === 'balance') {
      const amount = (a: SubAccount) => {
        const v = a.id ? values.get(a.id) : undefined;
        return v?.ok ? v.total : undefined;
      };
      return sortByAmount(filtered, amount, desc);
    }
    return sortAccounts(filtered, { key: sortKey, desc }, { remember: true, from: rows });
  }, [rows, filtered, sortKey, desc, values]);
  const options = useMemo(
    () => (state.pickerOpen ? pickerOptions(rows, state.filter) : []),
    [state.pickerOpen, rows, state.filter],
  );
  const active = loader.state.phase !== 'idle';

  useEffect(() => dispatch({ type: 'clamp', length: result.length }), [result.length, dispatch]);
  // A new search text starts the result again from the top.
  const lastText = useRef(text);
  useEffect(() => {
    if (lastText.current === text) return;
    lastText.current = text;
    dispatch({ type: 'top' });
  }, [text, dispatch]);

  // Read at key time: keys may arrive faster than renders.
  const live = useRef({ result, options, active, enabled, loader, column });
  live.current = { result, options, active, enabled, loader, column };

  const onAction = useCallback(
    (action: ActionOf<'accounts'>): boolean => {
      const { result: r, options: o, active: on, enabled: canLoad, loader: l } = live.current;
      const length = r.length;
      const s = ref.current ?? initialListState();
      if (action === 'load-all') {
        if (!canLoad) return true;
        live.current.column.clear();
        l.start(current().search);
        dispatch({ type: 'top' });
        return true;
      }
      if (!on) {
        const listOnly = ['sort', 'sort-reverse', 'filter', 'toggle', 'pages', 'balances'].includes(action);
        if (listOnly) browserDispatch({ type: 'hint', text: LIST_HINTS.needsList });
        return listOnly;
      }
      if (s.pickerOpen) {
        const picked = pickerAction(action, s, o, dispatch);
        if (picked) return true;
      }
      switch (action) {
        case 'up':
        case 'down':
          dispatch({ type: 'move', delta: action === 'down' ? 1 : -1, length });
          return true;
        case 'page-down':
        case 'page-up':
          dispatch({ type: 'page', delta: action === 'page-down' ? 1 : -1, length });
          return true;
        case 'first-row':
          dispatch({ type: 'home' });
          return true;
        case 'last-row':
          dispatch({ type: 'end', length });
          return true;
        case 'page-size-up':
        case 'page-size-down':
          dispatch({ type: 'hint', text: LIST_HINTS.pageSize });
          return true;
        case 'sort':
          dispatch({ type: 'sort-next', balance: live.current.column.state.phase !== 'idle' });
          return true;
        case 'balances':
          browserDispatch({ type: 'detail-close' });
          // Typed keys go to the prompt from the next one on, even within this read.
          setCapture(true);
          dispatch({ type: 'prompt-open' });
          return true;
        case 'sort-reverse':
          dispatch({ type: 'sort-reverse' });
          return true;
        case 'filter':
          browserDispatch({ type: 'detail-close' });
          dispatch({ type: 'picker-open' });
          return true;
        case 'toggle':
          return true;
        case 'pages':
          live.current.column.clear();
          l.clear();
          return true;
        case 'details':
          browserDispatch({ type: 'detail-open', page: { rows: length } });
          return true;
        default:
          return false;
      }
    },
    [current, dispatch, browserDispatch, setCapture],
  );

  const onEscape = useCallback((): boolean => {
    if (ref.current?.pickerOpen) {
      dispatch({ type: 'picker-close' });
      return true;
    }
    return live.current.column.cancel() || live.current.loader.cancel();
  }, [dispatch]);

  /** While `B` asks for a currency, every keypress edits it; Enter loads it for the rows shown. */
  const onKeypress = useCallback(
    (event: InputEvent): boolean => {
      const draft = ref.current?.prompt;
      if (draft === undefined) return false;
      const edit = searchKey(draft, event);
      if (edit.type === 'edit') dispatch({ type: 'prompt-edit', draft: edit.draft.slice(0, 16) });
      if (edit.type !== 'accept' && edit.type !== 'cancel') return true;
      setCapture(false);
      dispatch({ type: 'prompt-close' });
      if (edit.type === 'cancel') return true;
      const ticker = draft.trim().toUpperCase();
      if (!TICKER.test(ticker)) {
        dispatch({ type: 'hint', text: 'a currency is 1 to 16 letters or digits, e.g. BTC' });
        return true;
      }
      const ids = live.current.result.flatMap((a) => (a.id ? [a.id] : []));
      live.current.column.start(ticker, ids);
      return true;
    },
    [dispatch, setCapture],
  );

  const keys = useMemo(
    () => ({ onAction, onEscape, onKeypress, capturing: state.prompt !== undefined }),
    [onAction, onEscape, onKeypress, state.prompt],
  );
  const onRow = useCallback(
    (index: number) => {
      const s = ref.current ?? initialListState();
      if (s.pickerOpen || s.prompt !== undefined) return;
      if (index === s.cursor) onAction('details');
      else dispatch({ type: 'select', cursor: index, length: live.current.result.length });
    },
    [onAction, dispatch],
  );
  const onWheel = useCallback(
    (delta: 1 | -1) => {
      for (let n = 0; n < WHEEL_ROWS; n++) onAction(delta > 0 ? 'down' : 'up');
    },
    [onAction],
  );
  return {
    active,
    onRow,
    onWheel,
    load: loader.state,
    state,
    dispatch,
    result,
    matching: filtered,
    text,
    options,
    selected: active ? result[state.cursor] : undefined,
    keys,
    balances: column.state,
  };
}

/** Keys while the filter picker is open: move through the values, toggle one, close. */
function pickerAction(
  action: ActionOf<'accounts'>,
  s: ListState,
  options: readonly PickerOption[],
  dispatch: (a: ListAction) => void,
): boolean {
  const n = options.length;
  switch (action) {
    case 'up':
    case 'down':
    case 'left':
    case 'right': {
      const to = pickerMove(options, s.pickerIndex, action);
      dispatch({ type: 'picker-move', delta: to - s.pickerIndex, options: n });
      return true;
    }
    case 'first-row':
      dispatch({ type: 'picker-move', delta: -n, options: n });
      return true;
    case 'last-row':
      dispatch({ type: 'picker-move', delta: n, options: n });
      return true;
    case 'toggle': {
      const option = options[s.pickerIndex];
      if (option) dispatch({ type: 'filter-toggle', group: option.group, value: option.value });
      return true;
    }
    case 'details':
    case 'filter':
      dispatch({ type: 'picker-close' });
      return true;
    default:
      return false;
  }
}
