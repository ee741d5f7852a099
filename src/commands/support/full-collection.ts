/**
 * A full garbage collection on demand, for the services (`pooltop watch`, the exporter) after each
 * worker of a first-sight back-fill (history/backfill.ts). Each worker's months of points are
 * held across its requests, so V8 promotes them and lets the old generation grow by ~6 MB of such
 * garbage before it collects: `watch` peaked at ~80 MB during the back-fill of 120 workers, ~71
 * MB with a collection after each (~10 ms each, once per account ever; docs/performance.md).
 * Node gives `gc` only with `--expose-gc` on the command line, or to a context made while the flag
 * is set: one such context is made once and the flag taken back off. Where that yields no
 * function, nothing is done.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

export function collectGarbage(): void {
  if (collect === undefined) {
    collect = () => {};
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
      if (typeof gc === 'function') collect = () => gc();
    } catch {
      // No collection on demand: V8 collects as it would have.
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  collect();
}
