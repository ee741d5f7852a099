/**
 * The executable (dist/pooltop.cjs): checks the Node.js version, turns on Node's compile cache
 * (./compile-cache.ts) and loads the program (dist/pooltop-app.mjs), which starts itself. Kept
 * small and CommonJS so an old Node.js gets as far as the version check. Nothing here may print
 * uninvited: DEBUG=pooltop tells what happened to the cache on stderr.
 */
// First: on a Node.js too old for the rest, one line and exit 2.
import './require-node.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDebug } from '../errors/debug.js';
import { enableTrustedCompileCache } from './compile-cache.js';

/** The program's file name next to this file; set by the build. */
declare const __POOLTOP_APP__: string;

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

try {
  const cache = enableTrustedCompileCache(process.env);
  if (isDebug(process.env)) process.stderr.write(`pooltop: compile cache: ${cache}\n`);
  import(pathToFileURL(join(__dirname, __POOLTOP_APP__)).href).catch(cannotStart);
} catch (error) {
  cannotStart(error);
}
