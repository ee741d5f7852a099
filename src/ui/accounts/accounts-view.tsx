import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SubAccount } from '../../api/types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import type { ColorDepth } from '../../terminal/capabilities.js';
import { DataStatus } from '../chrome/data-status.js';
import { useDashboard } from '../dashboard-context.js';
import { type DebounceTimers, REAL_TIMERS, useDebouncedValue } from '../browser/use-debounced-value.js';
import { useSubAccounts } from './use-sub-accounts.js';
import { type StatusReport, useReportStatus } from '../status-report.js';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { AccountDetail, detailHeight, PANE_SECTIONS, type PaneSection } from './account-detail.js';
import { PageFooter } from '../shared/page-footer.js';
import { AccountsTable } from './accounts-table.js';
import { contentWidths, type WidthCache } from './account-cells.js';
import { type ContentWidths, layoutColumns, layoutWithKeys } from './columns.js';
import { KEYS_CELL_WIDTH, waitingLine } from './key-marks.js';
import { useWaitingWithdrawals } from './use-waiting-withdrawals.js';
import { truncate } from '../../format/width.js';
import { CredentialsPanel } from '../shared/credentials-panel.js';
import { adviceFor } from '../shared/error-advice.js';
import { emptyText } from './empty-text.js';
import { visibleRange } from '../shared/footer-text.js';
import { ProblemLine } from '../shared/problem-line.js';
import { SearchBox } from '../shared/search-box.js';
import { swatchColor } from './swatch-color.js';
import { useBrowserInput, useBrowserState, useBrowserStore } from '../browser/use-browser.js';
import { type ListGlyphs, listGlyphs } from './list-glyphs.js';
import { LoadedListView } from './loaded-list.js';
import { useLoadedList } from './use-loaded-list.js';
import { useGlyphs, useTerminal, useTerminalEffects } from '../terminal-context.js';

export const SEARCH_DEBOUNCE_MS = 250;
const NO_ROWS: readonly SubAccount[] = [];
const NO_SECTIONS: readonly PaneSection[] = [];

export interface AccountsViewOptions {
  /** Wait after the last keystroke before the term is sent (default 250 ms). */
  debounceMs?: number;
  /** Timers of that wait (tests inject manual ones). */
  timers?: DebounceTimers;
  /** Swatch colours (default: the terminal's, src/terminal/capabilities.ts). */
  colorDepth?: ColorDepth;
  /** Sort markers and progress bar: UTF-8 or ASCII (default: the terminal's). */
  glyphs?: ListGlyphs;
}

/** The whole list's report while it loads (LOADING); with its error once a page failed (ERROR). */
const WHOLE_LIST: StatusReport = {
  what: 'sub-accounts',
  hasData: false,
  fetchedAt: undefined,
  error: undefined,
  retryAt: undefined,
  ownLine: true,
};

