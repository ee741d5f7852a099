/**
 * The dashboard and the commands (two CommonJS bundles) run through vm.Script with a V8 code
 * cache taken after start-up: Node's compile cache is written right after compiling, so it lacks
 * the functions first called while the first frame is drawn or the command runs, which is most of
 * their start-up. The dashboard's cache is taken once start-up is over, a command's as it exits. The
 * cache lives in the trusted directory of ./cache-dir.ts; V8 itself rejects a cache made by
 * another V8, for other flags or for another source, and the file name carries pooltop's and
 * Node's versions, so an upgrade writes a new one. A file that is not a regular file of the
 * user's own (or root's), or that others can write to, is not read; any failure to write is silent.
 *
 * A release archive (scripts/release.mjs) ships caches made for its own Node in `code-cache/`
 * beside the bundles, so its first start is as fast as a warm one. Whoever can write there can
 * write the bundles too, so the same rules make it as trusted as they are: a directory and
 * files of root's or the user's, that others cannot write to. It is only read (a read-only
 * /usr/lib is fine); the user's own cache is looked at first and written only when the shipped
 * one is missing or rejected.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  type Stats,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** By then the first frame is out and the code that drew it compiled. */
const START_UP_MS = 3_000;

/** Which bundle: its cache file's name starts with it, and it says when the cache is taken. */
/**
 * `watch`, `exporter`: the commands' bundle under the long-running V8 settings (a cache of its
 * own: V8 rejects one made under other settings).
 */
export type Bundle = 'dashboard' | 'commands' | 'watch' | 'exporter';

/**
 * Runs the CommonJS bundle `file`; `report` hears first what happens to the cache, for DEBUG=pooltop.
 * The dashboard's `afterStartUp` runs once start-up is over, after its cache is written.
 */
export function runWithCodeCache(
  bundle: Bundle,
  file: string,
  trusted: { dir: string } | { reason: string },
  version: string,
  report: (note: string) => void,
  afterStartUp?: () => void,
): void {
  const name = `${bundle}-${version}-node${process.versions.node}-${process.arch}.v8`;
  const cacheFile = 'dir' in trusted ? join(trusted.dir, name) : undefined;
  const own = cacheFile === undefined ? undefined : readTrustedFile(cacheFile);
  const shippedFile = join(dirname(file), SHIPPED_DIR, name);
  // Also where the user's directory cannot be made (a service's read-only home).
  const off = 'reason' in trusted && trusted.reason === 'off';
  const shipped = own === undefined && !off ? readShipped(shippedFile) : undefined;
  const cachedData = own ?? shipped;
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, { filename: file, cachedData });
  let saveAfterStartUp: (() => void) | undefined;
  if (cachedData !== undefined && !script.cachedDataRejected)
    report(`accepted (${own === undefined ? shippedFile : cacheFile})`);
  else if (cacheFile === undefined) report('reason' in trusted ? trusted.reason : 'off');
  else {
    const when = bundle === 'dashboard' ? 'after start-up' : 'at exit';
    report(`${cachedData === undefined ? 'none' : 'rejected'}, written ${when} (${cacheFile})`);
    // A command is done at exit, whichever way it ends; the dashboard runs on.
    if (bundle === 'dashboard') saveAfterStartUp = () => save(bundle, cacheFile, script);
    else process.once('exit', () => save(bundle, cacheFile, script));
  }
  if (bundle === 'dashboard' && (saveAfterStartUp || afterStartUp)) {
    setTimeout(() => {
      saveAfterStartUp?.();
      afterStartUp?.();
    }, START_UP_MS).unref();
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

/** The shipped caches' directory, beside the bundles: only a release archive has one. */
const SHIPPED_DIR = 'code-cache';

/** Owned by this user or root, and no one else can write to it. */
function trustedStats(stats: Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || ((stats.uid === uid || stats.uid === 0) && (stats.mode & 0o022) === 0);
}

/** A shipped cache, if its directory passes the same rules as the file (not a symbolic link either). */
function readShipped(path: string): Buffer | undefined {
  try {
    const dir = lstatSync(dirname(path));
    return dir.isDirectory() && trustedStats(dir) ? readTrustedFile(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The file's bytes if it is a regular file of this user's (or root's) that no one else can write to. */
function readTrustedFile(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    // Not through a symbolic link: fstat would judge the file it points to.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile() || !trustedStats(stats)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Written whole under a name of this process's own, then renamed: a reader sees an old file or a new one. */
function save(bundle: Bundle, cacheFile: string, script: Script): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, cacheFile);
    // Caches of other pooltop or Node versions are of no more use.
    const dir = dirname(cacheFile);
    for (const other of readdirSync(dir)) {
      if (other.startsWith(`${bundle}-`) && other.endsWith('.v8') && join(dir, other) !== cacheFile)
        unlinkSync(join(dir, other));
    }
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Never created: a read-only directory.
    }
  }
}
