/**
 * The one rule for files that hold secrets (the WhiteBIT config and the token store), the same
 * as the code cache's (launch/cache-trust.ts): whoever can write such a file, or its
 * directory, can plant a refresh token or an API URL of their choosing.
 *
 * Refused, in one line: a file owned by another user (root excepted: an administrator's file
 * is as trusted as the administrator), a file writable by every user, a directory owned by
 * another user or writable by every user without the sticky bit.
 * Warned about: a file group or others can read or write (like ssh: `chmod 600`).
 * Symbolic links are refused only where pooltop writes the file itself (the token store and
 * its lock, opened with O_NOFOLLOW), since it never makes one; a config file may be a link
 * (dotfile managers make them), and its target is what is checked.
 * Where POSIX owners mean nothing (Windows) everything passes.
 */
import { type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileModeWarning } from './warnings.js';

export interface Trust {
  refuse?: string;
  warn?: string;
}

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

/** `what` names the file in messages: "config file", "the token store". */
export function fileTrust(what: string, path: string, file: Stats, uid = process.getuid?.()): Trust {
  if (uid === undefined || process.platform === 'win32') return {};
  const trusted = (owner: number) => owner === uid || owner === 0;
  if (!trusted(file.uid))
    return { refuse: `${what} ${path} belongs to another user (uid ${file.uid}); not read` };
  if ((file.mode & 0o002) !== 0) {
    return {
      refuse: `${what} ${path} is writable by every user (mode ${octal(file.mode)}); not read; run: chmod 600 ${path}`,
    };
  }
  const dir = dirname(path);
  let d: Stats;
  try {
    d = statSync(dir);
  } catch {
    return {};
  }
  if (!trusted(d.uid)) {
    return {
      refuse: `the directory ${dir} of ${what} ${path} belongs to another user (uid ${d.uid}); not read`,
    };
  }
  if ((d.mode & 0o002) !== 0 && (d.mode & 0o1000) === 0) {
    return {
      refuse: `the directory ${dir} of ${what} ${path} is writable by every user (mode ${octal(d.mode)}); not read; run: chmod 700 ${dir}`,
    };
  }
  return { warn: fileModeWarning(path, file.mode & 0o777) };
}
