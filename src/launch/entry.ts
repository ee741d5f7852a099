/**
 * The executable (dist/pooltop.cjs): checks the Node.js version, finds the cache directory
 * (./cache-dir.ts) and runs the program, which starts itself: the dashboard from its bundle,
 * a command from the commands' bundle (the program without Ink, React, Yoga or the views), each
 * with a code cache (./code-cache.ts). Kept small and CommonJS so an old Node.js gets as far as
 * the version check. Nothing here may print uninvited: DEBUG=pooltop tells what happened to the
 * caches on stderr.
 */
// First: on a Node.js too old for the rest, one line and exit 2.
import './require-node.js';
import { join } from 'node:path';
import { invocationOf } from '../commands/support/mode.js';
import { isDebug } from '../errors/debug.js';
import { VERSION } from '../version.js';
import { runWithCodeCache } from './code-cache.js';
import { trustedCacheDir } from './cache-dir.js';
import {
  AFTER_START_UP_V8_FLAGS,
  AT_START_V8_FLAGS,
  applyV8Flags,
  SERVICE_V8_FLAGS,
} from './dashboard-heap.js';
import { forgetServiceEnv, serviceExecPlan } from './service-exec.js';

/** The commands' and the dashboard's bundles, next to this file; set by the build. */
declare const __POOLTOP_COMMANDS__: string;
declare const __POOLTOP_DASHBOARD__: string;

/** One line on stderr, the stack only with DEBUG=pooltop. */
function cannotStart(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`pooltop: cannot start: ${message.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ').trim()}\n`);
  if (isDebug(process.env) && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}

// Node opens its inspector on SIGUSR1 (`kill -USR1`, which ops send an exporter to mean "reopen
// logs"), and anyone who can reach 127.0.0.1:9229 could then run code as this user; in the
// dashboard its message would be written over the screen. A listener of our own takes the signal
// from Node, so it does nothing, in every pooltop process. `--disable-sigusr1` would do the same
// but cannot be set from inside the process (docs/monitoring.md sets it for the exporter's unit).
process.on('SIGUSR1', () => {
  // console.error: the dashboard holds console output while it owns the screen.
  if (isDebug(process.env)) console.error('pooltop: debug: SIGUSR1 ignored (no inspector)');
});

/**
 * The V8 settings not already given on node's command line. The release archive's launcher
 * (bin/pooltop, scripts/release/wrapper.mjs) gives there only those outside V8's code-cache check
 * (./dashboard-heap.ts says why); `node dist/pooltop.cjs` gets them all here.
 */
function notOnCommandLine(flags: readonly string[]): readonly string[] {
  return flags.filter((flag) => !process.execArgv.includes(flag));
}

type Execve = (file: string, args: string[], env: Record<string, string>) => never;

/** The watcher and the exporter start themselves again once with the C allocator's settings (service-exec.ts). */
function startAsService(debug: (line: string) => void): void {
  const execve = (process as { execve?: Execve }).execve;
  const plan = serviceExecPlan({
    argv: process.argv,
    execArgv: process.execArgv,
    execPath: process.execPath,
    script: __filename,
    env: process.env,
    platform: process.platform,
    canExec: typeof execve === 'function',
  });
  if (plan && execve) {
    try {
      debug('starting again with the allocator settings of a service');
      execve.call(process, plan.file, plan.args, plan.env);
    } catch (error) {
      debug(
        `cannot start again (${error instanceof Error ? error.message : String(error)}); running as it is`,
      );
    }
  }
  forgetServiceEnv(process.env);
}

try {
  const invocation = invocationOf(process.argv.slice(2));
  const dashboard = invocation === 'dashboard';
  // The processes left running for days: the dashboard, the watcher and the exporter.
  const service = invocation === 'watch' || invocation === 'exporter';
  const debug = (line: string) => isDebug(process.env) && process.stderr.write(`pooltop: ${line}\n`);
  if (service) startAsService(debug);
  if (dashboard || service) {
    // The dashboard holds its young generation only once its first frame is out; the others
    // from the start, so their caches (written at exit) are made under the flags they run with.
    const flags = notOnCommandLine(dashboard ? AT_START_V8_FLAGS : SERVICE_V8_FLAGS);
    applyV8Flags(flags);
    debug(flags.length > 0 ? `v8: ${flags.join(' ')}` : 'v8: settings given on the command line');
  }
  const file = join(__dirname, dashboard ? __POOLTOP_DASHBOARD__ : __POOLTOP_COMMANDS__);
  runWithCodeCache(
    dashboard ? 'dashboard' : invocation === 'watch' || invocation === 'exporter' ? invocation : 'commands',
    file,
    trustedCacheDir(process.env),
    VERSION,
    (note) => debug(`code cache: ${note}`),
    dashboard ? () => applyV8Flags(notOnCommandLine(AFTER_START_UP_V8_FLAGS)) : undefined,
  );
} catch (error) {
  cannotStart(error);
}
