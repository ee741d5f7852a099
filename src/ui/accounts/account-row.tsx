import { Text } from 'ink';
import { memo } from 'react';
import type { SubAccount } from '../../api/types.js';
import { padEnd, padStart, truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { type Cell, cellFor, roleColor } from './account-cells.js';
import type { TableLayout } from './columns.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { styled } from '../table/styled-text.js';

export interface AccountRowProps {
  account: SubAccount;
  layout: TableLayout;
  selected: boolean;
  /** Ink colour of the swatch, or undefined to leave it blank (colour off, or not a colour). */
  swatch: string | undefined;
  /** The balance column's cell, when the layout has one. */
  balance?: Cell;
  /** The Keys column's cell, when the layout has one. */
  keys?: Cell;
}

/**
 * One table line: cursor marker, colour swatch, then the cells. The selection is marked by `›`,
 * not colour. Memoised: the 1 s clock and a cursor move re-render the table, and only the rows
 * whose account, layout, selection or swatch changed are drawn again. Neighbouring cells of one
 * colour share one run of styled text.
 */
export const AccountRow = memo(AccountRowView);

function AccountRowView({ account, layout, selected, swatch, balance, keys }: AccountRowProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const runs: { color: string | undefined; text: string }[] = [];
  layout.columns.forEach((column, i) => {
    const given = column.id === 'balance' ? balance : column.id === 'keys' ? keys : undefined;
    const cell = given ?? cellFor(account, column.id, layout.shortId, term);
    const text =
      column.id === 'balance'
        ? padStart(truncate(cell.text, column.width, ellipsis), column.width, ellipsis)
        : cell.text;
    const color = selected ? undefined : roleColor(theme, cell.role);
    const piece = padEnd(text, column.width, ellipsis) + (i < layout.columns.length - 1 ? ' ' : '');
    const last = runs.at(-1);
    if (last && last.color === color) last.text += piece;
    else runs.push({ color, text: piece });
  });
  // One Text of one string (table/styled-text.ts): a sort or a page flip draws every row again.
  const line =
    styled(selected ? '› ' : '  ', { bold: true }) +
    styled(`${swatch ? '██' : '  '} `, { color: swatch }) +
    runs.map((run) => styled(run.text, { color: run.color, inverse: selected, bold: selected })).join('');
  return <Text wrap="truncate">{line}</Text>;
}

/** The column headings, aligned with AccountRow. */
export const AccountHeader = memo(AccountHeaderView);

function AccountHeaderView({ layout }: { layout: TableLayout }) {
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  return (
    <Text bold color={theme.accent} wrap="truncate">
      {'     '}
      {layout.columns
        .map((c) =>
          c.id === 'balance' ? padStart(c.header, c.width, ellipsis) : padEnd(c.header, c.width, ellipsis),
        )
        .join(' ')}
    </Text>
  );
}
