/**
 * Whether a cache directory may be used (./cache-dir.ts). The default directory
 * (~/.cache/pooltop) is the user's own, made 0700; a directory given through POOLTOP_CACHE_DIR
 * or XDG_CACHE_HOME could be anywhere, /tmp included. It is used only when it belongs to the
 * user running pooltop, is not a symbolic link, and no one else can write to it. On systems
 * without POSIX owners (Windows) the check passes.
 */
import { lstatSync, type Stats } from 'node:fs';

/** Why `dir` must not be used by the user `uid` (undefined: no POSIX owners), or undefined when it may. */
export function untrustedReason(dir: string, uid: number | undefined): string | undefined {
  if (uid === undefined) return undefined;
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch {
    return `${dir} cannot be read`;
  }
  if (stats.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!stats.isDirectory()) return `${dir} is not a directory`;
  if (stats.uid !== uid) return `${dir} belongs to another user`;
  if ((stats.mode & 0o022) !== 0) return `${dir} is writable by others`;
  return undefined;
}
