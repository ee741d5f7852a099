/** Editing the search box, one Ink keypress at a time. Pure. */
import type { Key } from 'ink';
import { sanitize } from '../../format/sanitize.js';

/** The server accepts any string; a term this long is a paste gone wrong, not a search. */
export const MAX_SEARCH_LENGTH = 100;

export type SearchKeyResult =
  | { type: 'edit'; draft: string }
  | { type: 'accept' }
  | { type: 'cancel' }
  /** Not an editing key: navigation keys keep working while typing. */
  | { type: 'pass' };

export function searchKey(draft: string, input: string, key: Key): SearchKeyResult {
  if (key.return) return { type: 'accept' };
  if (key.escape) return { type: 'cancel' };
  if (key.backspace || key.delete) return { type: 'edit', draft: [...draft].slice(0, -1).join('') };
  if (key.ctrl && input === 'u') return { type: 'edit', draft: '' };
  if (key.ctrl && input === 'w') return { type: 'edit', draft: draft.replace(/\S*\s*$/, '') };
  if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) {
    return { type: 'pass' };
  }
  if (key.leftArrow || key.rightArrow || key.home || key.end) return { type: 'pass' };
  // Typed or pasted text: printable only, one line (a typed space is kept).
  const text = sanitize(input, { keepUnicode: true }).replace(/\s+/g, ' ');
  if (text === '') return { type: 'pass' };
  return { type: 'edit', draft: [...(draft + text)].slice(0, MAX_SEARCH_LENGTH).join('') };
}
