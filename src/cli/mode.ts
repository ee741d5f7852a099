/**
 * What an argument list asks for: the dashboard (no command, only flags), one of the commands,
 * `--version`, or an unknown command. cli.ts dispatches on it.
 */
export const COMMANDS = ['pool', 'accounts', 'mining', 'auth', 'serve', 'check', 'exporter', 'help'] as const;
export type Command = (typeof COMMANDS)[number];
export type Invocation = 'dashboard' | Command | 'version' | 'unknown';

export function invocationOf(argv: readonly string[]): Invocation {
  const first = argv[0];
  if (first === '--version' || first === '-V') return 'version';
  if (first === undefined || first.startsWith('-')) return 'dashboard';
  return (COMMANDS as readonly string[]).includes(first) ? (first as Command) : 'unknown';
}
