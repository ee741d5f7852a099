import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import type { SubAccount } from '../../api/types.js';
import { truncate } from '../../format/width.js';
import { Spinner } from '../chrome/spinner.js';
import { useClock } from '../clock.js';
import { useTheme } from '../theme-context.js';
import type { Cell } from './account-cells.js';
import { AccountDetail, detailHeight, type PaneSection } from './account-detail.js';
import type { OversightReadOptions } from './use-account-keys.js';
import { balanceColumnCells, balanceLoadText } from './balance-column.js';
import type { TableMouse } from '../browser/table-mouse.js';
import { AccountsTable } from './accounts-table.js';
import { type TableLayout, withBalanceColumn } from './columns.js';
import { FilterPicker, PICKER_HEIGHT } from './filter-picker.js';
import { type ListGlyphs, progressBar } from './list-glyphs.js';
import {
  fitKeepingKeys,
  listFooterParts,
  loadStatusText,
  statusCounts,
  withSortMarker,
} from './list-text.js';
import { SearchBox } from '../shared/search-box.js';
import type { LoadedList as List } from './use-loaded-list.js';
import { hintText } from '../browser/browser-state.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';

export interface LoadedListProps {
  list: List;
  width: number;
  height: number;
  layout: TableLayout;
  glyphs: ListGlyphs;
  searchOpen: boolean;
  draft: string;
  detailOpen: boolean;
  /** A browser hint (a key that did nothing). */
  hint: string | undefined;
  swatchOf: (a: SubAccount) => string | undefined;
  /** Zero balances shown in the detail pane (`z`). */
  showZeros: boolean;
  /** The tab is hidden: the detail pane's balances are not polled. */
  hidden: boolean;
  /** The detail pane's `[` and `]` act. */
  paneKeysActive: boolean;
  /** The table takes the mouse (the tab is shown, nothing over it). */
  mouseActive: boolean;
  /** The detail pane's section and the sections `v` moves through. */
  section?: PaneSection;
  sections?: readonly PaneSection[];
  /** How the Keys column reads the drawn rows' keys. */
  keyReads?: OversightReadOptions;
}

const BAR_WIDTH = 22;