/** Tab 3: the sub-accounts of the account, a page at a time, with search and a detail pane. */
export function AccountsView({ width, height, visibility, ...opts }: TabProps & AccountsViewOptions) {
  const active = visibility === 'active';
  const hidden = visibility === 'hidden';
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const ui = useUiState();
  const effects = useTerminalEffects();
  const { config, intervalMs, oversight, now } = useDashboard();
  const store = useBrowserStore();
  const { dispatch, current } = store;
  const state = useBrowserState(store);
  const hasKeys = Boolean(config.apiKey && config.apiSecret);
  const list = useLoadedList({ browser: state, browserDispatch: dispatch, current, enabled: hasKeys });
  // Nothing is asked for before the tab is first shown.
  const seen = useRef(false);
  if (!hidden) seen.current = true;
  const accounts = useSubAccounts(
    { search: state.search, offset: state.offset, limit: state.limit },
    { enabled: hasKeys && seen.current && !list.active, paused: ui.paused, hidden },
  );
  const { value: result, isCurrent } = accounts;
  // Only the page asked for is drawn: the previous page's rows kept by SWR while this one loads
  // (or after it failed) belong to other row numbers than the footer names, and must not be acted on.
  const rows: readonly SubAccount[] = (isCurrent && result?.data) || NO_ROWS;
  const currentRows = isCurrent ? rows.length : undefined;
  const page = useMemo(() => (currentRows === undefined ? undefined : { rows: currentRows }), [currentRows]);
  const selected = list.active ? list.selected : isCurrent ? rows[state.cursor] : undefined;

  // Debounced search: the term follows the typing once it pauses.
  const debounced = useDebouncedValue(
    state.draft,
    opts.debounceMs ?? SEARCH_DEBOUNCE_MS,
    opts.timers ?? REAL_TIMERS,
  );
  useEffect(() => {
    if (current().searchOpen) dispatch({ type: 'search-commit', term: debounced });
  }, [debounced, current, dispatch]);

  useEffect(() => {
    if (page) dispatch({ type: 'page-loaded', page });
  }, [page, dispatch]);

  // Withdrawals awaiting the main account: a line over the table while any wait; none where the
  // operation is not enabled (its 404), which is a state of the account, not an error.
  const reads = useMemo(() => ({ hidden, paused: ui.paused }), [hidden, ui.paused]);
  const waiting = useWaitingWithdrawals(hasKeys && seen.current, reads);
  const waitingAnswer = waiting.value;
  const waitingRows = waitingAnswer?.enabled ? waitingAnswer.page : undefined;
  const lookup = list.active ? list.load.rows : rows;
  const waitingText = useMemo(() => {
    if (!waitingRows || waitingRows.items.length === 0) return undefined;
    const aliasOf = (id: string) => lookup.find((a) => a.id === id)?.alias;
    const full = waitingRows.items.length >= waitingRows.limit;
    return waitingLine(waitingRows.items, full, Math.floor(now() / 1000), aliasOf, term);
  }, [waitingRows, lookup, now, term]);
  const waitingFailed =
    waitingAnswer === undefined && waiting.error
      ? `Withdrawals awaiting confirmation: not read (${sanitizeLine(waiting.error.message, term)})`
      : undefined;
  const topLine = waitingText ?? waitingFailed;
  const bodyHeight = height - (topLine ? 1 : 0);
  const shared = bodyHeight - 3 - (state.searchOpen ? 1 : 0);
  const paneHeight = detailHeight(shared);
  const viewRows = Math.max(1, shared - (state.detailOpen ? paneHeight : 0));
  useEffect(() => dispatch({ type: 'viewport', rows: viewRows }), [viewRows, dispatch]);

  const onCopy = useCallback(() => {
    if (!selected) return ui.notify('No sub-account selected.');
    const id = sanitizeLine(selected.id ?? '', term);
    if (!id) return ui.notify('This sub-account came without an id.');
    ui.notify(effects.copy(id, 'ID'));
  }, [selected, effects, ui, term]);
  // `v`: the pane's next section (the keys and transfers need the client's oversight reads).
  const sections = oversight ? PANE_SECTIONS : NO_SECTIONS;
  const [section, setSection] = useState<PaneSection>('balances');
  const onSection = useCallback(() => {
    if (!current().detailOpen)
      return dispatch({ type: 'hint', text: 'v: API keys and transfers, in the detail pane (Enter)' });
    if (sections.length < 2) return dispatch({ type: 'hint', text: 'v: no API key reads on this client' });
    setSection((s) => sections[(sections.indexOf(s) + 1) % sections.length] ?? 'balances');
  }, [current, dispatch, sections]);
  // `z`: zero balances in the detail pane, shown or left out (kept for the next pane opened).
  const [showZeros, setShowZeros] = useState(false);
  const onZeros = useCallback(() => {
    if (!current().detailOpen)
      return dispatch({ type: 'hint', text: 'z: zero balances, in the detail pane (Enter)' });
    setShowZeros((z) => !z);
  }, [current, dispatch]);
  // The pane's own keys (`[` `]`) stand aside while the search box takes typed text.
  const paneKeysActive = active && !state.searchOpen;
  const tableMouse = useBrowserInput({
    active,
    searchOpen: state.searchOpen,
    page,
    current,
    dispatch,
    onCopy,
    onZeros,
    onSection,
    list: list.keys,
  });
  // The header's LIVE/STALE/ERROR; the error itself is on this tab's own status line.
  // The whole list says LOADING while it loads, ERROR when a page failed; loaded, it is not
  // polled (a key reloads it, its own line shows its age), so the header has no word for it.
  const { phase, error: loadError, loadedAt } = list.load;
  useReportStatus(
    list.active
      ? phase === 'loading'
        ? WHOLE_LIST
        : loadError && { ...WHOLE_LIST, hasData: true, fetchedAt: loadedAt, error: loadError }
      : { what: 'sub-accounts', resource: accounts, ownLine: true },
    !hidden && hasKeys,
  );

  const depth = opts.colorDepth ?? term.color;
  const swatchOf = useCallback(
    (a: SubAccount) => (theme.enabled && a.color ? swatchColor(a.color, depth) : undefined),
    [theme.enabled, depth],
  );
  // Columns sized to the rows drawn; while a page loads, to the last rows measured (no jump).
  // A sort only reorders the same rows: the loaded list is measured in list order, so it is not
  // measured again; each account's widths are kept for this terminal.
  const drawn = list.active ? list.matching : rows;
  const widths = useMemo(() => ({ term, cache: new WeakMap() as WidthCache }), [term]);
  const measured = useMemo(
    () => (drawn.length > 0 ? contentWidths(drawn, widths.term, widths.cache) : undefined),
    [drawn, widths],
  );
  const lastMeasured = useRef<ContentWidths>({});
  if (measured) lastMeasured.current = measured;
  const content = measured ?? lastMeasured.current;
  const keysShown = oversight !== undefined && !(list.active && list.balances.phase !== 'idle');
  const layout = useMemo(() => {
    // The loaded list's balance column (`B`) takes the Keys column's place.
    return keysShown ? layoutWithKeys(width, content, KEYS_CELL_WIDTH) : layoutColumns(width, content);
  }, [width, content, keysShown]);
  const waitingBar = topLine ? (
    <Text color={waitingText ? theme.warn : theme.muted} wrap="truncate">
      {truncate(topLine, width, ellipsis)}
    </Text>
  ) : null;
  const glyphs = opts.glyphs ?? listGlyphs(term);

  const advice = accounts.error ? adviceFor(accounts.error, config) : undefined;
  if (!hasKeys || advice?.kind === 'credentials') {
    return <CredentialsPanel width={width} height={height} message={advice?.message} />;
  }
  if (list.active) {
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        {waitingBar}
        <LoadedListView
          list={list}
          width={width}
          height={bodyHeight}
          layout={layout}
          glyphs={glyphs}
          searchOpen={state.searchOpen}
          draft={state.draft}
          detailOpen={state.detailOpen}
          hint={state.hint}
          swatchOf={swatchOf}
          showZeros={showZeros}
          hidden={hidden}
          paneKeysActive={paneKeysActive}
          mouseActive={tableMouse.active}
          section={section}
          sections={sections}
          keyReads={reads}
        />
      </Box>
    );
  }
  const statusLine =
    advice && advice.kind === 'auth' ? (
      <ProblemLine advice={advice} stale={rows.length > 0} width={width} />
    ) : (
      <DataStatus
        what="sub-accounts"
        hasData={result !== undefined}
        fetchedAt={accounts.fetchedAt}
        error={accounts.error}
        loading={accounts.loading}
        paused={ui.paused}
        intervalMs={intervalMs}
        width={width}
      />
    );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {statusLine}
      {waitingBar}
      <AccountsTable
        accounts={rows}
        layout={layout}
        cursor={state.cursor}
        top={state.top}
        rows={viewRows}
        loading={(accounts.loading && result === undefined) || (!isCurrent && !accounts.error)}
        empty={
          accounts.error
            ? 'Could not load sub-accounts; see the line above.'
            : emptyText(state.search, state.offset, term)
        }
        swatchOf={swatchOf}
        mouse={tableMouse}
        keyReads={reads}
      />
      {state.searchOpen ? <SearchBox draft={state.draft} width={width} /> : null}
      <PageFooter
        width={width}
        hint={state.hint}
        offset={state.offset}
        limit={state.limit}
        search={state.search}
        rows={currentRows}
        visible={visibleRange(state.top, viewRows, rows.length)}
        failed={accounts.error !== undefined}
      />
      {state.detailOpen && selected ? (
        <AccountDetail
          account={selected}
          row={state.offset + state.cursor + 1}
          width={width}
          height={paneHeight}
          swatch={swatchOf(selected)}
          showZeros={showZeros}
          hidden={hidden}
          keysActive={paneKeysActive}
          section={section}
          sections={sections}
        />
      ) : null}
    </Box>
  );
}
