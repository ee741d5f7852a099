/**
 * Full-screen mode: alternate screen + hidden cursor on the way in; on the way out the normal
 * screen and the cursor come back exactly once, whichever way out it is, including a plain
 * `process.exit()` (the 'exit' hook).
 */
export const ENTER_ALT_SCREEN = '\x1b[?1049h';
export const LEAVE_ALT_SCREEN = '\x1b[?1049l';
export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';
const HOME = '\x1b[H';

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

export function enterFullScreen(stdout: NodeJS.WritableStream): ScreenGuard {
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    write(stdout, LEAVE_ALT_SCREEN + SHOW_CURSOR);
  };
  process.on('exit', restore);
  write(stdout, ENTER_ALT_SCREEN + HIDE_CURSOR + HOME);
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
