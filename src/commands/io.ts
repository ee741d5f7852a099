/** What a command needs from the outside world, injected so commands are testable in-process. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Fires when the user interrupts (SIGINT/SIGTERM). */
  signal: AbortSignal;
}

export const processIO = (signal: AbortSignal): CommandIO => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
  signal,
});

/** Resolves when the user interrupts (at once if already interrupted). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
