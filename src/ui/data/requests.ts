/**
 * The requests one resource hook (use-resource.ts) has started, by serialized key: each with its
 * own AbortController, linked to the dashboard's lifetime, so the hook can abort them when its
 * component goes away or its key moves on; and the answers it fetched ahead, until their key is
 * asked for.
 */
import { linkSignals } from '../../api/link-signals.js';
import { cancelled } from '../../api/request-queue.js';
import { isPooltopError } from '../../errors/pooltop-error.js';
import type { Polled } from './polled.js';

export interface Request<T> {
  controller: AbortController;
  promise: Promise<Polled<T>>;
  startedAt: number;
}

/**
 * Failures of requests cancelled by the hook that sent them. Only those are asked again: a
 * request cancelled from outside (the dashboard quitting, the client closed) fails again at
 * once, and asking again would loop.
 */
const cancelledHere = new WeakSet<Error>();

export function isCancelledHere(err: unknown): boolean {
  return err instanceof Error && cancelledHere.has(err);
}

function cancelledHereBy(err: unknown): Error {
  const error = isPooltopError(err) && err.reason === 'aborted' ? err : cancelled(err);
  cancelledHere.add(error);
  return error;
}

export class Requests<T> {
  /** In flight, by serialized key (a refresh may overlap the one it replaces). */
  private readonly inflight = new Map<string, Set<AbortController>>();
  /** Fetched ahead and not yet handed to SWR, by serialized key. */
  private readonly ahead = new Map<string, Request<T>>();

  /** Runs `load` with a signal of its own, tracked under `id` until it settles. */
  start(
    id: string,
    lifetime: AbortSignal,
    load: (signal: AbortSignal) => Promise<T>,
    answer: (value: T) => Polled<T>,
    startedAt: number,
  ): Request<T> {
    const controller = new AbortController();
    const running = this.inflight.get(id) ?? new Set<AbortController>();
    this.inflight.set(id, running);
    running.add(controller);
    // Not AbortSignal.any: it leaks an entry on the lifetime signal per call (link-signals.ts).
    const linked = linkSignals(controller.signal, lifetime);
    const promise = (async (): Promise<Polled<T>> => {
      try {
        return answer(await load(linked.signal));
      } catch (err) {
        throw controller.signal.aborted ? cancelledHereBy(err) : err;
      } finally {
        linked.dispose();
        running.delete(controller);
        if (running.size === 0 && this.inflight.get(id) === running) this.inflight.delete(id);
      }
    })();
    return { controller, promise, startedAt };
  }

  /** Keeps `req` as the answer fetched ahead for `id`. */
  keepAhead(id: string, req: Request<T>): void {
    this.ahead.set(id, req);
  }

  hasAhead(id: string): boolean {
    return this.ahead.has(id);
  }

  isAhead(id: string, req: Request<T>): boolean {
    return this.ahead.get(id) === req;
  }

  forgetAhead(id: string, req: Request<T>): void {
    if (this.ahead.get(id) === req) this.ahead.delete(id);
  }

  /** The answer fetched ahead for `id`, once, if younger than `maxAgeMs`; an older one is aborted. */
  takeAhead(id: string, nowMs: number, maxAgeMs: number): Promise<Polled<T>> | undefined {
    const req = this.ahead.get(id);
    if (!req) return undefined;
    this.ahead.delete(id);
    const age = nowMs - req.startedAt;
    // A negative age means the clock jumped back: the answer's age is unknown, ask again.
    if (age >= 0 && age < maxAgeMs) return req.promise;
    req.controller.abort();
    return undefined;
  }

  /** Aborts and forgets every request whose key is not in `keep`; false when none was running. */
  abortAllBut(keep: ReadonlySet<string>): boolean {
    let aborted = false;
    for (const [id, set] of this.inflight) {
      if (keep.has(id)) continue;
      this.inflight.delete(id);
      for (const c of set) c.abort();
      aborted ||= set.size > 0;
    }
    for (const id of this.ahead.keys()) if (!keep.has(id)) this.ahead.delete(id);
    return aborted;
  }
}
