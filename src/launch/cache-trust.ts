/**
 * Whether a code-cache directory may be used. A code cache is compiled code: V8 checks that it
 * fits its version, flags and the program's length, not where it came from, so whoever can write
 * a cache file can run code as the user who loads it. The default directory (~/.cache/pooltop) is
 * the user's own, made 0700; a directory given through POOLTOP_CACHE_DIR or XDG_CACHE_HOME could
 * be anywhere, /tmp included. It is used only when it, and the cache file if there is one, belong
 * to the user running pooltop and no one else can write to them. On systems without POSIX owners
 * (Windows) the check passes.
 */
import { lstatSync, type Stats } from 'node:fs';

/** Why `dir` (and `file` in it) must not be used, or undefined when they may. */
export function untrustedReason(dir: string, file: string, uid = process.getuid?.()): string | undefined {
  if (uid === undefined) return undefined;
  const check = (path: string, stats: Stats | undefined): string | undefined => {
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return `${path} is a symbolic link`;
    if (stats.uid !== uid) return `${path} belongs to another user`;
    if ((stats.mode & 0o022) !== 0) return `${path} is writable by others`;
    return undefined;
  };
  return check(dir, statOrUndefined(dir)) ?? check(file, statOrUndefined(file));
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined; // not there (yet): nothing to distrust
  }
}
