/**
 * The executable (dist/pooltop.cjs): loads the program (dist/pooltop-app.cjs, one CommonJS
 * bundle) through V8's code cache and starts it. The cache is saved once start-up is over —
 * when the program says so through LaunchHooks.warm, or two seconds in for a program that does
 * not — and only when the cache was missing or V8 refused it. Nothing here may print uninvited:
 * DEBUG=pooltop tells what happened to the cache on stderr (before the program starts, and
 * when the process exits). A cache that cannot be read or written only costs the speed-up.
 */
// First: on a Node.js too old for the rest, one line and exit 2.
import './require-node.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { isDebug } from '../cli/debug.js';
import { invocationOf, isCacheable } from '../cli/mode.js';
import { VERSION } from '../version.js';
import { cacheDir, cacheFileName, cacheFilePrefix } from './cache-location.js';
import { untrustedReason } from './cache-trust.js';
import { compileProgram, saveCodeCache } from './code-cache.js';
import type { LaunchHooks } from './hooks.js';
import { launchFlags } from './v8-flags.js';

/** The program's file name next to this launcher; set by the build. */
declare const __POOLTOP_APP__: string;

/** When a program without LaunchHooks support gets its cache saved. */
const FALLBACK_WARM_MS = 2_000;

function launch(appFile: string, argv: readonly string[], env: NodeJS.ProcessEnv): void {
  const debug = isDebug(env);
  const note = (text: string): void => {
    if (debug) process.stderr.write(`pooltop: code cache: ${text}\n`);
  };
  let source: string;
  try {
    source = readFileSync(appFile, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    process.stderr.write(`pooltop: cannot load ${appFile} (${reason}); reinstall pooltop\n`);
    process.exitCode = 1;
    return;
  }
  const kind = invocationOf(argv);
  const key = { program: basename(appFile, '.cjs'), version: VERSION, kind, sourceBytes: source.length };
  const requireFromApp = createRequire(appFile);
  const flags = launchFlags(kind);
  if (flags.length > 0) {
    const { setFlagsFromString } = requireFromApp('node:v8') as typeof import('node:v8');
    for (const flag of flags) setFlagsFromString(flag);
  }
  const cacheable = isCacheable(kind);
  const fileName = cacheFileName(key);
  let dir = cacheable ? cacheDir(env) : undefined;
  const distrust = dir === undefined ? undefined : untrustedReason(dir, join(dir, fileName));
  if (distrust !== undefined) {
    note(`not used: ${distrust}`);
    dir = undefined;
  }
  const program = compileProgram(source, appFile, dir === undefined ? undefined : join(dir, fileName));
  if (cacheable && distrust === undefined) {
    note(dir === undefined ? 'off' : `${program.status} (${join(dir, fileName)})`);
  }

  let outcome: string | undefined;
  const hooks: LaunchHooks = {
    warm(warmKind) {
      if (dir === undefined || program.status === 'accepted' || outcome !== undefined || warmKind !== kind)
        return;
      try {
        outcome = `written (${saveCodeCache(program.script, dir, fileName, cacheFilePrefix(key))} bytes)`;
      } catch (error) {
        outcome = `not written (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
      }
    },
  };
  if (debug) process.on('exit', () => outcome && note(outcome));

  const module: { exports: { start?: unknown } } = { exports: {} };
  program.run(module.exports, requireFromApp, module, appFile, dirname(appFile));
  if (typeof module.exports.start === 'function') module.exports.start(hooks);
  else setTimeout(() => hooks.warm(kind), FALLBACK_WARM_MS).unref();
}

try {
  launch(join(__dirname, __POOLTOP_APP__), process.argv.slice(2), process.env);
} catch (error) {
  // The program failed before it could report anything itself (its own errors are one line
  // from main()): one line here too, the stack only with DEBUG=pooltop.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`pooltop: cannot start: ${message.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ').trim()}\n`);
  if (isDebug(process.env) && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
