/**
 * Keeps V8's old generation close to what it really holds once start-up is over.
 *
 * After each full collection V8 (11.3, Node 20) lets the old generation grow by at least 8 MB
 * before it collects again, and the pages it commits on the way stay committed afterwards (a
 * collection frees only pages left empty). The dashboard promotes ~70 KB/s — each poll's data
 * and React's previous tree outlive two scavenges — so old space went from ~11 MB to ~19 MB
 * committed within 2–4 minutes while it held ~10.5 MB after each collection: ~7 MB of figure
 * 5's growth (smaps and V8 heap-space statistics every 10 s, 10 min runs side by side). The 2 MB step V8 uses when it optimises
 * for memory cannot be had from Node 20 (--optimize-for-size does not reach heap sizing in
 * V8 11.3: measured, collections as far apart as without it).
 *
 * So every 5 s this looks at old space, and when it holds 2 MB more than the least it held since
 * the last full collection it runs one (every ~25 s; 15 ms on the main thread, ~50 ms on V8's
 * workers). A collection that does not compact leaves partly used pages committed, so when
 * committed old space is 2 MB above what the last one kept, the next one compacts. Resident
 * memory rises and falls with that step: side by side for 7 minutes (`bench/mem/compare.mjs`,
 * two dashboards each), readings every 10 s spanned 63.8–68.0 MiB with a 2 MB step and
 * 64.1–68.9 MiB with 3 MB, idle CPU the same within noise (1.05–1.22 %).
 * With Liftoff-only WebAssembly (src/launch/v8-flags.ts), `bench/run.mjs --only session` side by side
 * with the unchanged build (3 MB step): growth 0.72 MB (71.7 → 72.4 MB) against 11.02 MB (83.4 →
 * 94.5 MB), idle CPU 1.42 against 1.45 %; old space 12–14 MB committed instead of ~19 MB.
 *
 * The collector is V8's `gc()`, exposed for one fresh context (the flag is reset at once), and
 * flags are only set on V8 versions known to have them: V8 prints an error for an unknown flag,
 * and nothing may reach the terminal uninvited.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isKnownV8 } from './known-v8.js';

export const OLD_SPACE_CHECK_MS = 5_000;
export const OLD_SPACE_SLACK_BYTES = 2_000_000;

export interface OldSpace {
  used: number;
  committed: number;
}

function oldSpace(): OldSpace {
  const s = getHeapSpaceStatistics().find((x) => x.space_name === 'old_space');
  return { used: s?.space_used_size ?? 0, committed: s?.space_size ?? 0 };
}

/** V8's full collection as a function, or undefined on an unknown V8. */
export function fullCollection(v8Version = process.versions.v8): (() => void) | undefined {
  if (!isKnownV8(v8Version)) return undefined;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * One check: collects when old space holds more than `slack` above the least seen since the last
 * collection, compacting when the last one left more than `slack` committed beyond what it kept.
 * Returns what it did.
 */
export function oldSpaceCheck(
  read: () => OldSpace,
  collect: (compact: boolean) => void,
  slack = OLD_SPACE_SLACK_BYTES,
): () => 'none' | 'collected' | 'compacted' {
  let floor = Number.POSITIVE_INFINITY;
  let fragmented = false;
  return () => {
    const now = read().used;
    floor = Math.min(floor, now);
    if (now - floor <= slack) return 'none';
    const compact = fragmented;
    collect(compact);
    const after = read();
    floor = after.used;
    fragmented = after.committed - after.used > slack;
    return compact ? 'compacted' : 'collected';
  };
}

/** Starts watching old space (an unref'd timer); returns a function that stops it. */
export function keepOldGenerationTight(v8Version = process.versions.v8): () => void {
  const collect = fullCollection(v8Version);
  if (!collect) return () => {};
  const collectMaybeCompacting = (compact: boolean): void => {
    if (!compact) {
      collect();
      return;
    }
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      collect();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
  const timer = setInterval(oldSpaceCheck(oldSpace, collectMaybeCompacting), OLD_SPACE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
