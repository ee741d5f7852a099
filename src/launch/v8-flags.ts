/**
 * V8 flags the launcher sets before it compiles the program (V8 checks a code cache against the
 * flags it was made under, so they cannot wait until the program runs).
 *
 * `--liftoff-only`: WebAssembly (undici's llhttp, Yoga) stays on V8's baseline compiler. By
 * default V8 recompiles hot WebAssembly functions with TurboFan on its worker threads, which
 *   - held every one-shot command's exit back ~100 ms (`pooltop pool --json --demo`: ~240 ms
 *     from exec to exit with it, ~130 ms without, wall time on this machine): the process waits
 *     for that work before it can end, and never lives long enough to use its code;
 *   - made the dashboard's memory jump and drift: the pass over llhttp needs ~36 MB of compiler
 *     memory at once (V8's peak malloc 42 MB with it, 6 MB without), malloc'd in a worker
 *     thread's arena around the first frame, which glibc hands back only from the top — 0–35 MB
 *     of it still resident at the first frame depending on timing, and each later tier-up of a
 *     Yoga function grew the arenas by a few MB more (bench/README.md, figure 5). With Liftoff
 *     only, RSS at the first frame is 67–72 MiB instead of 73–100, and idle CPU is unchanged
 *     (Yoga's layout is a small part of a frame).
 *
 * Only on V8 versions known to have the flags: V8 prints an error for an unknown flag, and
 * nothing may reach the terminal uninvited.
 */
import type { Invocation } from '../cli/mode.js';
import { isKnownV8 } from '../known-v8.js';

/** The invocations that load WebAssembly (undici for requests, Yoga for the dashboard). */
const WITH_WEBASSEMBLY: readonly Invocation[] = ['dashboard', 'pool', 'accounts', 'auth', 'check', 'exporter'];

export function launchFlags(kind: Invocation, v8Version = process.versions.v8): string[] {
  if (!WITH_WEBASSEMBLY.includes(kind) || !isKnownV8(v8Version)) return [];
  return ['--liftoff-only'];
}
