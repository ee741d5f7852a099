/**
 * Ctrl+Z. In raw mode the terminal sends the key instead of stopping the program, so the
 * dashboard stops itself the way a shell job stops: the terminal is given back first (normal
 * screen, cursor shown, raw mode and bracketed paste off), then SIGTSTP. When the shell continues
 * it (`fg`, SIGCONT), raw mode, bracketed paste and the alternate screen come back and
 * everything is drawn again.
 *
 * A process stopping itself stops inside kill(), before it returns, so the code after it runs
 * once continued (or at once when the stop is ignored: no job control). SIGCONT, which Node
 * reports a moment later, sets the terminal up once more, in case the stop took effect only
 * after kill() returned; doing it twice is harmless.
 */
import { ENTER_ALT_SCREEN, HIDE_CURSOR, LEAVE_ALT_SCREEN, SHOW_CURSOR } from './terminal.js';

/** Bracketed paste, which the input layer keeps on while the dashboard runs. */
const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

export interface SuspendDeps {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  /** Draws the whole frame again. */
  repaint: () => void;
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

function setRaw(stdin: NodeJS.ReadStream, on: boolean): void {
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(on);
}

export function suspendDashboard({
  stdin,
  stdout,
  repaint,
  stop = () => process.kill(process.pid, 'SIGTSTP'),
}: SuspendDeps): void {
  const resume = (): void => {
    setRaw(stdin, true);
    write(stdout, ENTER_ALT_SCREEN + HIDE_CURSOR + PASTE_ON);
    repaint();
  };
  write(stdout, PASTE_OFF + LEAVE_ALT_SCREEN + SHOW_CURSOR);
  setRaw(stdin, false);
  process.once('SIGCONT', resume);
  stop();
  resume();
}
