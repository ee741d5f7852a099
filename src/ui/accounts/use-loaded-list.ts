/**
 * The loaded list behind `L`: the load (hooks/use-load-all.ts), its state (list-state.ts) in a
 * synchronous store, the result derived from them (filtered by the picker and the search box,
 * then sorted) and the keys it takes. The browser's input hook (use-browser.ts) offers every
 * action here first; what is not taken (search, copy, …) works as on the server's pages.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterAccounts } from '../../accounts/filter.js';
import { sortAccounts } from '../../accounts/sort.js';
import type { SubAccount } from '../../api/types.js';
import { type LoadAll, useLoadAll } from '../hooks/use-load-all.js';
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
  /** The search text filtering it (the box's draft while it is open). */
  text: string;
  options: readonly PickerOption[];
  selected: SubAccount | undefined;
  keys: ListKeys;
}

export interface LoadedListOptions {
  browser: BrowserState;
  browserDispatch: (action: BrowserAction) => void;
  /** The browser's state at key time. */
  current: () => BrowserState;
  /** Credentials are there: loading can start. */
  enabled: boolean;
}

export function useLoadedList({ browser, browserDispatch, current, enabled }: LoadedListOptions): LoadedList {
  const loader = useLoadAll();
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
  const filtered = useMemo(() => filterAccounts(rows, state.filter, text), [rows, state.filter, text]);
  const result = useMemo(() => sortAccounts(filtered, state.sort), [filtered, state.sort]);
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
  const live = useRef({ result, options, active, enabled, loader });
  live.current = { result, options, active, enabled, loader };

  const onAction = useCallback(
    (action: ActionOf<'accounts'>): boolean => {
      const { result: r, options: o, active: on, enabled: canLoad, loader: l } = live.current;
      const length = r.length;
      const s = ref.current ?? initialListState();
      if (action === 'load-all') {
        if (!canLoad) return true;
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
          dispatch({ type: 'sort-next' });
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
          l.clear();
          return true;
        case 'details':
          browserDispatch({ type: 'detail-open', page: { rows: length } });
          return true;
        default:
          return false;
      }
    },
    [current, dispatch, browserDispatch],
  );

  const onEscape = useCallback((): boolean => {
    if (ref.current?.pickerOpen) {
      dispatch({ type: 'picker-close' });
      return true;
    }
    return live.current.loader.cancel();
  }, [dispatch]);

  const keys = useMemo(() => ({ onAction, onEscape }), [onAction, onEscape]);
  return {
    active,
    load: loader.state,
    state,
    dispatch,
    result,
    text,
    options,
    selected: active ? result[state.cursor] : undefined,
    keys,
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
