/**
 * V8 settings for the processes left running for days: the dashboard, `pooltop watch` and the
 * exporter. Without them the dashboard's RSS climbs from ~90 MB to 130–160 MB in its first
 * minutes, and keeps growing by a few MB an hour after (docs/performance.md has the figures):
 * - At start, `--turbo-filter=~`: no function is optimised by TurboFan; JavaScript runs in
 *   Sparkplug's baseline code. Each TurboFan compilation builds its graphs in memory of a V8
 *   worker thread, which the C allocator keeps in that thread's arena (10–14 MB in the first
 *   minutes), and functions that run once a second or once a minute reach TurboFan's threshold one
 *   after another for hours, so both that memory and the optimised code kept growing. The frames
 *   of a 1 s dashboard cost a few percent more CPU in baseline code; so does a whole list of
 *   10,100 sub-accounts (re-sorting it draws in ~2× the time), which TurboFan no longer speeds
 *   up: turned on for the list, it made that tab grow by megabytes an hour.
 * - At start, `--no-maglev`: Maglev's compilations come in bursts whose memory the C allocator
 *   keeps in the same way.
 * - At start, `--wasm-tier-up-filter` set to a function index Yoga does not have: Yoga's (and
 *   undici's llhttp) WebAssembly stays in its baseline code. Optimising Yoga's layout function
 *   takes ~15 MB of compiler memory on a worker thread, kept the same way; layout is a small share
 *   of a frame either way.
 * - Once start-up is over, `--semi-space-growth-factor=1`: the young generation keeps the size it
 *   has. V8 doubles it, up to 16 MB a semi-space, whenever enough garbage survives a scavenge, and
 *   an idle process never gives those pages back. Not from the start under a plain `node`: held at
 *   its first size through start-up, it costs Node 22 ~15 % of the time to the first frame (on
 *   Node 24.21 nothing: 5 scavenges before the first frame either way).
 * Set from inside the process, so they cost no re-exec (30–90 ms): the settings that would keep
 * compilation off the worker threads (`--no-concurrent-recompilation`, `MALLOC_ARENA_MAX`) take
 * effect only on the command line. The start ones before the bundle is compiled and the last
 * after its code cache is written, so the cache is made and checked under the same flags.
 *
 * Why not all on the command line (the release's launcher gives only COMMAND_LINE_V8_FLAGS
 * there): every code cache is checked against a hash of V8's settings, the one built into Node
 * for its own modules too. `--semi-space-growth-factor` is left out of that hash; the others are
 * in it, so on node's command line they make Node compile every one of its ~100 modules the
 * dashboard loads from source, its bootstrap's 28 among them (+5–10 ms CPU to the first frame on
 * Node 24.21, docs/performance.md). Set here, after Node's own start-up, those 28 keep their cache.
 */
import { setFlagsFromString } from 'node:v8';

export const AT_START_V8_FLAGS: readonly string[] = [
  '--turbo-filter=~',
  '--no-maglev',
  '--wasm-tier-up-filter=2147483647',
];
export const AFTER_START_UP_V8_FLAGS: readonly string[] = ['--semi-space-growth-factor=1'];
/**
 * The watcher and the exporter, from the start: the young generation held, and
 * `--optimize-for-size`, with which V8 grows its heap less eagerly and gives pages back sooner
 * (4–5 MB less RSS at `--interval 1`). Not the dashboard's: its frames would cost ~0.2 points of
 * one core more at `--interval 1`.
 */
export const SERVICE_V8_FLAGS: readonly string[] = [
  ...AT_START_V8_FLAGS,
  '--optimize-for-size',
  ...AFTER_START_UP_V8_FLAGS,
];

/**
 * What the release's launcher (scripts/release/wrapper.mjs) puts on node's command line: the
 * settings above that V8 leaves out of the hash its code caches are checked against
 * (test/release checks that against the Node it ships). ./entry.ts sets the rest.
 */
export const COMMAND_LINE_V8_FLAGS: readonly string[] = AFTER_START_UP_V8_FLAGS;

export function applyV8Flags(flags: readonly string[]): void {
  for (const flag of flags) setFlagsFromString(flag);
}
