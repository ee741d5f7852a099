/**
 * Where V8's code cache for the program lives: one file per kind of invocation (the dashboard
 * and each command run different code), named for everything the cache depends on —
 * pooltop's version, the program file's size, Node's version and the CPU architecture — so an
 * upgrade of either starts a new file instead of being refused every time. V8 checks its own
 * version, flags and the source on load as well, and refuses what does not match.
 *
 *   POOLTOP_CODE_CACHE=off      no cache (nothing read or written)
 *   POOLTOP_CACHE_DIR=DIR       the directory (default $XDG_CACHE_HOME/pooltop, ~/.cache/pooltop)
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Invocation } from '../cli/mode.js';

export interface CacheKey {
  /** The program's name, the start of every file name ("pooltop"). */
  program: string;
  version: string;
  kind: Invocation;
  sourceBytes: number;
  node?: string;
  arch?: string;
}

/** The cache directory, or undefined when the cache is off or no directory can be named. */
export function cacheDir(env: NodeJS.ProcessEnv, home: () => string = homedir): string | undefined {
  if ((env.POOLTOP_CODE_CACHE ?? '').toLowerCase() === 'off') return undefined;
  if (env.POOLTOP_CACHE_DIR) return env.POOLTOP_CACHE_DIR;
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, 'pooltop');
  try {
    const dir = home();
    return dir ? join(dir, '.cache', 'pooltop') : undefined;
  } catch {
    return undefined;
  }
}

/** The file name for `key`; files of the same program and kind with other names are stale. */
export function cacheFileName(key: CacheKey): string {
  const node = key.node ?? process.version;
  const arch = key.arch ?? process.arch;
  return `${cacheFilePrefix(key)}${key.version}-${key.sourceBytes}-node${node.replace(/^v/, '')}-${arch}.v8cache`;
}

export function cacheFilePrefix(key: Pick<CacheKey, 'program' | 'kind'>): string {
  return `${key.program}-${key.kind}-`;
}
