/**
 * The loaded list's balance column (`B`): each account's amount of one currency as a cell,
 * decimal points lined up down the column, a failed account marked in its cell; and the words
 * of the column's load for the line above the table. Pure.
 */
import { alignDecimals } from '../../format/decimal-align.js';
import { formatCount } from '../../format/number.js';
import { PLACEHOLDER } from '../../format/placeholder.js';
import { displayWidth } from '../../format/width.js';
import type { BalanceColumnState } from '../hooks/use-load-balances.js';
import type { Cell } from './account-cells.js';

export interface BalanceColumnCells {
  header: string;
  width: number;
  /** By account id; an account not there has no answer (yet). */
  cells: ReadonlyMap<string, Cell>;
  /** The cell of an account without an answer. */
  pending: Cell;
}

export const FAILED_MARK = 'failed';
/** Room for the heading's sort marker (`BTC total ▲`). */
const MARKER = 2;

export function balanceColumnCells(
  state: Pick<BalanceColumnState, 'phase' | 'ticker' | 'values'>,
  ellipsis: string,
): BalanceColumnCells {
  const header = `${state.ticker} total`;
  const amounts: string[] = [];
  const ids: string[] = [];
  const cells = new Map<string, Cell>();
  for (const [id, value] of state.values) {
    if (!value.ok) cells.set(id, { text: FAILED_MARK, role: 'error' });
    else if (value.total === null) cells.set(id, { text: PLACEHOLDER, role: 'muted' });
    else {
      amounts.push(value.total);
      ids.push(id);
    }
  }
  const aligned = alignDecimals(amounts);
  aligned.forEach((text, i) => {
    cells.set(ids[i] ?? '', { text, role: undefined });
  });
  const width = Math.max(displayWidth(header) + MARKER, FAILED_MARK.length, ...aligned.map(displayWidth));
  const pending: Cell = { text: state.phase === 'loading' ? ellipsis : '', role: 'muted' };
  return { header, width, cells, pending };
}

/** `BTC: 340 of 1,000 accounts · 2 failed · 3 retried` (and how the load ended). */
export function balanceLoadText(state: BalanceColumnState): string {
  const p = state.progress;
  const done = p ? `${formatCount(p.done)} of ${formatCount(p.total)} accounts` : 'starting';
  const parts = [`${state.ticker}: ${done}`];
  if (p && p.failed > 0) parts.push(`${formatCount(p.failed)} ${FAILED_MARK}`);
  if (p && p.retried > 0) parts.push(`${formatCount(p.retried)} retried`);
  if (state.phase === 'loading') parts.push('Esc stops');
  else if (state.cancelled) parts.push('stopped · B asks again');
  else parts.push('B asks again');
  return parts.join(' · ');
}
