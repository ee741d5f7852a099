/**
 * The dashboard's terminal effects (the `TerminalEffects` port of terminal-context.ts), made once
 * by run-dashboard.tsx over the renderer's out-of-band write. It holds what the views must not
 * know: the escape sequences (src/terminal/), the multiplexer to wrap them for, and the way
 * past the frame writer.
 */
import { clipboardNotice, clipboardSequence } from '../terminal/clipboard.js';
import type { TerminalCaps } from '../terminal/capabilities.js';
import { glyphsFor } from '../terminal/glyphs.js';
import { BELL, desktopNotification } from '../terminal/notification.js';
import { windowTitle } from '../terminal/title.js';
import { truncate } from '../format/width.js';
import type { TerminalEffects } from './terminal-context.js';

/** How much of a copied value the status line repeats. */
const NOTICE_VALUE_WIDTH = 36;

export interface DashboardEffects extends TerminalEffects {
  /** The title set last, sent again: the terminal had the shell's back while suspended. */
  titleAgain(): void;
}

/**
 * The port for `term`, writing with `write` (the renderer's `writeOutOfBand`); `titles`: whether
 * the window title is the dashboard's (off with `--no-title`, `title = false` or a screen reader).
 */
export function createTerminalEffects(
  term: TerminalCaps,
  write: (bytes: string) => void,
  { titles = false }: { titles?: boolean } = {},
): DashboardEffects {
  const { multiplexer } = term;
  let shown: string | undefined;
  return {
    copy(text, label) {
      write(clipboardSequence(text, multiplexer));
      return clipboardNotice(
        label,
        truncate(text, NOTICE_VALUE_WIDTH, glyphsFor(term).ellipsis),
        multiplexer,
      );
    },
    bell: () => write(BELL),
    notify: (title, body) => write(desktopNotification(title, body, term, multiplexer)),
    title(text) {
      if (!titles || text === shown) return;
      shown = text;
      write(windowTitle(text, term));
    },
    titleAgain() {
      if (titles && shown !== undefined) write(windowTitle(shown, term));
    },
  };
}
