import { main } from './cli.js';
import { invocationOf } from './cli/mode.js';
import { processIO } from './commands/io.js';
import type { LaunchHooks } from './launch/hooks.js';
import { afterStartUp, START_UP_MS } from './after-start-up.js';

/**
 * The program's entry, called by the launcher (src/launch/launcher.ts) once the bundle is
 * loaded: wires the process (argv, signals, exit code) to main(), and tells the launcher when
 * start-up is over so it can save V8's code cache.
 */
export function start(hooks?: LaunchHooks): void {
  const argv = process.argv.slice(2);
  const kind = invocationOf(argv);

  // Once start-up is over: its burst of allocation would pay ~45 ms of extra young-generation
  // collections (measured with bench/trace-startup.mjs); a long-running dashboard pays nothing.
  // By then the dashboard has drawn its first frame, so the code cache saved just before holds
  // every function that frame needed. (It is saved before the flag changes: V8 checks that a
  // cache was made under the flags it is loaded with.)
  // A cache made after the flag changed would be refused on every later start, so a command
  // still running then (`serve`, a slow network) saves its cache now or not at all.
  let flagsChanged = false;
  let finished = false;
  setTimeout(() => {
    if (!finished) hooks?.warm(kind);
    afterStartUp(kind);
    flagsChanged = true;
  }, START_UP_MS).unref();

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
    finished = true;
    if (code === 0 && !flagsChanged) hooks?.warm(kind);
    process.exitCode = code;
    // Anything still holding the event loop (a stray socket or timer) must not keep a finished
    // command alive; the timer is unref'd so it never delays a clean exit.
    setTimeout(() => process.exit(code), 1000).unref();
  });
}
