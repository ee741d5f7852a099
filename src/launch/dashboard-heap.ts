/**
 * Three V8 settings for the dashboard, a process left running for days. Without them its RSS climbs
 * from ~90 MB to 130–160 MB in its first minutes and stays there (docs/performance.md, "Memory",
 * has the figures with and without each). The two set at start also run `pooltop watch` (its RSS
 * ~80 → ~66 MB, the same causes: undici's llhttp is WebAssembly too):
 * - At start, `--wasm-tier-up-filter` set to a function index Yoga does not have: Yoga's (and
 *   llhttp's) WebAssembly stays in its baseline code. Optimising Yoga's layout function takes
 *   ~15 MB of compiler memory on a worker thread, which the C allocator then keeps for the life of
 *   the process; layout is a small share of a frame either way.
 * - At start, `--no-maglev`: JavaScript goes from baseline code straight to TurboFan, as on
 *   Node 20. Maglev's compilations come in bursts whose memory the C allocator keeps too; without
 *   them the RSS stays flat and start-up does less work, for slower frames on Node 24 until the
 *   code that draws them reaches TurboFan.
 * - Once start-up is over, `--semi-space-growth-factor=1`: the young generation keeps the size it
 *   has. V8 doubles it, up to 16 MB a semi-space, whenever enough garbage survives a scavenge, and
 *   an idle process never gives those pages back. Not from the start: held at its first size
 *   through start-up, it costs Node 22 ~15 % of the time to the first frame.
 * Set from inside the process, so they cost no re-exec (30–90 ms). The first two before the
 * bundle is compiled and the third after its code cache is written, so the cache is made and
 * checked under the same flags.
 */
import { setFlagsFromString } from 'node:v8';

export const AT_START_V8_FLAGS: readonly string[] = ['--wasm-tier-up-filter=2147483647', '--no-maglev'];
export const AFTER_START_UP_V8_FLAGS: readonly string[] = ['--semi-space-growth-factor=1'];

export function applyV8Flags(flags: readonly string[]): void {
  for (const flag of flags) setFlagsFromString(flag);
}
