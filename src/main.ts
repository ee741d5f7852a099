import { main } from './cli.js';
import { processIO } from './commands/io.js';
import { keepYoungGenerationSmall, YOUNG_GENERATION_FREEZE_MS } from './young-generation.js';

// Once start-up is over: its burst of allocation would pay ~45 ms of extra young-generation
// collections (measured with bench/trace-startup.mjs); a long-running dashboard pays nothing.
setTimeout(keepYoungGenerationSmall, YOUNG_GENERATION_FREEZE_MS).unref();

// The executable's entry: wires the process (argv, signals, exit code) to main().
const controller = new AbortController();
let interrupts = 0;
const onSignal = () => {
  interrupts++;
  if (interrupts > 1) process.exit(130);
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const code = await main(process.argv.slice(2), processIO(controller.signal));
process.exitCode = code;
// Anything still holding the event loop (a stray socket or timer) must not keep a finished
// command alive; the timer is unref'd so it never delays a clean exit.
setTimeout(() => process.exit(code), 1000).unref();
