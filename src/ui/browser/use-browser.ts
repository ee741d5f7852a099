/**
 * The browser's state (browser-state.ts) held in a synchronous store, and the keyboard routed
 * to it through the input layer (hooks/use-keypress.ts). Keys are read from the one keymap
 * table (the tab's scope: 'accounts', or 'mining' for its workers; plus the global Esc); while the search box is open, typed and pasted
 * text goes into it and the global single-key bindings stand aside (`setCapture`); a paste
 * anywhere else does nothing. The store updates synchronously so keys arriving together (key
 * repeat, a fast typist over SSH) each see the state left by the one before.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { type TableMouse, WHEEL_ROWS } from './table-mouse.js';
import { useKeypress } from '../hooks/use-keypress.js';
import { type InputEvent, isPaste } from '../keypress.js';
import { type ActionOf, findBinding, KEYMAP } from '../keymap.js';
import { useUiState } from '../ui-state.js';
import {
  type BrowserAction,
  type BrowserState,
  browserReducer,
  initialBrowserState,
  type PageInfo,
} from './browser-state.js';
import { searchKey } from './search-input.js';

/** Where the cursor is: it moves with every ↓/↑, so only the table reads it (useBrowserCursor). */
export type BrowserCursor = Pick<BrowserState, 'cursor' | 'top'>;
/** The rest of the state, which the pane around the table draws by. */
export type BrowserPage = Omit<BrowserState, 'cursor' | 'top'>;

const PAGE_FIELDS = [
  'offset',
  'limit',
  'viewRows',
  'search',
  'draft',
  'searchOpen',
  'detailOpen',
  'hint',
] as const;

function pageOf({ cursor: _cursor, top: _top, ...page }: BrowserState): BrowserPage {
  return page;
}

export interface BrowserStore {
  /** All but the cursor's place: a new object, and a render of the store's owner, only when one of its fields changes. */
  state: BrowserPage;
  dispatch: (action: BrowserAction) => void;
  /** The whole state as it is now (keys that arrive together each see the one before's). */
  current: () => BrowserState;
  subscribe: (listener: () => void) => () => void;
}

export function useBrowserStore(init?: Parameters<typeof initialBrowserState>[0]): BrowserStore {
  const ref = useRef<{ state: BrowserState; listeners: Set<() => void> } | null>(null);
  if (ref.current === null) ref.current = { state: initialBrowserState(init), listeners: new Set() };
  const box = ref.current;
  const [page, setPage] = useState<BrowserPage>(() => pageOf(box.state));
  const dispatch = useCallback(
    (action: BrowserAction) => {
      const prev = box.state;
      const next = browserReducer(prev, action);
      if (next === prev) return;
      box.state = next;
      for (const listener of box.listeners) listener();
      if (PAGE_FIELDS.some((field) => prev[field] !== next[field])) setPage(pageOf(next));
    },
    [box],
  );
  const current = useCallback(() => box.state, [box]);
  const subscribe = useCallback(
    (listener: () => void) => {
      box.listeners.add(listener);
      return () => void box.listeners.delete(listener);
    },
    [box],
  );
  return useMemo(() => ({ state: page, dispatch, current, subscribe }), [page, dispatch, current, subscribe]);
}

/** The cursor's place, for the table (and what speaks of its rows): a move re-renders those alone. */
export function useBrowserCursor({
  subscribe,
  current,
}: Pick<BrowserStore, 'subscribe' | 'current'>): BrowserCursor {
  const cursor = useSyncExternalStore(subscribe, () => current().cursor);
  const top = useSyncExternalStore(subscribe, () => current().top);
  return { cursor, top };
}

/** The first row drawn: the table re-renders when it scrolls, not on every move. */
export function useBrowserTop({ subscribe, current }: Pick<BrowserStore, 'subscribe' | 'current'>): number {
  return useSyncExternalStore(subscribe, () => current().top);
}

