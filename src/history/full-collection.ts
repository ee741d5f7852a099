/**
 * A full garbage collection on demand, for the writers (`pooltop watch`, the exporter, the
 * dashboard) after each worker of a first-sight back-fill (backfill.ts). Each worker's months of
 * points are held across its requests, so V8 promotes them to the old generation, which it lets
 * grow by ~6 MB of such garbage before it collects: `watch` peaked at ~80 MB during the back-fill
 * of 120 workers, the dashboard at ~106. Once the old generation has grown by GROWTH_BYTES since
 * the last, a collection that also hands V8's spare pages back (as its memory reducer does once
 * idle): 68–69 MB and 90 MB, ~70 collections of ~10 ms over the back-fill (docs/performance.md).
 * Node gives `gc` only with `--expose-gc` on the command line, or to a context made while the
 * flag is set: one such context is made once and the flag taken back off. Where that yields no
 * function, nothing is done.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Old-generation growth that calls for a collection: about one worker's garbage. */
const GROWTH_BYTES = 1 << 18;

type Collect = (options: { type: 'major'; flavor: 'last-resort' }) => void;

let collect: Collect | null | undefined;
let usedAfter = 0;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  collect = null;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    if (typeof gc === 'function') collect = gc as Collect;
  } catch {
    // No collection on demand: V8 collects as it would have.
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Bytes in the old generation (what the young one promoted); the young one is collected often anyway. */
function oldBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;
}

/** Collects when the old generation has grown enough since the last time. */
export function collectGarbage(): void {
  const gc = collector();
  if (!gc || oldBytes() - usedAfter < GROWTH_BYTES) return;
  gc({ type: 'major', flavor: 'last-resort' });
  usedAfter = oldBytes();
}
