/**
 * The browser's state (browser-state.ts) held in a synchronous store, and the keyboard routed
 * to it. Keys are read from the one keymap table (scope 'accounts', plus the global Esc); while
 * the search box is open, typed text goes into it and the global single-key bindings stand
 * aside (`setCapture`). The store updates synchronously so keys arriving faster than React
 * renders (a paste, a fast typist over SSH) all see the state left by the previous one.
 */
import { type Key, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ActionOf, findBinding, keyName } from '../keymap.js';
import { useUiState } from '../ui-state.js';
import {
  type BrowserAction,
  type BrowserState,
  browserReducer,
  initialBrowserState,
  type PageInfo,
} from './browser-state.js';
import { searchKey } from './search-input.js';
import type { ListKeys } from './use-loaded-list.js';

export interface BrowserStore {
  state: BrowserState;
  dispatch: (action: BrowserAction) => void;
}

export function useBrowserStore(init?: Parameters<typeof initialBrowserState>[0]): BrowserStore & {
  current: () => BrowserState;
} {
  const ref = useRef<BrowserState | null>(null);
  if (ref.current === null) ref.current = initialBrowserState(init);
  const [state, setState] = useState<BrowserState>(ref.current);
  const dispatch = useCallback((action: BrowserAction) => {
    const prev = ref.current ?? initialBrowserState();
    const next = browserReducer(prev, action);
    if (next === prev) return;
    ref.current = next;
    setState(next);
  }, []);
  const current = useCallback(() => ref.current ?? initialBrowserState(), []);
  return { state, dispatch, current };
}

export interface BrowserInputOptions {
  active: boolean;
  /** Whether the search box is open (from the rendered state). */
  searchOpen: boolean;
  /** The page on screen for the key asked for; undefined while it loads. */
  page: PageInfo | undefined;
  current: () => BrowserState;
  dispatch: (action: BrowserAction) => void;
  /** `y`: copy the selected id. */
  onCopy: () => void;
  /** The loaded list (`L`): offered every action and Esc first. */
  list?: ListKeys;
}

type AccountsAction = ActionOf<'accounts'>;
type SearchSwitch = Extract<BrowserAction, { type: 'search-open' | 'search-accept' | 'search-cancel' }>;

/** The accounts action bound to a key name, if any. */
function accountsAction(name: string): AccountsAction | undefined {
  // findBinding('accounts', …) only returns entries of that scope.
  return findBinding('accounts', name)?.action as AccountsAction | undefined;
}

export function useBrowserInput({
  active,
  searchOpen,
  page,
  current,
  dispatch,
  onCopy,
  list,
}: BrowserInputOptions): void {
  const { setCapture } = useUiState();
  const pageRef = useRef(page);
  pageRef.current = page;
  const copyRef = useRef(onCopy);
  copyRef.current = onCopy;
  const listRef = useRef(list);
  listRef.current = list;
  // Read at key time rather than re-subscribing on change: the first key after the tab shows
  // must not arrive before an effect has caught up.
  const activeRef = useRef(active);
  activeRef.current = active;

  /** A search-box change waiting for the shell's capture to switch (see the effect below). */
  const [pending, setPending] = useState<SearchSwitch | undefined>(undefined);

  const run = useCallback(
    (action: AccountsAction) => {
      if (listRef.current?.onAction(action)) return;
      const p = pageRef.current;
      const listOnly = () => {};
      const actions: Record<AccountsAction, () => void> = {
        up: () => dispatch({ type: 'move', delta: -1, page: p }),
        down: () => dispatch({ type: 'move', delta: 1, page: p }),
        'page-down': () => dispatch({ type: 'page', delta: 1, page: p }),
        'page-up': () => dispatch({ type: 'page', delta: -1, page: p }),
        'first-row': () => dispatch({ type: 'home' }),
        'last-row': () => dispatch({ type: 'end', page: p }),
        'page-size-up': () => dispatch({ type: 'page-size', delta: 1 }),
        'page-size-down': () => dispatch({ type: 'page-size', delta: -1 }),
        search: () => {
          setCapture(true);
          setPending({ type: 'search-open' });
        },
        details: () => dispatch({ type: 'detail-open', page: p }),
        'copy-id': () => copyRef.current(),
        'load-all': listOnly,
        sort: listOnly,
        'sort-reverse': listOnly,
        filter: listOnly,
        toggle: listOnly,
        pages: listOnly,
      };
      actions[action]();
    },
    [dispatch, setCapture],
  );

  const onInput = useCallback(
    (input: string, key: Key) => {
      if (!activeRef.current) return;
      const s = current();
      if (s.searchOpen) {
        const result = searchKey(s.draft, input, key);
        if (result.type === 'edit') return dispatch({ type: 'search-edit', draft: result.draft });
        if (result.type === 'accept' || result.type === 'cancel') {
          setCapture(false);
          return setPending({ type: result.type === 'accept' ? 'search-accept' : 'search-cancel' });
        }
        // Not text: only moving keys (arrows, PgUp/PgDn) still act while the box is open.
        const moving = accountsAction(keyName(input, key));
        if (moving && !key.ctrl && input === '') run(moving);
        return;
      }
      const name = keyName(input, key);
      if (findBinding('global', name)?.action === 'close') {
        // Esc (shared with the help overlay, which is closed whenever this tab is active).
        if (s.detailOpen) return dispatch({ type: 'detail-close' });
        if (listRef.current?.onEscape()) return;
        if (s.search !== '') return dispatch({ type: 'search-cancel' });
        return;
      }
      const action = accountsAction(name);
      if (action) run(action);
    },
    [current, dispatch, run, setCapture],
  );
  useInput(onInput);

  // The shell switches its global keys off or on in its input effects, after the render that
  // `setCapture` causes. The box opens or closes from this effect, in that same effect pass, so
  // what the screen shows is what the keys do: once the box shows, q/1/2/3/r/p… type into it;
  // once it is gone, they act again.
  useEffect(() => {
    if (!pending) return;
    setPending(undefined);
    dispatch(pending);
  }, [pending, dispatch]);

  // Keep the shell's capture in step (e.g. the tab hidden or unmounted with the box open).
  useEffect(() => {
    if (!pending) setCapture(active && searchOpen);
  }, [active, searchOpen, pending, setCapture]);
  useEffect(() => () => setCapture(false), [setCapture]);
}
