/** The one-line warnings the CLI prints on stderr before anything else. */
import { SETTINGS } from './settings-meta.js';
import type { CommonFlags } from './types.js';

/** Like ssh: a file holding secrets must not be readable or writable by other users. */
export function fileModeWarning(path: string, mode: number | undefined): string | undefined {
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return `${path} is accessible by group or others (mode ${octal}); run: chmod 600 ${path}`;
}

/** Secrets on argv are visible to every user through `ps`. */
export function argvSecretWarning(flags: CommonFlags): string | undefined {
  const given = SETTINGS.filter((m) => m.secret && flags[m.key] !== undefined && flags[m.key] !== '');
  if (given.length === 0) return undefined;
  const names = given.map((m) => m.flag).join(', ');
  const instead = given.map((m) => m.env).join(', ');
  return (
    `${names} on the command line ${given.length > 1 ? 'are' : 'is'} visible to other users ` +
    `in the process list; use ${instead} or the config file instead`
  );
}
