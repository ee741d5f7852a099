/**
 * The rows of a detail-pane section that fit, and `]` / `[` to move a page of them when more
 * than fit: the balances, the keys, the transfers.
 */
import { useState } from 'react';
import { formatCount } from '../../format/number.js';
import { useKeymap } from '../hooks/use-keymap.js';

export interface PaneRows {
  /** The first row shown and the one after the last. */
  top: number;
  end: number;
  /** Where the rows shown are and which key shows more; undefined when all fit. */
  overflow: string | undefined;
}

/** The text under the rows shown when not all fit: where they are, and which key shows more. */
function overflowText(top: number, shown: number, total: number): string {
  const range = `rows ${formatCount(top + 1)}–${formatCount(top + shown)} of ${formatCount(total)}`;
  const below = total - top - shown;
  return [
    range,
    top > 0 ? `[ ${formatCount(top)} above` : '',
    below > 0 ? `] ${formatCount(below)} more` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * `total` rows of `perRow` lines each in `lines` lines (one of them the overflow text when not all
 * fit); `]` and `[` act while `active`. Clamped to the rows there are now: a taller pane or fewer
 * rows never leave it past the end.
 */
export function usePaneRows(total: number, lines: number, perRow: number, active: boolean): PaneRows {
  const fits = Math.floor(lines / perRow);
  const overflowing = total > fits;
  const page = overflowing ? Math.max(1, Math.floor((lines - 1) / perRow)) : total;
  const lastTop = Math.max(0, total - page);
  const [wanted, setWanted] = useState(0);
  const top = Math.min(wanted, lastTop);
  const scrollTo = (next: number) => setWanted(Math.max(0, Math.min(lastTop, next)));
  useKeymap(
    'accounts',
    { 'balances-down': () => scrollTo(top + page), 'balances-up': () => scrollTo(top - page) },
    active && overflowing,
  );
  const end = Math.min(total, top + page);
  return { top, end, overflow: overflowing ? overflowText(top, end - top, total) : undefined };
}
