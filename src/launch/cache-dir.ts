/**
 * The directory of the code caches (./code-cache.ts), which must pass the trust rules of
 * ./cache-trust.ts. A code cache is compiled code: V8 checks that it fits the source, not who
 * wrote it, so whoever can write to the directory can run code as the user who loads it. The
 * directory is created private (0700) when missing, then checked; a directory that fails the
 * check is not used.
 *
 *   POOLTOP_CODE_CACHE=off      no cache (nothing read or written)
 *   POOLTOP_CACHE_DIR=DIR       the directory (default $XDG_CACHE_HOME/pooltop, ~/.cache/pooltop)
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { untrustedReason } from './cache-trust.js';

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

/** The cache directory, created private (0700) when missing, or why there is none to use. */
export function trustedCacheDir(env: NodeJS.ProcessEnv): { dir: string } | { reason: string } {
  const dir = cacheDir(env);
  if (dir === undefined) return { reason: 'off' };
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return { reason: `not used: cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const distrust = untrustedReason(dir, process.getuid?.());
  return distrust === undefined ? { dir } : { reason: `not used: ${distrust}` };
}
