import { main } from './cli.js';
import { invocationOf } from './commands/support/mode.js';
import { Interrupted, processIO } from './commands/support/io.js';
import { isDebug } from './errors/debug.js';

/** 128 + the signal's number, as a shell reports a process the signal killed. */
const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * The program (dist/pooltop-commands.cjs for the commands, dist/pooltop-dashboard.cjs for the
 * dashboard, both loaded by src/launch/entry.ts): wires the process (argv, signals, exit code)
 * to main().
 */
function start(): void {
  const argv = process.argv.slice(2);
  const invocation = invocationOf(argv);

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    interrupts++;
    // A second signal while the first is being handled ends the process at once.
    if (interrupts > 1) process.exit(SIGNAL_EXIT[signal]);
    controller.abort(new Interrupted(signal, SIGNAL_EXIT[signal]));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // A check that cannot write its line is UNKNOWN (3), like every failure that is not a verdict.
  const failureCode = invocation === 'dashboard' ? undefined : invocation === 'check' ? 3 : 1;
  main(argv, processIO(controller.signal, failureCode)).then((code) => {
    process.exitCode = code;
    // A one-shot command exits once its output is flushed: a connection still being set up (a
    // request its --timeout cut) must not hold it.
    if (invocation !== 'dashboard') {
      void Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => process.exit(code));
    }
    // The dashboard closes what it opened and ends by itself; this timer (unref'd, so it never
    // delays a clean exit) fires only when something was left open: DEBUG=pooltop names what.
    setTimeout(() => {
      if (isDebug(process.env)) {
        const held = process.getActiveResourcesInfo().join(', ');
        process.stderr.write(`pooltop: debug: still running 1 s after finishing (${held})\n`);
      }
      process.exit(code);
    }, 1000).unref();
  });
}

/** Resolves once everything written to `stream` so far has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

start();
