/**
 * The workers table's browsing: the Sub-accounts browser (browser/browser-state.ts and
 * use-browser.ts, scope 'mining') over pages of 100 connected workers' names, then the workers
 * gone. A search filters the whole listing the tab reads anyway for the gone workers
 * (workers/names has no filter); the matches are paged the same way.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { GoneWorker } from '../../config/seen-workers.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { type BrowserStore, useBrowserInput } from '../browser/use-browser.js';
import { type DebounceTimers, REAL_TIMERS, useDebouncedValue } from '../browser/use-debounced-value.js';
import type { Resource } from '../data/use-resource.js';
import { useTerminal } from '../terminal-context.js';
import { type Poll, type SeenWorkers, useWorkerNames } from './mining-data.js';
import type { WorkerUptime } from './account-uptimes.js';
import { LISTED_ORDER, sortWorkers, type WorkerOrder } from './worker-sort.js';

export const SEARCH_DEBOUNCE_MS = 250;
const NO_GONE: readonly GoneWorker[] = [];

export interface WorkersOptions {
  account: string;
  active: boolean;
  poll: Poll;
  /** Worker rows on screen. */
  viewRows: number;
  /** The browser's state (made by the caller, whose layout depends on it). */
  store: BrowserStore;
  /**
   * The headline's counts of connected (online or low) and offline workers, as one key: when they
   * change, a worker came online or dropped off, so the names (polled once a minute) are asked
   * again. A worker moving between online and low changes neither.
   */
  counts?: string;
  /**
   * Workers seen before and missing from the latest complete listing (config/seen-workers.ts):
   * listed after the connected ones, on the page where the connected ones end.
   */
  gone?: readonly GoneWorker[];
  /** The whole listing (mining-data.ts useSeenWorkers): what a search filters. */
  all: Resource<SeenWorkers>;
  /** By an uptime column: the whole listing sorted, paged here as a search's matches are. */
  order?: WorkerOrder;
  uptimes?: ReadonlyMap<string, WorkerUptime>;
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
  gone,
  all,
  order = LISTED_ORDER,
  uptimes,
  debounceMs,
  timers,
}: WorkersOptions) {
  const { state, dispatch, current } = store;
  const term = useTerminal();
  const searching = state.search !== '';
  const sorting = order.key !== undefined;
  // A search or a sort reads the whole listing; otherwise the pool's pages.
  const local = searching || sorting;
  const page = useWorkerNames(account, state.offset, !local, poll);
  const countsSeen = useRef(counts);
  const refreshPage = page.refresh;
  useEffect(() => {
    const before = countsSeen.current;
    countsSeen.current = counts;
    if (before !== undefined && counts !== undefined && counts !== before && !poll.paused && !poll.hidden)
      refreshPage();
  }, [counts, poll.paused, poll.hidden, refreshPage]);
  const matches = useMemo(() => {
    if (!local || !all.value) return undefined;
    const found = searching ? matchNames(all.value.names, state.search, term) : all.value.names;
    return sortWorkers(found, uptimes, order);
  }, [local, searching, all.value, state.search, term, uptimes, order]);
  const names = local ? matches?.slice(state.offset, state.offset + state.limit) : page.value?.items;
  // The connected ones end on this page: a short page, or the last slice of the matches.
  const ends =
    names !== undefined &&
    (local ? state.offset + state.limit >= (matches?.length ?? 0) : names.length < state.limit);
  const goneHere = useMemo(() => {
    if (!ends || !gone || gone.length === 0) return NO_GONE;
    if (!searching) return gone;
    const keep = new Set(
      matchNames(
        gone.map((g) => g.name),
        state.search,
        term,
      ),
    );
    return gone.filter((g) => keep.has(g.name));
  }, [ends, gone, searching, state.search, term]);
  const rows = names === undefined ? undefined : names.length + goneHere.length;
  const last = goneHere.length > 0;
  const pageInfo = useMemo(() => (rows === undefined ? undefined : { rows, last }), [rows, last]);

  const debounced = useDebouncedValue(state.draft, debounceMs ?? SEARCH_DEBOUNCE_MS, timers ?? REAL_TIMERS);
  useEffect(() => {
    if (current().searchOpen) dispatch({ type: 'search-commit', term: debounced });
  }, [debounced, current, dispatch]);
  useEffect(() => {
    if (pageInfo) dispatch({ type: 'page-loaded', page: pageInfo });
  }, [pageInfo, dispatch]);
  useEffect(() => dispatch({ type: 'viewport', rows: viewRows }), [viewRows, dispatch]);
  const mouse = useBrowserInput({
    scope: 'mining',
    active,
    searchOpen: state.searchOpen,
    page: pageInfo,
    current,
    dispatch,
  });

  const source = local ? all : page;
  return {
    state,
    names: names ?? [],
    /** Gone workers shown after `names` on this page. */
    gone: goneHere,
    /** The page asked for is on screen. */
    loaded: names !== undefined,
    /** Matches of the search in all (undefined without a search, or while the names load). */
    matchCount: searching ? matches?.length : undefined,
    error: source.error,
    fetchedAt: source.fetchedAt,
    /** The worker at a row of the page (a cursor). */
    nameAt: (row: number): string | undefined => names?.[row] ?? goneHere[row - (names?.length ?? 0)]?.name,
    /** Clicks and the wheel on the table. */
    mouse,
  };
}

/** What the table says when a page has no rows. */
export function workersEmptyText(search: string, offset: number, term: TextTarget): string {
  if (offset > 0) return `No workers from row ${offset + 1} on: the list ended. PgUp goes back.`;
  return search === ''
    ? 'No connected workers (offline ones are only counted, above).'
    : `No connected worker matches "${sanitizeLine(search, term)}". Esc clears the search.`;
}
