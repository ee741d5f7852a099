/**
 * One terminal read as the keypresses it holds, in order. Ink parses escape sequences and splits
 * out Backspace and Ctrl+C bytes, but hands over a run of typed characters as one string: key
 * repeat, a fast typist over SSH or `tmux send-keys` deliver `jjjj` or `--` in a single read,
 * and each character must act. So a run is cut into grapheme clusters (an emoji or an accented
 * letter stays one keypress), control characters in it become their keys (Enter, Tab, Esc,
 * Ctrl+letter), and an Esc that arrived glued to the next key (Ink reports that as "meta") is
 * an Esc and then that key: pooltop binds nothing to Alt. Pure.
 */
import type { Key } from 'ink';
import { graphemes } from '../format/graphemes.js';
import { keyName } from './keymap.js';

export interface Keypress {
  /** The key's name as the keymap spells it: 'j', 'G', 'ctrl+l', 'up', 'escape' ('' when none). */
  name: string;
  /** The printable text it types ('' for keys that type nothing). */
  text: string;
}

/** A bracketed paste: text the user pasted, never keys. */
export interface Paste {
  paste: string;
}

export type InputEvent = Keypress | Paste;

export function isPaste(event: InputEvent): event is Paste {
  return 'paste' in event;
}

const CONTROL_NAMES: Readonly<Record<string, string>> = {
  '\r': 'enter',
  '\n': 'enter',
  '\t': 'tab',
  '\x1b': 'escape',
  '\x7f': 'backspace',
  '\b': 'backspace',
};

/** One character of a typed run: a control character's key, or itself. */
function characterKey(ch: string): Keypress {
  const named = CONTROL_NAMES[ch];
  if (named) return { name: named, text: '' };
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && code >= 1 && code <= 26)
    return { name: `ctrl+${String.fromCharCode(code + 96)}`, text: '' };
  if (ch.length === 1 && code < 0x20) return { name: '', text: '' };
  return { name: [...ch].length === 1 ? ch : '', text: ch };
}

/** The keypresses in one Ink input event. */
export function keypressesOf(input: string, key: Key): Keypress[] {
  if (key.meta && !key.escape) {
    // Esc and the next key in one read: both, in order.
    return [{ name: 'escape', text: '' }, ...keypressesOf(input, { ...key, meta: false })];
  }
  const named = keyName(input, key);
  const flagged =
    key.ctrl ||
    key.escape ||
    key.return ||
    key.tab ||
    key.backspace ||
    key.delete ||
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.pageUp ||
    key.pageDown ||
    key.home ||
    key.end;
  if (flagged) return [{ name: named, text: '' }];
  return Array.from(graphemes(input), ({ segment }) => characterKey(segment));
}
