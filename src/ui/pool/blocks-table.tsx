/**
 * Found blocks, newest first, as an ink-table (the @alcalzone ESM fork) extended through its
 * own seams: a subclass draws each row as one line of text (table/text-row.tsx), memoised, and
 * drops the rule it draws between data rows (keeping one under the heading); the `cell`
 * component reads a row context to highlight new blocks. Every cell is ASCII (heights, times,
 * "new") or the one-column placeholder `—`, so ink-table's String.length widths are display
 * widths; no network text goes into this table.
 */
import { Box, Text } from 'ink';
import { Table } from '@alcalzone/ink-table';
import { createContext, type ReactNode, useContext } from 'react';
import type { FoundBlock } from '../../api/types.js';
import { PLACEHOLDER } from '../../format/placeholder.js';
import { formatDateTime, timeAgo } from '../../format/time.js';
import { GridLine, GridText, type RowProps, textRows } from '../table/text-row.js';
import { TerminalContext } from '../terminal-context.js';
import type { TerminalCaps } from '../../terminal/capabilities.js';
import { useClock } from '../clock.js';
import { useTheme } from '../theme-context.js';

/** Width of a time found, "2025-11-22 14:03:09": a row without one keeps the column's width. */
const FOUND_AT_WIDTH = 19;
/** Width of the longest age, "99d 23h ago": the column keeps its width as ages grow. */
const AGE_WIDTH = 11;
/** Widest height shown whole (ten million blocks); the column never grows past it. */
const HEIGHT_WIDTH = 7;
const DAY_MS = 86_400_000;

export type BlockRow = { Height: string; 'Found at': string; Age: string; Status: string };

/**
 * Cells never outgrow BLOCKS_TABLE_WIDTH, whatever the server sends (the layout beside the
 * chart depends on it): a height past seven digits keeps its last six, an age past 99 days is
 * counted in days ("20414d ago").
 */
export function heightCell(height: number): string {
  const text = String(height);
  return text.length <= HEIGHT_WIDTH ? text : `…${text.slice(-(HEIGHT_WIDTH - 1))}`;
}

export function ageCell(atMs: number, nowMs: number): string {
  const text = timeAgo(atMs, nowMs);
  const fitted = text.length <= AGE_WIDTH ? text : `${Math.floor((nowMs - atMs) / DAY_MS)}d ago`;
  return fitted.slice(0, AGE_WIDTH).padEnd(AGE_WIDTH);
}

const FreshRow = createContext(false);

function BlockCell({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  const fresh = useContext(FreshRow);
  return (
    <Text bold={fresh} color={fresh ? theme.highlight : undefined}>
      {children}
    </Text>
  );
}

function Rule({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  return <Text color={theme.muted}>{children}</Text>;
}

function Heading({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  return (
    <Text bold color={theme.accent}>
      {children}
    </Text>
  );
}

class BlocksGrid extends Table<BlockRow> {
  // React hands a class the context named here to its constructor: the frame's characters.
  static override contextType = TerminalContext;

  constructor(props: ConstructorParameters<typeof Table<BlockRow>>[0], term: TerminalCaps) {
    super(props);
    const rows = textRows<BlockRow>(this.getConfig(), term);
    Object.assign(this, rows);
    const data = rows.data;
    this.data = (p: RowProps<BlockRow>) => (
      <FreshRow.Provider key={p.key} value={p.data.Status === 'new'}>
        {data(p)}
      </FreshRow.Provider>
    );
  }

  /**
   * ink-table's own render keys each row by an object-hash of its cells, so the rows remount
   * whenever an age changes and each render hashes every row; and it draws a rule between data
   * rows. Here: one rule under the heading, rows keyed by height (rowKeys), each line memoised by its cells: the 1 s clock re-renders the table, but a row
   * is drawn again only when one of its cells changed (an age moves on once a minute).
   */
  override render() {
    const columns = this.getColumns();
    const line = (
      draw: (p: RowProps<BlockRow>) => ReactNode,
      key: string,
      data: Partial<BlockRow>,
      more = true,
    ) => <GridLine key={key} draw={draw} lineKey={key} columns={columns} data={data} more={more} />;
    return (
      <Box flexDirection="column">
        <GridText>
          {line(this.header, 'header', NO_CELLS)}
          {line(this.heading, 'heading', this.getHeadings())}
          {line(this.separator, 'rule', NO_CELLS)}
          {rowKeys(this.props.data).map((key, index) =>
            line(this.data, key, this.props.data[index] ?? NO_CELLS),
          )}
          {line(this.footer, 'footer', NO_CELLS, false)}
        </GridText>
      </Box>
    );
  }
}

const NO_CELLS: Partial<BlockRow> = {};

/**
 * A key per row that stays with its block: the height, and a count for a height the server
 * sends twice. Not the position: a new block pushes every row down one place, and keys by
 * position would remount them all.
 */
export function rowKeys(rows: readonly BlockRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const n = seen.get(row.Height) ?? 0;
    seen.set(row.Height, n + 1);
    return n === 0 ? `block-${row.Height}` : `block-${row.Height}-${n}`;
  });
}

/** Columns the table takes at most: Height(7+2) Found at(19+2) Age(11+2) Status(6+2) and 5 rules. */
export const BLOCKS_TABLE_WIDTH = 56;

export interface BlocksTableProps {
  blocks: readonly FoundBlock[];
  /** Heights to highlight (see useNewBlocks). */
  fresh: ReadonlySet<number>;
  /** Data rows that fit; the table adds 4 lines of frame. */
  maxRows: number;
}

export function BlocksTable({ blocks, fresh, maxRows }: BlocksTableProps) {
  const nowMs = useClock();
  const theme = useTheme();
  if (blocks.length === 0) return <Text color={theme.muted}>No blocks found yet.</Text>;
  const rows: BlockRow[] = blocks.slice(0, Math.max(1, maxRows)).map((b) => {
    const at = b.blockFoundAt === null ? undefined : b.blockFoundAt * 1000;
    const height = b.blockHeight;
    return {
      Height: height == null ? PLACEHOLDER : heightCell(height),
      'Found at': at === undefined ? PLACEHOLDER.padEnd(FOUND_AT_WIDTH) : formatDateTime(at),
      Age: at === undefined ? PLACEHOLDER.padEnd(AGE_WIDTH) : ageCell(at, nowMs),
      Status: height != null && fresh.has(height) ? 'new' : '',
    };
  });
  // A Status column only while a block has a status ("new"): an empty column says nothing.
  const withStatus = rows.some((r) => r.Status !== '');
  return (
    <BlocksGrid
      key={withStatus ? 'with-status' : 'plain'}
      data={rows}
      columns={[
        { key: 'Height', align: 'right' },
        'Found at',
        'Age',
        ...(withStatus ? ['Status' as const] : []),
      ]}
      cell={BlockCell}
      skeleton={Rule}
      header={Heading}
    />
  );
}
