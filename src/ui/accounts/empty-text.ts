/** What the Sub-accounts table says when a page has no rows. Pure. */
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';

export function emptyText(search: string, offset: number, term: TextTarget): string {
  if (offset > 0) return `No sub-accounts from row ${offset + 1} on: the list ended. PgUp goes back.`;
  return search === ''
    ? 'No sub-accounts yet.'
    : `No sub-accounts match "${sanitizeLine(search, term)}". Esc clears the search.`;
}
