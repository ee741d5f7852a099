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
 * `--max-opt=1`, the dashboard only: its JavaScript stays on the baseline tiers (Ignition,
 * Sparkplug), no optimising compiler (TurboFan, and Maglev where V8 enables it). The dashboard
 * is idle most of the time — one poll and one small frame a second — and optimising its warm
 * functions bought nothing measurable, while each optimisation ran on a V8 worker thread whose
 * compiler memory glibc keeps in that thread's arena: ~5 MB of resident memory in the first
 * minute that never came back, most of figure 5's growth. Side by side (`node
 * bench/mem/compare.mjs --seconds 360`, four dashboards polling every second, 2026-11-22):
 * growth over 6 minutes 8.2–8.5 MB without, −0.4 MB with the flag set 3 s in; idle CPU over the
 * first minute 1.11–1.23 % vs 1.02–1.09 % (main thread +0.17 %, V8's workers −0.17 %). Set from
 * the start rather than 3 s in, the first frame came sooner (median of 11 interleaved starts
 * 146 vs 152 ms) and 2.3 MiB smaller. Frames are measured under it (bench/inproc/as-shipped.mjs):
 * the Pool tab at 200×60 in ~5 ms once text measurement stopped looping per character in
 * JavaScript (src/format/width.ts).
 *
 * Only on V8 versions known to have the flags: V8 prints an error for an unknown flag, and
 * nothing may reach the terminal uninvited.
 */
import type { Invocation } from '../cli/mode.js';
import { isKnownV8 } from '../known-v8.js';

/** The invocations that load WebAssembly (undici for requests, Yoga for the dashboard). */
const WITH_WEBASSEMBLY: readonly Invocation[] = ['dashboard', 'pool', 'accounts', 'auth', 'check', 'exporter'];

/** `--max-opt`: 0 Ignition, 1 Sparkplug, 2 Maglev, 3 TurboFan. */
export const BASELINE_TIERS_ONLY = '--max-opt=1';

export function launchFlags(kind: Invocation, v8Version = process.versions.v8): string[] {
  if (!WITH_WEBASSEMBLY.includes(kind) || !isKnownV8(v8Version)) return [];
  return kind === 'dashboard' ? ['--liftoff-only', BASELINE_TIERS_ONLY] : ['--liftoff-only'];
}
