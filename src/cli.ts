import { COMMANDS, dashboard } from './commands/index.js';
import { usageError } from './commands/support/command.js';
import { type CommandIO, interruptedCode, type ProcessIO } from './commands/support/io.js';
import { commandFirst, invocationOf } from './commands/support/mode.js';
import { clip } from './commands/support/parse.js';
import { reportError } from './errors/report-error.js';
import { detectTerminal } from './terminal/capabilities.js';
import { VERSION } from './version.js';

/** Runs one invocation and returns its exit code; never throws. */
export async function main(argv: string[], processIO: ProcessIO): Promise<number> {
  // The terminal is decided here, once, and handed down in the IO: nothing below reads it elsewhere.
  const terminal = detectTerminal(processIO.env, terminalFlags(argv));
  // Loaded only when needed: the ASCII fallback measures text with string-width.
  const plain = terminal.unicode
    ? processIO
    : asciiIO(processIO, (await import('./format/ascii.js')).asciiOutput);
  const io: CommandIO = { ...plain, terminal };
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (io.signal.aborted) return interruptedCode(io.signal);
    return reportError(error, io);
  }
}

/** `--ascii` and `--no-color`, read before the command's own strict parse (which rejects misuse). */
function terminalFlags(argv: string[]): { ascii: boolean; noColor: boolean } {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  return { ascii: flags.includes('--ascii'), noColor: flags.includes('--no-color') };
}

/** On a terminal that is not UTF-8, nothing but ASCII leaves (format/ascii.ts). */
function asciiIO(io: ProcessIO, asciiOutput: (text: string) => string): ProcessIO {
  return {
    ...io,
    stdout: (text) => io.stdout(asciiOutput(text)),
    stderr: (text) => io.stderr(asciiOutput(text)),
  };
}

async function dispatch(given: string[], io: CommandIO): Promise<number> {
  // Flags mean the same before the command as after it: `pooltop --demo pool` is `pooltop pool --demo`.
  const argv = commandFirst(given);
  const invocation = invocationOf(argv);
  switch (invocation) {
    case 'version':
      io.stdout(`${VERSION}\n`);
      return 0;
    case 'dashboard':
      return dashboard.run(argv, io);
    case 'unknown':
      return reportError(usageError(`unknown command '${clip(argv[0] ?? '')}' (see pooltop --help)`), io);
    default:
      return COMMANDS[invocation].run(argv.slice(1), io);
  }
}
