import { PooltopError } from '../../errors/pooltop-error.js';
import { type CommandContext, type ContextOptions, createContext, namingRefusedKey } from './context.js';
import type { CommandIO } from './io.js';
import type { OptionSpecs, ParsedValues } from './parse.js';

/**
 * One entry of the command table (commands/index.ts): the word that selects it, its flags, its
 * --help and what it does. `run` gets the arguments after the command word (flags written before
 * the word were moved after it, support/mode.ts), parses them against `options` and returns the
 * exit code; it loads what does the work with `import()`, so a command loads only its own code.
 */
export interface CommandModule {
  readonly name: string;
  /** One line: what the command is for. */
  readonly summary: string;
  readonly options: OptionSpecs;
  readonly help: string;
  run(args: string[], io: CommandIO): Promise<number>;
}

/** Runs `run` with the settings resolved from `values` and closes what they opened, whatever happens. */
export async function withContext(
  values: ParsedValues,
  io: CommandIO,
  run: (ctx: CommandContext) => Promise<number>,
  options: ContextOptions = {},
): Promise<number> {
  const ctx = await createContext(values, io, options);
  try {
    return await run(ctx);
  } catch (error) {
    throw namingRefusedKey(error, ctx);
  } finally {
    await ctx.close();
  }
}

export function printHelp(io: CommandIO, help: string): number {
  io.stdout(`${help}\n`);
  return 0;
}

/** A usage error: one `pooltop:` line, exit 2. */
export function usageError(message: string): PooltopError {
  return new PooltopError('config', message);
}