/** Whether the cursor is on `row`: a move re-renders the two rows it leaves and reaches, nothing else. */
export function useIsSelected(
  { subscribe, current }: Pick<BrowserStore, 'subscribe' | 'current'>,
  row: number,
): boolean {
  return useSyncExternalStore(subscribe, () => current().cursor === row);
}

/** The whole state, for a view that draws the cursor itself: it re-renders with every move. */
export function useBrowserState(store: BrowserStore): BrowserState {
  const { cursor, top } = useBrowserCursor(store);
  const page = store.state;
  return useMemo(() => ({ ...page, cursor, top }), [page, cursor, top]);
}

/** The cursor while the detail is open, -1 otherwise: what follows the open row re-renders with it. */
export function useOpenCursor({ subscribe, current }: Pick<BrowserStore, 'subscribe' | 'current'>): number {
  return useSyncExternalStore(subscribe, () => (current().detailOpen ? current().cursor : -1));
}

/** Tabs whose scope binds the browser's actions (under the accounts scope's names). */
export type BrowserScope = 'accounts' | 'mining';

export interface BrowserInputOptions {
  /** Whose bindings drive it (default 'accounts'); actions the scope does not bind never fire. */
  scope?: BrowserScope;
  active: boolean;
  /** Whether the search box is open (from the rendered state). */
  searchOpen: boolean;
  /** The page on screen for the key asked for; undefined while it loads. */
  page: PageInfo | undefined;
  current: () => BrowserState;
  dispatch: (action: BrowserAction) => void;
  /** `y`: copy the selected id. */
  onCopy?: () => void;
  /** `z`: show or hide the zero balances of the detail pane. */
  onZeros?: () => void;
  /** `v`: the detail pane's next section (balances, keys, transfers). */
  onSection?: () => void;
  /** The loaded list (`L`): offered every action and Esc first. */
  list?: ListKeys;
}

type AccountsAction = ActionOf<'accounts'>;

/** A whole loaded list (Sub-accounts' `L`) layered over the pages: offered keys first. */
export interface ListKeys {
  /** Takes an action first; true when it handled it. */
  onAction(action: AccountsAction): boolean;
  /** Esc (after the detail pane): true when it closed the picker or stopped a load. */
  onEscape(): boolean;
  /** Offered every keypress first (a prompt of its own is open): true when it took it. */
  onKeypress?(event: InputEvent): boolean;
  /** Its prompt is open: typed text is its, the global single-key bindings stand aside. */
  capturing?: boolean;
}
type SearchSwitch = Extract<BrowserAction, { type: 'search-open' | 'search-accept' | 'search-cancel' }>;

const ACCOUNTS_ACTIONS: ReadonlySet<string> = new Set(
  KEYMAP.filter((b) => b.scope === 'accounts').map((b) => b.action),
);

/** The browser action bound to a key name in `scope`, if any. */
function browserAction(scope: BrowserScope, name: string): AccountsAction | undefined {
  const action = findBinding(scope, name)?.action;
  return action !== undefined && ACCOUNTS_ACTIONS.has(action) ? (action as AccountsAction) : undefined;
}

