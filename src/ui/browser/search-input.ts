/** Editing the search box, one keypress (../keypress.ts) or paste at a time. Pure. */
import { KEEP_UNICODE, sanitize } from '../../format/sanitize.js';
import { type InputEvent, isPaste } from '../keypress.js';

/** The server accepts any string; a term this long is a paste gone wrong, not a search. */
export const MAX_SEARCH_LENGTH = 100;

export type SearchKeyResult =
  | { type: 'edit'; draft: string }
  | { type: 'accept' }
  | { type: 'cancel' }
  /** Not an editing key: navigation keys keep working while typing. */
  | { type: 'pass' };

/** Printable text on one line (a typed space is kept; a pasted line break becomes one). */
function append(draft: string, raw: string): SearchKeyResult {
  const text = sanitize(raw, KEEP_UNICODE).replace(/\s+/g, ' ');
  if (text === '') return { type: 'pass' };
  return { type: 'edit', draft: [...(draft + text)].slice(0, MAX_SEARCH_LENGTH).join('') };
}

export function searchKey(draft: string, event: InputEvent): SearchKeyResult {
  if (isPaste(event)) return append(draft, event.paste);
  switch (event.name) {
    case 'enter':
      return { type: 'accept' };
    case 'escape':
      return { type: 'cancel' };
    case 'backspace':
    case 'delete':
      return { type: 'edit', draft: [...draft].slice(0, -1).join('') };
    case 'ctrl+u':
      return { type: 'edit', draft: '' };
    case 'ctrl+w':
      return { type: 'edit', draft: draft.replace(/\S*\s*$/, '') };
  }
  return event.text === '' ? { type: 'pass' } : append(draft, event.text);
}
