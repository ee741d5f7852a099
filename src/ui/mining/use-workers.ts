/**
 * The workers table's browsing: the Sub-accounts browser (browser/browser-state.ts and
 * use-browser.ts, scope 'mining') over pages of 100 connected workers' names. A search needs
 * every name (workers/names has no filter): the whole list is read once, four pages at a time,
 * and filtered here; the matches are paged the same way.
 */
import { useEffect, useMemo, useRef } from 'react';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { type useBrowserStore, useBrowserInput } from '../browser/use-browser.js';
import { type DebounceTimers, REAL_TIMERS, useDebouncedValue } from '../browser/use-debounced-value.js';
import { type Poll, useAllWorkerNames, useWorkerNames } from './mining-data.js';
import { useTerminal } from '../terminal-context.js';

export const SEARCH_DEBOUNCE_MS = 250;

export interface WorkersOptions {
  account: string;
  active: boolean;
  poll: Poll;
  /** Worker rows on screen. */
  viewRows: number;
  /** The browser's state (made by the caller, whose layout depends on it). */
  store: ReturnType<typeof useBrowserStore>;
  /**
   * The headline's counts of connected (online or low) and offline workers, as one key: when they
   * change, a worker came online or dropped off, so the names (polled once a minute) are asked
   * again. A worker moving between online and low changes neither.
   */
  counts?: string;
  debounceMs?: number;
  timers?: DebounceTimers;
}

/** Names containing `search`, ignoring case, as they are shown (sanitised for `term`). */
export function matchNames(names: readonly string[], search: string, term: TextTarget): string[] {
  const needle = search.toLowerCase();
  return names.filter((name) => sanitizeLine(name, term).toLowerCase().includes(needle));
}

export function useWorkers({
  account,
  active,
  poll,
  viewRows,
  store,
  counts,
  debounceMs,
  timers,
}: WorkersOptions) {
  const { state, dispatch, current } = store;
  const term = useTerminal();
  const searching = state.search !== '';
  const page = useWorkerNames(account, state.offset, !searching, poll);
  const all = useAllWorkerNames(account, searching, poll);
  const countsSeen = useRef(counts);
  const refreshPage = page.refresh;
  useEffect(() => {
    const before = countsSeen.current;
    countsSeen.current = counts;
    if (before !== undefined && counts !== undefined && counts !== before && !poll.paused && !poll.hidden)
      refreshPage();
  }, [counts, poll.paused, poll.hidden, refreshPage]);
  const matches = useMemo(
    () => (searching && all.value ? matchNames(all.value, state.search, term) : undefined),
    [searching, all.value, state.search, term],
  );
  const names = searching ? matches?.slice(state.offset, state.offset + state.limit) : page.value?.items;
  const rows = names?.length;
  const pageInfo = useMemo(() => (rows === undefined ? undefined : { rows }), [rows]);

  const debounced = useDebouncedValue(state.draft, debounceMs ?? SEARCH_DEBOUNCE_MS, timers ?? REAL_TIMERS);
  useEffect(() => {
    if (current().searchOpen) dispatch({ type: 'search-commit', term: debounced });
  }, [debounced, current, dispatch]);
  useEffect(() => {
    if (pageInfo) dispatch({ type: 'page-loaded', page: pageInfo });
  }, [pageInfo, dispatch]);
  useEffect(() => dispatch({ type: 'viewport', rows: viewRows }), [viewRows, dispatch]);
  useBrowserInput({
    scope: 'mining',
    active,
    searchOpen: state.searchOpen,
    page: pageInfo,
    current,
    dispatch,
  });

  const source = searching ? all : page;
  return {
    state,
    names: names ?? [],
    /** The page asked for is on screen. */
    loaded: names !== undefined,
    /** Matches of the search in all (undefined without a search, or while the names load). */
    matchCount: matches?.length,
    error: source.error,
    fetchedAt: source.fetchedAt,
    selected: names?.[state.cursor],
  };
}

/** What the table says when a page has no rows. */
export function workersEmptyText(search: string, offset: number, term: TextTarget): string {
  if (offset > 0) return `No workers from row ${offset + 1} on: the list ended. PgUp goes back.`;
  return search === ''
    ? 'No connected workers (offline ones are only counted, above).'
    : `No connected worker matches "${sanitizeLine(search, term)}". Esc clears the search.`;
}
