/**
 * Compiling a program with V8's code cache, and saving one. A program of ~850 KB costs Node 20
 * ~25 ms to parse and, over its first frame, as much again to compile the functions it calls;
 * with the cache that V8 produced after an earlier run, both are a deserialisation of a few ms
 * (bench/README.md, figure 1). Node 22 does this itself (module.enableCompileCache); on Node 20
 * it takes a vm.Script, which runs the program as Node's CommonJS loader would.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';

export type CacheStatus = 'off' | 'absent' | 'accepted' | 'refused';

export interface CompiledProgram {
  /** Calls the program as a CommonJS module body. */
  run: (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  script: Script;
  status: CacheStatus;
}

/** The parameters of Node's own CommonJS wrapper, on the program's first line. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';

/** Compiles `source` (a CommonJS module body) with the cache in `cacheFile` when there is one. */
export function compileProgram(
  source: string,
  filename: string,
  cacheFile: string | undefined,
): CompiledProgram {
  let cachedData: Buffer | undefined;
  if (cacheFile !== undefined) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined; // no cache yet, or unreadable: compile from source
    }
  }
  const script = new Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename, cachedData });
  const status: CacheStatus =
    cacheFile === undefined
      ? 'off'
      : cachedData === undefined
        ? 'absent'
        : script.cachedDataRejected
          ? 'refused'
          : 'accepted';
  return { run: script.runInThisContext(), script, status };
}

/**
 * Writes the script's code cache (every function compiled so far) to `dir/fileName`, readable
 * by the user alone, through a temporary file and a rename so a reader never sees half of it;
 * then removes the files of the same program and kind that have other names (older versions).
 * Returns the bytes written; throws what the file system threw.
 */
export function saveCodeCache(script: Script, dir: string, fileName: string, stalePrefix: string): number {
  const data = script.createCachedData();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${fileName}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, join(dir, fileName));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  for (const name of readdirSync(dir)) {
    if (name.startsWith(stalePrefix) && name !== fileName) rmSync(join(dir, name), { force: true });
  }
  return data.length;
}
