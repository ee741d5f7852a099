/**
 * The dashboard and the commands (two CommonJS bundles) run through vm.Script with a V8 code
 * cache taken after start-up: Node's compile cache is written right after compiling, so it lacks
 * the functions first called while the first frame is drawn or the command runs, which is most of
 * their start-up. The dashboard's cache is taken once start-up is over, a command's as it exits. The
 * cache lives in the trusted directory of ./cache-dir.ts; V8 itself rejects a cache made by
 * another V8, for other flags or for another source, and the file name carries pooltop's and
 * Node's versions, so an upgrade writes a new one. A file that is not the user's own regular
 * file, or that others can write to, is not read; any failure to write is silent.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
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
  const cachedData = cacheFile === undefined ? undefined : readOwnFile(cacheFile);
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, { filename: file, cachedData });
  let saveAfterStartUp: (() => void) | undefined;
  if (cacheFile === undefined) report('reason' in trusted ? trusted.reason : 'off');
  else if (cachedData !== undefined && !script.cachedDataRejected) report(`accepted (${cacheFile})`);
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

/** The file's bytes if it is a regular file of this user's that no one else can write to. */
function readOwnFile(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    // Not through a symbolic link: fstat would judge the file it points to.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stats = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stats.isFile() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o022) !== 0) return undefined;
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
      if (other.startsWith(`${bundle}-`) && other.endsWith('.v8') && join(dir, other) !== cacheFile) unlinkSync(join(dir, other));
    }
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Never created: a read-only directory.
    }
  }
}
