/**
 * Node's compile cache (module.enableCompileCache) for the program, in a directory that passes
 * the trust rules of ./cache-trust.ts. A compile cache is compiled code: Node checks that it fits
 * the source, not who wrote it, so whoever can write to the directory can run code as the user
 * who loads it. The directory is created private (0700) when missing, then checked; a directory
 * that fails the check is not used.
 *
 *   POOLTOP_CODE_CACHE=off      no cache (nothing read or written)
 *   POOLTOP_CACHE_DIR=DIR       the directory (default $XDG_CACHE_HOME/pooltop, ~/.cache/pooltop)
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { constants, enableCompileCache } from 'node:module';
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

/** Turns the compile cache on when it may be; returns what happened, for DEBUG=pooltop. */
export function enableTrustedCompileCache(trusted: { dir: string } | { reason: string }): string {
  if (!('dir' in trusted)) return trusted.reason;
  const { dir } = trusted;
  const distrust = untrustedSubdirectory(dir, process.getuid?.());
  if (distrust !== undefined) return `not used: ${distrust}`;
  // Node makes its per-version subdirectory under the umask (0777 with umask 000): private it is.
  const umask = process.platform === 'win32' ? undefined : process.umask(0o077);
  let result: ReturnType<typeof enableCompileCache>;
  try {
    result = enableCompileCache(dir);
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  if (result.status === constants.compileCacheStatus.FAILED) {
    return `not used: ${result.message ?? 'Node could not enable it'}`;
  }
  return `on (${result.directory ?? dir})`;
}

/**
 * Node keeps the cache in a subdirectory per Node version and architecture, made under the
 * umask: one left open by an earlier run could hold code another user wrote.
 */
function untrustedSubdirectory(dir: string, uid: number | undefined): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return `${dir} cannot be read`;
  }
  for (const name of names) {
    const reason = untrustedReason(join(dir, name), uid);
    if (reason !== undefined && !reason.endsWith('is not a directory')) return `${reason}; remove it`;
  }
  return undefined;
}
