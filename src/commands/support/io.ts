import type { TerminalCaps } from '../../terminal/capabilities.js';

/** What the process gives main(), injected so commands are testable in-process. */
export interface ProcessIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Fires when the user interrupts (SIGINT/SIGTERM); its reason is an `Interrupted`. */
  signal: AbortSignal;
  /** stderr is a terminal: live progress may be drawn there. */
  stderrIsTTY?: boolean;
}

/** What a command gets: the process's IO and the terminal main() decided on from env and flags. */
export interface CommandIO extends ProcessIO {
  readonly terminal: TerminalCaps;
}

/** The abort reason when a termination signal stops a command. */
export class Interrupted extends Error {
  constructor(
    readonly signalName: 'SIGINT' | 'SIGTERM',
    /** The exit status a shell reports for a process killed by it: 128 + its number. */
    readonly exitCode: number,
  ) {
    super(`interrupted by ${signalName}`);
    this.name = 'Interrupted';
  }
}

/** Exit status of a command stopped through `signal`: 143 for SIGTERM, 130 for SIGINT (and else). */
export function interruptedCode(signal: AbortSignal): number {
  return signal.reason instanceof Interrupted ? signal.reason.exitCode : 130;
}

const WRITE_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EBADF: 'stdout is closed',
  EROFS: 'read-only file system',
};

/** One line for a failed write to stdout; the code only, never the text that was being written. */
export function stdoutErrorLine(err: NodeJS.ErrnoException): string {
  const code = typeof err.code === 'string' ? err.code.replace(/[^A-Z0-9_]/g, '').slice(0, 20) : '';
  const why = WRITE_ERRORS[code];
  const detail = why ? `${why} (${code})` : code || 'unknown error';
  return `pooltop: cannot write to stdout: ${detail}\n`;
}

/**
 * `failureCode`: the exit status when stdout cannot be written (1; `check` passes 3, UNKNOWN;
 * the dashboard passes none: it restores its terminal and exits 129 itself).
 * A reader that stops early (`pooltop accounts --all --csv | head`) closes the pipe: that ends
 * the command quietly with 0, as it was the reader's choice; any other write error (a full disk,
 * EIO) is a failure and says so in one line.
 */
export function processIO(signal: AbortSignal, failureCode: number | undefined = 1): ProcessIO {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    if (failureCode === undefined) return;
    try {
      process.stderr.write(stdoutErrorLine(err));
    } finally {
      process.exit(failureCode);
    }
  });
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    signal,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** Resolves when the user interrupts (at once if already interrupted). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
