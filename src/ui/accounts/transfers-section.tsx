import { Text } from 'ink';
import { useMemo } from 'react';
import { displayWidth, padEnd, padStart, truncate } from '../../format/width.js';
import { uniqueKeys } from '../browser/table-frame.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { useTheme } from '../theme-context.js';
import { transferCells } from './key-marks.js';
import { usePaneRows } from './pane-rows.js';
import { SectionStatus, statusOf } from './section-status.js';
import type { OversightReadOptions } from './use-account-keys.js';
import { useTransfers } from './use-transfers.js';

const HEADER = ['Time', 'Direction', 'Currency', 'Amount'] as const;

export interface TransfersSectionProps extends OversightReadOptions {
  accountId: string | null;
  width: number;
  /** Lines under the status line and the heading. */
  lines: number;
  keysActive: boolean;
}

/** The detail pane's recent transfers with the main account: the first page, newest first. */
export function TransfersSection({ accountId, width, lines, keysActive, ...reads }: TransfersSectionProps) {
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const transfers = useTransfers(accountId, reads);
  const items = transfers.value?.items;
  const cells = useMemo(() => (items ?? []).map((t) => transferCells(t, term)), [items, term]);
  const widths = HEADER.map((h, col) =>
    Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[col] ?? ''))),
  );
  const lineOf = (c: readonly string[]) =>
    c
      .map((cell, col) =>
        col === 3 ? padStart(cell, widths[col] ?? 0, ellipsis) : padEnd(cell, widths[col] ?? 0, ellipsis),
      )
      .join('  ');
  const ids = useMemo(() => uniqueKeys((items ?? []).map((t) => t.id ?? '')), [items]);
  const rows = usePaneRows(cells.length, lines, 1, keysActive && items !== undefined);
  const note =
    items && items.length >= (transfers.value?.limit ?? 0)
      ? ' · newest page (accounts transfers lists all)'
      : '';
  return (
    <>
      <SectionStatus
        title="Transfers"
        what="transfers"
        {...statusOf(transfers)}
        paused={reads.paused}
        width={width}
        note={note}
      />
      {items === undefined ? (
        <Text> </Text>
      ) : items.length === 0 ? (
        <Text color={theme.muted}>No transfer between this sub-account and the main account.</Text>
      ) : (
        <>
          <Text color={theme.accent} bold wrap="truncate">
            {truncate(lineOf(HEADER), width, ellipsis)}
          </Text>
          {cells.slice(rows.top, rows.end).map((c, i) => (
            <Text key={ids[rows.top + i]} wrap="truncate">
              {truncate(lineOf(c), width, ellipsis)}
            </Text>
          ))}
          {rows.overflow ? (
            <Text color={theme.muted} wrap="truncate">
              {truncate(rows.overflow, width, ellipsis)}
            </Text>
          ) : null}
        </>
      )}
    </>
  );
}
