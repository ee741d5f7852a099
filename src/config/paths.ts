/** Where the config file lives, and `~` expansion for paths given by the user. */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export function homeDir(home?: string): string {
  return home ?? homedir();
}

/** `~/.whitebit/config.toml`, the file the official WhiteBIT CLI uses. */
export function defaultConfigPath(home: string): string {
  return join(home, '.whitebit', 'config.toml');
}

/** Expands a leading `~/` (a quoted path escapes the shell's own expansion) and makes it absolute. */
export function expandPath(path: string, home: string, cwd: string = process.cwd()): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? path : resolve(cwd, path);
}