/** The Sub-accounts tab while the whole list is loaded or loading: the list, worked on locally. */
export function LoadedListView(p: LoadedListProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { list, width, glyphs } = p;
  const { load, state, result } = list;
  const prompting = state.prompt !== undefined;
  const shared =
    p.height - 3 - (p.searchOpen ? 1 : 0) - (prompting ? 1 : 0) - (state.pickerOpen ? PICKER_HEIGHT : 0);
  const paneHeight = detailHeight(shared);
  const viewRows = Math.max(1, shared - (p.detailOpen ? paneHeight : 0));
  const { dispatch } = list;
  useEffect(() => dispatch({ type: 'viewport', rows: viewRows }), [viewRows, dispatch]);
  const balances = list.balances;
  // Progress alone (every 100 ms) does not measure the column again: only new values do.
  const { phase: balancePhase, ticker, values } = balances;
  const column = useMemo(
    () =>
      balancePhase === 'idle'
        ? undefined
        : balanceColumnCells({ phase: balancePhase, ticker, values }, ellipsis),
    [balancePhase, ticker, values, ellipsis],
  );
  const layout = useMemo(() => {
    const base = column ? withBalanceColumn(p.layout, width, column.header, column.width) : p.layout;
    return withSortMarker(base, state.sort, glyphs, ellipsis);
  }, [p.layout, width, column, state.sort, glyphs, ellipsis]);
  const balanceOf = useCallback(
    (a: SubAccount) => (column && a.id ? column.cells.get(a.id) : undefined) ?? column?.pending ?? NO_CELL,
    [column],
  );

  const loading = load.phase === 'loading';
  const given = state.hint ?? p.hint;
  const hint = given === undefined ? undefined : hintText(given, ellipsis);
  const right = hint ? ` ${hint}` : '';
  // Counting 10,100 rows is not free: only when what is counted or shown changes, not every tick.
  const loaded = load.rows.length;
  const { top, sort, filter } = state;
  const text = list.text;
  const balanceName = column?.header;
  // The same rows in any order: a sort does not count them again.
  const statusLine = useMemo(() => statusCounts(list.matching, term), [list.matching, term]);
  const footer = useMemo(
    () =>
      listFooterParts(
        { result, statusLine, loaded, top, viewRows, sort, filter, text, glyphs, balanceName },
        term,
      ).join(' · '),
    [result, statusLine, loaded, top, viewRows, sort, filter, text, glyphs, balanceName, term],
  );
  const selected = list.selected;
  const mouse = useMemo<TableMouse>(
    () => ({ active: p.mouseActive, onRow: list.onRow, onWheel: list.onWheel }),
    [p.mouseActive, list.onRow, list.onWheel],
  );
  return (
    <Box flexDirection="column" width={width} height={p.height} overflow="hidden">
      {balances.phase === 'idle' ? (
        <LoadStatus load={load} glyphs={glyphs} width={width} />
      ) : (
        <BalanceStatus balances={balances} glyphs={glyphs} width={width} />
      )}
      <AccountsTable
        accounts={result}
        layout={layout}
        cursor={state.cursor}
        top={state.top}
        rows={viewRows}
        loading={loading}
        empty={
          load.rows.length === 0
            ? 'Nothing was loaded. L loads again, x goes back to pages.'
            : 'No loaded sub-account matches. f changes the filter, Esc clears the search.'
        }
        swatchOf={p.swatchOf}
        balanceOf={column ? balanceOf : undefined}
        mouse={mouse}
        keyReads={p.keyReads}
      />
      {p.searchOpen ? <SearchBox draft={p.draft} width={width} /> : null}
      {prompting ? (
        <SearchBox
          label="Balance of currency:"
          help="  e.g. BTC · Enter loads · Esc cancels"
          draft={state.prompt ?? ''}
          width={width}
        />
      ) : null}
      <Box height={1} width={width} justifyContent="space-between">
        <Text color={theme.muted} wrap="truncate">
          {truncate(footer, Math.max(1, width - right.length), ellipsis)}
        </Text>
        {hint ? <Text color={theme.warn}>{truncate(right, width, ellipsis)}</Text> : null}
      </Box>
      {state.pickerOpen ? (
        <FilterPicker options={list.options} index={state.pickerIndex} width={width} />
      ) : null}
      {p.detailOpen && selected ? (
        <AccountDetail
          account={selected}
          row={state.cursor + 1}
          width={width}
          height={paneHeight}
          swatch={p.swatchOf(selected)}
          showZeros={p.showZeros}
          hidden={p.hidden}
          keysActive={p.paneKeysActive}
          section={p.section}
          sections={p.sections}
        />
      ) : null}
    </Box>
  );
}

const NO_CELL: Cell = { text: '', role: 'muted' };

/** The balance column's load: its progress bar while it runs, then how it ended. */
function BalanceStatus({
  balances,
  glyphs,
  width,
}: {
  balances: List['balances'];
  glyphs: ListGlyphs;
  width: number;
}) {
  const theme = useTheme();
  const { ellipsis } = useGlyphs();
  const loading = balances.phase === 'loading';
  const p = balances.progress;
  const fraction = p && p.total > 0 ? p.done / p.total : 0;
  const bar = loading ? `${progressBar(fraction, BAR_WIDTH, glyphs)} ` : '';
  const failed = (p?.failed ?? 0) > 0 || balances.cancelled;
  return (
    <Box height={1}>
      {loading ? <Spinner /> : <Text> </Text>}
      <Text> </Text>
      <Text color={failed ? theme.warn : theme.muted} wrap="truncate">
        {fitKeepingKeys(
          `${bar}${balanceLoadText(balances)}`,
          loading ? 'Esc stops' : 'B asks again',
          Math.max(1, width - 2),
          ellipsis,
        )}
      </Text>
    </Box>
  );
}

/** The load's progress or its end and age: the part of the view that follows the clock. */
function LoadStatus({ load, glyphs, width }: { load: List['load']; glyphs: ListGlyphs; width: number }) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const status = loadStatusText(load, useClock(), term);
  const loading = load.phase === 'loading';
  const tone = status.tone === 'error' ? theme.error : status.tone === 'warn' ? theme.warn : theme.muted;
  const bar = loading ? `${progressBar(load.progress?.fraction ?? 0, BAR_WIDTH, glyphs)} ` : '';
  return (
    <Box height={1}>
      {loading ? <Spinner /> : <Text> </Text>}
      <Text> </Text>
      <Text color={tone} wrap="truncate">
        {fitKeepingKeys(`${bar}${status.text}`, status.keys, Math.max(1, width - 2), ellipsis)}
      </Text>
    </Box>
  );
}