export function useBrowserInput({
  scope = 'accounts',
  active,
  searchOpen,
  page,
  current,
  dispatch,
  onCopy,
  onZeros,
  onSection,
  list,
}: BrowserInputOptions): TableMouse {
  const { setCapture } = useUiState();
  const pageRef = useRef(page);
  pageRef.current = page;
  const copyRef = useRef(onCopy);
  copyRef.current = onCopy;
  const zerosRef = useRef(onZeros);
  zerosRef.current = onZeros;
  const sectionRef = useRef(onSection);
  sectionRef.current = onSection;
  const listRef = useRef(list);
  listRef.current = list;

  // The search box opens and closes at once, together with the shell's capture: the keys that
  // follow in the same read (`/miner`) are already typed into it, and after Enter or Esc they act.
  const switchSearch = useCallback(
    (action: SearchSwitch) => {
      setCapture(action.type === 'search-open');
      dispatch(action);
    },
    [dispatch, setCapture],
  );

  const run = useCallback(
    (action: AccountsAction) => {
      if (listRef.current?.onAction(action)) return;
      const p = pageRef.current;
      const listOnly = () => {};
      const paneHint = () => {
        if (!current().detailOpen)
          dispatch({ type: 'hint', text: '[ ]: more rows, in the detail pane (Enter)' });
      };
      const actions: Record<AccountsAction, () => void> = {
        up: () => dispatch({ type: 'move', delta: -1, page: p }),
        down: () => dispatch({ type: 'move', delta: 1, page: p }),
        'page-down': () => dispatch({ type: 'page', delta: 1, page: p }),
        'page-up': () => dispatch({ type: 'page', delta: -1, page: p }),
        'first-row': () => dispatch({ type: 'home' }),
        'last-row': () => dispatch({ type: 'end', page: p }),
        'page-size-up': () => dispatch({ type: 'page-size', delta: 1 }),
        'page-size-down': () => dispatch({ type: 'page-size', delta: -1 }),
        search: () => switchSearch({ type: 'search-open' }),
        details: () => dispatch({ type: 'detail-open', page: p }),
        'copy-id': () => copyRef.current?.(),
        'zero-balances': () => zerosRef.current?.(),
        'pane-section': () => sectionRef.current?.(),
        // The open pane scrolls its section itself (pane-rows.ts); closed, a hint says where.
        'balances-down': paneHint,
        'balances-up': paneHint,
        'load-all': listOnly,
        sort: listOnly,
        'sort-reverse': listOnly,
        filter: listOnly,
        toggle: listOnly,
        left: listOnly,
        right: listOnly,
        pages: listOnly,
        balances: listOnly,
      };
      actions[action]();
    },
    [current, dispatch, switchSearch],
  );

  useKeypress((event) => {
    if (listRef.current?.onKeypress?.(event)) return;
    const s = current();
    if (s.searchOpen) {
      const result = searchKey(s.draft, event);
      if (result.type === 'edit') return dispatch({ type: 'search-edit', draft: result.draft });
      if (result.type === 'accept') return switchSearch({ type: 'search-accept' });
      if (result.type === 'cancel') return switchSearch({ type: 'search-cancel' });
      // Not text: only moving keys (arrows, PgUp/PgDn, Home/End) still act while the box is open.
      if (isPaste(event) || event.text !== '' || event.name.startsWith('ctrl+')) return;
      const moving = browserAction(scope, event.name);
      if (moving) run(moving);
      return;
    }
    // A paste outside the search box is not keys: it does nothing.
    if (isPaste(event)) return;
    if (findBinding('global', event.name)?.action === 'close') {
      // Esc (shared with the help overlay, which is closed whenever this tab is active).
      if (s.detailOpen) return dispatch({ type: 'detail-close' });
      if (listRef.current?.onEscape()) return;
      if (s.search !== '') return dispatch({ type: 'search-cancel' });
      return;
    }
    const action = browserAction(scope, event.name);
    if (action) run(action);
  }, active);

  // Keep the shell's capture in step (e.g. the tab hidden or unmounted with the box open).
  useEffect(() => {
    setCapture(active && (searchOpen || list?.capturing === true));
  }, [active, searchOpen, list?.capturing, setCapture]);
  useEffect(() => () => setCapture(false), [setCapture]);

  // The mouse on the table (table-frame.tsx): a click selects a row, a click on the selected one
  // opens it (as Enter); the wheel moves the selection. Not while the search box is open.
  return useMemo<TableMouse>(
    () => ({
      active: active && !searchOpen,
      onRow: (i) =>
        dispatch(
          i === current().cursor
            ? { type: 'detail-open', page: pageRef.current }
            : { type: 'select', cursor: i, page: pageRef.current },
        ),
      onWheel: (delta) => {
        for (let n = 0; n < WHEEL_ROWS; n++) dispatch({ type: 'move', delta, page: pageRef.current });
      },
    }),
    [active, searchOpen, current, dispatch],
  );
}
