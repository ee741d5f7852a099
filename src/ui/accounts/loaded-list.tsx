import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import type { SubAccount } from '../../api/types.js';
import { truncate } from '../../format/width.js';
import { Spinner } from '../chrome/spinner.js';
import { useClock } from '../clock.js';
import { useTheme } from '../theme-context.js';
import { AccountDetail, DETAIL_HEIGHT } from './account-detail.js';
import { AccountsTable } from './accounts-table.js';
import type { TableLayout } from './columns.js';
import { FilterPicker, PICKER_HEIGHT } from './filter-picker.js';
import { type ListGlyphs, progressBar } from './list-glyphs.js';
import { listFooterParts, loadStatusText, withSortMarker } from './list-text.js';
import { SearchBox } from './search-box.js';
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
}

const BAR_WIDTH = 22;

/** The Sub-accounts tab while the whole list is loaded or loading: the list, worked on locally. */
export function LoadedListView(p: LoadedListProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { list, width, glyphs } = p;
  const { load, state, result } = list;
  const viewRows = Math.max(
    1,
    p.height -
      3 -
      (p.searchOpen ? 1 : 0) -
      (p.detailOpen ? DETAIL_HEIGHT : 0) -
      (state.pickerOpen ? PICKER_HEIGHT : 0),
  );
  const { dispatch } = list;
  useEffect(() => dispatch({ type: 'viewport', rows: viewRows }), [viewRows, dispatch]);
  const layout = useMemo(
    () => withSortMarker(p.layout, state.sort, glyphs, ellipsis),
    [p.layout, state.sort, glyphs, ellipsis],
  );

  const loading = load.phase === 'loading';
  const given = state.hint ?? p.hint;
  const hint = given === undefined ? undefined : hintText(given, ellipsis);
  const right = hint ? ` ${hint}` : '';
  // Counting 10,100 rows is not free: only when what is counted or shown changes, not every tick.
  const loaded = load.rows.length;
  const { top, sort, filter } = state;
  const text = list.text;
  const footer = useMemo(
    () => listFooterParts({ result, loaded, top, viewRows, sort, filter, text, glyphs }, term).join(' · '),
    [result, loaded, top, viewRows, sort, filter, text, glyphs, term],
  );
  const selected = list.selected;
  return (
    <Box flexDirection="column" width={width} height={p.height} overflow="hidden">
      <LoadStatus load={load} glyphs={glyphs} width={width} />
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
      />
      {p.searchOpen ? <SearchBox draft={p.draft} width={width} /> : null}
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
          swatch={p.swatchOf(selected)}
        />
      ) : null}
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
        {truncate(`${bar}${status.text}`, Math.max(1, width - 2), ellipsis)}
      </Text>
    </Box>
  );
}
