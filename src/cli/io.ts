/** What a command needs from the outside world, injected so commands are testable in-process. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Fires when the user interrupts (SIGINT/SIGTERM). */
  signal: AbortSignal;
  /** stderr is a terminal: live progress may be drawn there. */
  stderrIsTTY?: boolean;
}

export function processIO(signal: AbortSignal): CommandIO {
  // A reader that stops early (`pooltop accounts --all --csv | head`) closes the pipe: stop
  // quietly, as other Unix tools do, rather than with a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(0);
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
