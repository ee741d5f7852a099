/**
 * Two V8 settings for the dashboard, a process left running for days. Without them its RSS
 * climbs from ~90 MB to 130–160 MB in its first minutes and stays there (docs/performance.md,
 * "Memory", has the figures with and without each):
 * - `--semi-space-growth-factor=1`: the young generation keeps its first size. V8 doubles it, up
 *   to 16 MB a semi-space, whenever enough garbage survives a scavenge, and an idle process never
 *   gives those pages back; a frame's garbage fits the first size.
 * - `--wasm-tier-up-filter` set to a function index Yoga does not have: Yoga's WebAssembly stays
 *   in its baseline code. Optimising Yoga's layout function takes ~15 MB of compiler memory on a
 *   worker thread, which the C allocator then keeps for the life of the process; layout is a
 *   small share of a frame either way.
 * Set from inside the process, so they cost no start-up (a re-exec with flags costs 30–90 ms),
 * and before the bundle is compiled, so its code cache is made and checked under the same flags.
 */
import { setFlagsFromString } from 'node:v8';

export const DASHBOARD_V8_FLAGS: readonly string[] = [
  '--semi-space-growth-factor=1',
  '--wasm-tier-up-filter=2147483647',
];

export function applyDashboardHeapFlags(): void {
  for (const flag of DASHBOARD_V8_FLAGS) setFlagsFromString(flag);
}
