import { flushCompileCache } from 'node:module';
import { main } from './cli.js';
import { invocationOf } from './cli/mode.js';
import { processIO } from './cli/io.js';
import { isDebug } from './errors/debug.js';

/** How long the dashboard's start-up takes at most; then its compiled code is worth keeping. */
const START_UP_MS = 3_000;

/**
 * The program (dist/pooltop-app.mjs, loaded by src/launch/entry.ts): wires the process (argv,
 * signals, exit code) to main(). Node writes the compile cache when the process exits; the
 * dashboard, which runs until quit, has it written once start-up is over.
 */
function start(): void {
  const argv = process.argv.slice(2);
  if (invocationOf(argv) === 'dashboard') setTimeout(() => flushCompileCache?.(), START_UP_MS).unref();

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  main(argv, processIO(controller.signal)).then((code) => {
    process.exitCode = code;
    // Anything still holding the event loop (a stray socket or timer) must not keep a finished
    // command alive; the timer is unref'd so it never delays a clean exit. When it does fire,
    // something was left open: DEBUG=pooltop names what.
    setTimeout(() => {
      if (isDebug(process.env)) {
        const held = process.getActiveResourcesInfo().join(', ');
        process.stderr.write(`pooltop: debug: still running 1 s after finishing (${held})\n`);
      }
      process.exit(code);
    }, 1000).unref();
  });
}

start();
