/**
 * The terminal's window title (OSC 2; tmux takes it as the pane's title, which its default status
 * line shows), and xterm's title stack (XTWINOPS 22/23), so the title the shell had comes back
 * when the dashboard quits or is suspended. A terminal without the stack ignores those two; one
 * without titles ignores all three. The text passes through sanitizeLine, so nothing in it can
 * end the sequence early.
 */
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { truncate } from '../format/width.js';
import { glyphsFor } from './glyphs.js';

/** Saves the window title on the terminal's stack. */
export const TITLE_PUSH = '\x1b[22;2t';
/** Restores the title saved last. */
export const TITLE_POP = '\x1b[23;2t';

/** Longest title: a tab or a tmux status line shows far less. */
const TITLE_MAX = 80;

export function windowTitle(text: string, term: TextTarget): string {
  return `\x1b]2;${truncate(sanitizeLine(text, term), TITLE_MAX, glyphsFor(term).ellipsis)}\x07`;
}
