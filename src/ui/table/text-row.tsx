/**
 * ink-table's row renderers drawn as lines of one text. ink-table draws a row as a Box holding a
 * Text per cell and per rule character: nine layout nodes for a four-column row, each laid out,
 * measured and painted again on every frame. The same characters as lines of one Text (the cell
 * and skeleton components nested inside it, so they keep their colours) cost one node for the
 * whole table. Cell padding and alignment follow ink-table's own
 * (the column widths come from its getColumns(), in String.length units).
 */
import { Text } from 'ink';
import type { Table } from '@alcalzone/ink-table';
import { type ComponentType, Fragment, memo, type ReactNode } from 'react';
import type { TextTarget } from '../../format/sanitize.js';
import { glyphsFor, type TableRowChars } from '../../terminal/glyphs.js';

type ScalarDict = Record<string, string | number | boolean | null | undefined>;
export type RowProps<T extends ScalarDict> = Parameters<Table<T>['data']>[0];
export type GridColumns<T extends ScalarDict> = RowProps<T>['columns'];
type Part = ComponentType<{ children?: ReactNode }>;
type CellPart = ComponentType<{ column: number; children?: ReactNode }>;

/** The characters of one kind of row: header, heading, rule, data and footer. */
export type RowChars = TableRowChars;

/** ink-table's frame characters, or their ASCII forms on an ASCII terminal (terminal/glyphs.ts). */
export function rowChars(
  term: TextTarget,
): Record<'header' | 'heading' | 'separator' | 'data' | 'footer', RowChars> {
  return glyphsFor(term).table;
}

/** A row renderer for ink-table (same signature as Table#data): one line of the table's Text. */
export function textRow<T extends ScalarDict>(
  chars: RowChars,
  { cell: Cell, skeleton: Skeleton, padding }: { cell: CellPart; skeleton: Part; padding: number },
): (props: RowProps<T>) => ReactNode {
  return ({ key, columns, data }) => {
    const parts: ReactNode[] = [<Skeleton key="left">{chars.left}</Skeleton>];
    columns.forEach((column, i) => {
      if (i > 0) parts.push(<Skeleton key={`cross-${column.key}`}>{chars.cross}</Skeleton>);
      const value = data[column.column];
      const text =
        value === undefined || value === null
          ? chars.line.repeat(column.width)
          : padCell(String(value), column, chars.line, padding);
      parts.push(
        <Cell key={`cell-${column.key}`} column={i}>
          {text}
        </Cell>,
      );
    });
    parts.push(<Skeleton key="right">{chars.right}</Skeleton>);
    return <Fragment key={key}>{parts}</Fragment>;
  };
}

/** The five row renderers of an ink-table, each one line, for a subclass to install. */
export function textRows<T extends ScalarDict>(
  {
    cell,
    header,
    skeleton,
    padding,
  }: Pick<ReturnType<Table<T>['getConfig']>, 'cell' | 'header' | 'skeleton' | 'padding'>,
  term: TextTarget,
): Record<'header' | 'heading' | 'separator' | 'data' | 'footer', (props: RowProps<T>) => ReactNode> {
  const rules = { cell: skeleton, skeleton, padding };
  const chars = rowChars(term);
  return {
    header: textRow(chars.header, rules),
    heading: textRow(chars.heading, { cell: header, skeleton, padding }),
    separator: textRow(chars.separator, rules),
    data: textRow(chars.data, { cell, skeleton, padding }),
    footer: textRow(chars.footer, rules),
  };
}

/** ink-table's cell padding: `padding` fill on the aligned side, the rest on the other. */
function padCell(
  value: string,
  column: { width: number; align?: string },
  fill: string,
  padding: number,
): string {
  const spaces = column.width - value.length;
  let left: number;
  if (column.align === 'left') left = padding;
  else if (column.align === 'center') left = Math.floor(spaces / 2);
  else left = spaces - padding;
  return `${fill.repeat(Math.max(0, left))}${value}${fill.repeat(Math.max(0, spaces - left))}`;
}

interface GridLineProps<T extends ScalarDict> {
  /** One of the table's row renderers (header, heading, data, footer); stable per table. */
  draw: (p: RowProps<T>) => ReactNode;
  lineKey: string;
  columns: GridColumns<T>;
  data: Partial<T>;
  /** Not the table's last line: a line break follows. */
  more: boolean;
}

function GridLineView<T extends ScalarDict>({ draw, lineKey, columns, data, more }: GridLineProps<T>) {
  return (
    <>
      {draw({ key: lineKey, columns, data })}
      {more ? '\n' : null}
    </>
  );
}

/** A table's lines in one Text. Its rows never outgrow the space given them (no wrapping). */
export function GridText({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/**
 * One line of a table, drawn again only when its renderer, its column layout or one of its
 * cells changes: a clock re-render of the table leaves unchanged rows alone.
 */
export const GridLine = memo(GridLineView, (a, b) => {
  return (
    a.draw === b.draw && a.more === b.more && sameColumns(a.columns, b.columns) && sameCells(a.data, b.data)
  );
}) as <T extends ScalarDict>(props: GridLineProps<T> & { key?: string }) => ReactNode;

function sameColumns<T extends ScalarDict>(a: GridColumns<T>, b: GridColumns<T>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((c, i) => {
    const d = b[i];
    return d !== undefined && c.key === d.key && c.width === d.width && c.align === d.align;
  });
}

function sameCells(a: ScalarDict, b: ScalarDict): boolean {
  if (a === b) return true;
  // Runs for every row on every table render: compared without building key arrays.
  let count = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}
