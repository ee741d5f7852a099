/**
 * The footer of a paged list (the Sub-accounts table, a mining account's workers): where the
 * rows are, the search term, the page size and "end of list" when a page came back short. The
 * API gives no total, so none is shown. Pure.
 */
import { sanitizeLine } from '../../format/sanitize.js';
import type { TextTarget } from '../../format/sanitize.js';

export interface FooterInput {
  offset: number;
  limit: number;
  search: string;
  /** Rows of the page on screen for the key asked for; undefined while it loads. */
  rows: number | undefined;
  /** The page asked for could not be loaded. */
  failed?: boolean;
  /** Page rows on screen, [first, end) as page indexes, when the page is taller than the view. */
  visible?: { first: number; end: number };
}

/** Which rows of a page of `count` the table draws from `top` with `viewRows` lines (as AccountsTable does). */
export function visibleRange(top: number, viewRows: number, count: number): { first: number; end: number } {
  const first = Math.max(0, Math.min(top, count - viewRows));
  return { first, end: Math.min(count, first + viewRows) };
}

export function footerParts(
  { offset, limit, search, rows, failed, visible }: FooterInput,
  term: TextTarget,
): string[] {
  const parts: string[] = [];
  if (rows === undefined)
    parts.push(`rows ${offset + 1}–${offset + limit} ${failed ? 'not loaded' : 'loading'}`);
  else if (rows === 0) parts.push(offset === 0 ? 'no rows' : `no rows from ${offset + 1}`);
  else {
    parts.push(`rows ${offset + 1}–${offset + rows}`);
    // A page taller than the view: the rows on screen, and how many lie above (↑) and below (↓).
    if (visible && (visible.first > 0 || visible.end < rows)) {
      const above = visible.first > 0 ? ` ↑${visible.first}` : '';
      const below = visible.end < rows ? ` ↓${rows - visible.end}` : '';
      parts.push(`${offset + visible.first + 1}–${offset + visible.end} shown${above}${below}`);
    }
  }
  if (search !== '') parts.push(`search "${sanitizeLine(search, term)}"`);
  parts.push(`page size ${limit}`);
  if (rows !== undefined && rows < limit) parts.push('end of list');
  return parts;
}
