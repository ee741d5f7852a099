/**
 * Keeps the dashboard's JavaScript on V8's baseline tiers (Ignition, Sparkplug) once start-up is
 * over: no optimising compiler (TurboFan, and Maglev where V8 enables it) from then on.
 *
 * The dashboard is idle most of the time: one poll and one small frame a second. Optimising its
 * warm functions bought nothing measurable, and each optimisation ran on a V8 worker thread whose
 * compiler memory glibc keeps in that thread's malloc arena: ~5 MB of resident memory in the first
 * minute that never came back — most of figure 5's growth (smaps every 10 s, `bench/mem/`).
 * Measured side by side (`node bench/mem/compare.mjs --seconds 360`, four dashboards polling every
 * second, 2026-11-22): growth over 6 minutes 8.21 MB unchanged, −0.41 MB with this; idle CPU over
 * the first minute 1.23 % vs 1.09 % (main thread +0.17 %, V8's workers −0.17 %); from the fourth
 * minute on 1.03 % vs 1.04 %.
 *
 * Functions optimised before the flag is set keep their code. Set at run time, unlike
 * `--single-threaded` (a flag of the process's start, which the bin cannot pass portably), and
 * only on V8 versions known to have it: V8 prints an error for an unknown flag, and nothing may
 * reach the terminal uninvited.
 */
import { setFlagsFromString } from 'node:v8';
import { isKnownV8 } from './known-v8.js';

/** `--max-opt`: 0 Ignition, 1 Sparkplug, 2 Maglev, 3 TurboFan. */
export const BASELINE_TIER_FLAG = '--max-opt=1';

export function stayOnBaselineTier(v8Version = process.versions.v8): boolean {
  if (!isKnownV8(v8Version)) return false;
  setFlagsFromString(BASELINE_TIER_FLAG);
  return true;
}
