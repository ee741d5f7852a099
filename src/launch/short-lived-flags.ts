/**
 * V8 flags for the invocations that are over in a fraction of a second: `pool`, `accounts` and
 * `auth`. undici parses HTTP with llhttp compiled to WebAssembly; V8 compiles it with Liftoff at
 * once and then recompiles its hot functions with TurboFan on a background thread — work a
 * process waits for before it exits, and that a one-shot command never lives long enough to use:
 * `pooltop pool --json --demo` took ~240 ms from exec to exit with it and ~130 ms with
 * `--liftoff-only` (wall time, this machine). The dashboard keeps V8's defaults: it lives for days
 * and Yoga's WebAssembly earns its TurboFan code. `serve` runs no WebAssembly.
 *
 * The launcher sets these before it compiles the program, because V8 checks a code cache against
 * the flags it was made under; and only on V8 versions known to have them (V8 prints an error for
 * an unknown flag, and nothing may reach the terminal uninvited).
 */
import type { Invocation } from '../cli/mode.js';

const KNOWN_V8_MAJORS = [11, 12, 13];
const SHORT_LIVED: readonly Invocation[] = ['pool', 'accounts', 'auth'];

export function shortLivedFlags(kind: Invocation, v8Version = process.versions.v8): string[] {
  if (!SHORT_LIVED.includes(kind)) return [];
  return KNOWN_V8_MAJORS.includes(Number.parseInt(v8Version, 10)) ? ['--liftoff-only'] : [];
}
