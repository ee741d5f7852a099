/**
 * Requests a screen may want many of at once (the Mining tab's per-worker series), kept polite:
 * at most `concurrency` in flight, starts at least `gapMs` apart (so under 1000/gapMs a second),
 * and after a 429 no start at all until its Retry-After (else `pauseMs`) has passed. Waiting
 * tasks start oldest first, `high` before `low`; one whose signal aborts while it waits is
 * dropped unstarted. Pure apart from the injected clock and timers: no React, no terminal.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';

export type Priority = 'high' | 'low';

export interface RequestQueueOptions {
  /** Requests in flight at most (default 4). */
  concurrency?: number;
  /** Milliseconds between two starts at least (default 25: 40 a second). */
  gapMs?: number;
  /** Wait after a 429 that names none (default 1000 ms). */
  pauseMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface RunOptions {
  priority?: Priority;
  /** Aborting it drops the task if it has not started, and is passed to the task if it has. */
  signal?: AbortSignal;
}

export interface QueueStats {
  inFlight: number;
  waiting: number;
  /** The most ever in flight at once. */
  maxInFlight: number;
  started: number;
}

export interface RequestQueue {
  run<T>(task: (signal: AbortSignal | undefined) => Promise<T>, opts?: RunOptions): Promise<T>;
  stats(): QueueStats;
  /** Drops every waiting task (each rejects as cancelled) and stops the timer. */
  close(): void;
}

interface Job {
  start: () => void;
  cancel: () => void;
}

export const QUEUE_CONCURRENCY = 4;
export const QUEUE_GAP_MS = 25;
const PAUSE_AFTER_429_MS = 1000;

/** The one error of a request given up before its answer (by its caller, a leave, a quit). */
export function cancelled(cause?: unknown): PooltopError {
  return new PooltopError('network', 'request cancelled', { reason: 'aborted', cause });
}

export function createRequestQueue(options: RequestQueueOptions = {}): RequestQueue {
  const concurrency = Math.max(1, options.concurrency ?? QUEUE_CONCURRENCY);
  const gapMs = Math.max(0, options.gapMs ?? QUEUE_GAP_MS);
  const pauseMs = options.pauseMs ?? PAUSE_AFTER_429_MS;
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return t;
    });
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout));
  const waiting: Record<Priority, Job[]> = { high: [], low: [] };
  let inFlight = 0;
  let maxInFlight = 0;
  let started = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let pausedUntil = 0;
  let timer: unknown;

  const next = (): Job | undefined => waiting.high.shift() ?? waiting.low.shift();
  const hasWaiting = (): boolean => waiting.high.length + waiting.low.length > 0;

  function pump(): void {
    if (timer !== undefined) return; // a wake-up is due; it pumps
    while (inFlight < concurrency && hasWaiting()) {
      const at = Math.max(lastStart + gapMs, pausedUntil);
      const t = now();
      if (t < at) {
        timer = setTimer(() => {
          timer = undefined;
          pump();
        }, at - t);
        return;
      }
      const job = next();
      if (!job) return;
      lastStart = t;
      job.start();
    }
  }

  function remove(job: Job): void {
    for (const list of [waiting.high, waiting.low]) {
      const i = list.indexOf(job);
      if (i >= 0) list.splice(i, 1);
    }
  }

  return {
    run<T>(task: (signal: AbortSignal | undefined) => Promise<T>, opts: RunOptions = {}): Promise<T> {
      const { signal, priority = 'high' } = opts;
      if (signal?.aborted) return Promise.reject(cancelled());
      return new Promise<T>((resolve, reject) => {
        const onAbort = (): void => {
          remove(job);
          reject(cancelled());
        };
        const job: Job = {
          cancel: () => {
            signal?.removeEventListener('abort', onAbort);
            reject(cancelled());
          },
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            inFlight++;
            started++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            let running: Promise<T>;
            try {
              running = task(signal);
            } catch (err) {
              running = Promise.reject(err);
            }
            running
              .then(resolve, (err: unknown) => {
                if (isPooltopError(err) && err.status === 429) {
                  pausedUntil = Math.max(pausedUntil, now() + (err.retryAfterMs ?? pauseMs));
                }
                reject(err);
              })
              .finally(() => {
                inFlight--;
                pump();
              });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting[priority].push(job);
        pump();
      });
    },
    stats: () => ({
      inFlight,
      waiting: waiting.high.length + waiting.low.length,
      maxInFlight,
      started,
    }),
    close(): void {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      for (const job of [...waiting.high.splice(0), ...waiting.low.splice(0)]) job.cancel();
    },
  };
}
