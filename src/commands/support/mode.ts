import { COMMON_OPTIONS } from './parse.js';

/**
 * What an argument list asks for: the dashboard (no command, only flags), one of the commands,
 * `--version`, or an unknown command. cli.ts dispatches on it through the command table
 * (commands/index.ts), which has one entry per name here.
 */
export const COMMAND_NAMES = [
  'pool',
  'accounts',
  'audit',
  'mining',
  'auth',
  'serve',
  'check',
  'exporter',
  'watch',
  'history',
  'report',
  'help',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];
export type Invocation = 'dashboard' | CommandName | 'version' | 'unknown';

/**
 * Flags that may come before the command and take the next argument as their value. The rest of
 * a command's flags are written after it; a flag unknown here is taken as one without a value.
 */
const VALUE_FLAGS = new Set([
  ...Object.entries(COMMON_OPTIONS)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
  '--account',
  '--interval',
  '--theme',
  '--timeout',
]);

/**
 * The argument list with the command word first: flags written before the command (`pooltop
 * --demo pool`) are moved after it, so they mean what they mean after it and the command's own
 * parse accepts or refuses them. The command word is the first argument, other than a global
 * flag's value, that names a command; failing that, the first such argument that is not a flag
 * (an unknown command, reported as one). Without either (the dashboard) the list is returned as
 * it is.
 */
export function commandFirst(argv: readonly string[]): string[] {
  const words: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') {
      words.push(i);
      continue;
    }
    const next = argv[i + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined && !next.startsWith('-')) i++;
  }
  const at = words.find((i) => isCommand(argv[i] ?? '')) ?? words[0];
  if (at === undefined || at === 0) return [...argv];
  return [argv[at] ?? '', ...argv.slice(0, at), ...argv.slice(at + 1)];
}

const isCommand = (word: string) => (COMMAND_NAMES as readonly string[]).includes(word);

export function invocationOf(argv: readonly string[]): Invocation {
  const first = commandFirst(argv)[0];
  if (first === '--version' || first === '-V') return 'version';
  if (first === undefined || first.startsWith('-')) return 'dashboard';
  return isCommand(first) ? (first as CommandName) : 'unknown';
}
