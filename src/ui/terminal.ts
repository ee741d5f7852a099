import { ReadStream } from 'node:tty';
import { TITLE_POP, TITLE_PUSH } from '../terminal/title.js';

/**
 * Full-screen mode: alternate screen + hidden cursor (+ mouse reporting when asked, + the window
 * title saved when the dashboard sets its own) on the way in; on the way out mouse reporting is
 * off and the normal screen, the cursor and the title come back exactly once, whichever way out
 * it is, including a plain `process.exit()` (the 'exit' hook): a terminal left reporting would
 * type mouse codes into the shell.
 */
export const ENTER_ALT_SCREEN = '\x1b[?1049h';
export const LEAVE_ALT_SCREEN = '\x1b[?1049l';
export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';
const HOME = '\x1b[H';
/** Clicks and the wheel (1000), reported as SGR (1006): any column, and presses told from releases. */
export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

export interface ScreenGuard {
  /** Leaves the alternate screen and shows the cursor; later calls do nothing. */
  restore(): void;
  readonly restored: boolean;
}

function write(stdout: NodeJS.WritableStream, text: string): void {
  try {
    stdout.write(text);
  } catch {
    // The terminal may be gone (SIGHUP); nothing left to restore then.
  }
}

export function enterFullScreen(
  stdout: NodeJS.WritableStream,
  opts: { mouse?: boolean; title?: boolean } = {},
): ScreenGuard {
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    write(
      stdout,
      (opts.mouse ? MOUSE_OFF : '') + LEAVE_ALT_SCREEN + SHOW_CURSOR + (opts.title ? TITLE_POP : ''),
    );
  };
  process.on('exit', restore);
  write(
    stdout,
    (opts.title ? TITLE_PUSH : '') + ENTER_ALT_SCREEN + HIDE_CURSOR + HOME + (opts.mouse ? MOUSE_ON : ''),
  );
  return {
    restore,
    get restored() {
      return restored;
    },
  };
}

/** Keys reach the program one by one and are not echoed (raw mode), on a terminal only. */
export function setRawInput(stdin: NodeJS.ReadStream, on: boolean): void {
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(on);
}

/**
 * The keyboard goes back to the shell: raw mode off and the terminal no longer read, so what is
 * typed after quitting reaches the shell. A paused stream still reads ahead into its buffer (and
 * Ink only unrefs it), which would swallow those keys until the process ends; a terminal's stream
 * is closed instead.
 */
export function releaseInput(stdin: NodeJS.ReadStream): void {
  setRawInput(stdin, false);
  stdin.pause();
  if (stdin instanceof ReadStream) stdin.destroy();
}

/**
 * Reads the terminal's size again and, if it changed, updates `stdout` and emits 'resize'. A
 * resize while the dashboard was stopped (Ctrl+Z) sends SIGWINCH to the shell, not to it, so its
 * idea of the size is stale after `fg`. Node's public `getWindowSize()` only returns the cached
 * `columns`/`rows`; `_refreshSize()` is what Node itself runs on SIGWINCH (an ioctl, then
 * 'resize' if the size changed).
 */
export function refreshSize(stdout: NodeJS.WritableStream): void {
  const tty = stdout as NodeJS.WritableStream & { isTTY?: boolean; _refreshSize?: () => void };
  if (tty.isTTY !== true || typeof tty._refreshSize !== 'function') return;
  try {
    tty._refreshSize();
  } catch {
    // The terminal is gone; the dashboard is on its way out.
  }
}
