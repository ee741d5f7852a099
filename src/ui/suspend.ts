/**
 * Ctrl+Z. In raw mode the terminal sends the key instead of stopping the program, so the
 * dashboard stops itself the way a shell job stops: the terminal is given back first (normal
 * screen, cursor shown, the shell's window title, raw mode, bracketed paste and mouse reporting
 * off), then SIGTSTP to its process group. When the shell continues it (`fg`, SIGCONT), raw
 * mode, bracketed paste, mouse reporting, the title and the alternate screen come back and
 * everything is drawn again, at the terminal's size read anew: it may have been resized while
 * the dashboard was stopped.
 *
 * kill() can return before the stop takes effect (another of Node's threads may take the
 * signal), so nothing is set up again right after it: the terminal comes back once, on SIGCONT
 * (`fg`), or after STOP_GRACE_MS when no stop came (SIGTSTP ignored: no job control). A stopped
 * process runs no timers, so the grace period cannot end while it is stopped.
 */
import {
  ENTER_ALT_SCREEN,
  HIDE_CURSOR,
  LEAVE_ALT_SCREEN,
  MOUSE_OFF,
  MOUSE_ON,
  refreshSize,
  SHOW_CURSOR,
  setRawInput,
} from './terminal.js';
import { TITLE_POP, TITLE_PUSH } from '../terminal/title.js';

/** Bracketed paste, which the input layer keeps on while the dashboard runs. */
const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

export interface SuspendDeps {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  /** Draws the whole frame again. */
  repaint: () => void;
  /** Mouse reporting is on while the dashboard runs. */
  mouse?: boolean;
  /** The dashboard draws in the alternate screen (not in screen-reader mode). */
  fullScreen?: boolean;
  /** The window title is the dashboard's: the shell's comes back meanwhile (repaint sets it again). */
  title?: boolean;
  /** Stops the process (tests replace it). */
  stop?: () => void;
}

function write(stdout: NodeJS.WritableStream, text: string): void {
  try {
    stdout.write(text);
  } catch {
    // The terminal is gone.
  }
}

/** How long a stop may take to happen after SIGTSTP before the dashboard takes the terminal back. */
export const STOP_GRACE_MS = 200;

export function suspendDashboard({
  stdin,
  stdout,
  repaint,
  mouse = false,
  fullScreen = true,
  title = false,
  // The whole process group, as the terminal stops a job for Ctrl+Z: under `npm start` or
  // `npx pooltop`, npm and sh share the dashboard's group, and the shell waits for them.
  stop = () => process.kill(0, 'SIGTSTP'),
}: SuspendDeps): void {
  let timer: NodeJS.Timeout | undefined;
  const resume = (): void => {
    process.removeListener('SIGCONT', resume);
    clearTimeout(timer);
    setRawInput(stdin, true);
    write(
      stdout,
      (title ? TITLE_PUSH : '') +
        (fullScreen ? ENTER_ALT_SCREEN + HIDE_CURSOR : '') +
        PASTE_ON +
        (mouse ? MOUSE_ON : ''),
    );
    refreshSize(stdout);
    repaint();
  };
  write(
    stdout,
    (mouse ? MOUSE_OFF : '') +
      PASTE_OFF +
      (fullScreen ? LEAVE_ALT_SCREEN + SHOW_CURSOR : '') +
      (title ? TITLE_POP : ''),
  );
  setRawInput(stdin, false);
  process.once('SIGCONT', resume);
  stop();
  timer = setTimeout(resume, STOP_GRACE_MS);
}
