/**
 * The one request queue of a process: every request pooltop sends goes through it, whoever asks
 * (the dashboard's tabs, its watcher, `L`, `B`, the one-shot commands, the exporter).
 *
 * - `pace(operation, send)`, the pacing rule, in one place: sends of one operation start at least
 *   `gapMs` apart (15 ms: at most 667 in any 10 s, two thirds of the API's 1,000 per operation,
 *   so 1,000 sub-accounts' 3,000 key IP lists take 45 s, and another process on the same key
 *   keeps a third for its polls), and a 429 answer stops every send and start until its
 *   Retry-After (else `pauseMs`; at most 10 s) has passed. The client (client.ts) sends each attempt, retries included, through it; the
 *   operation is the request's path, so each has its own budget.
 * - `run(task)`, the order: at most `concurrency` tasks in flight, oldest first, `high` before
 *   `low`; none starts during a 429's pause; one whose signal aborts while it waits is dropped
 *   unstarted. A task is a caller's unit of work (a poll, a page of `L`) and sends through the
 *   client, so it is paced there.
 *
 * Pure apart from the injected clock and timers: no React, no terminal.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { type RetryOptions, withRetry } from './retry.js';
import { abortedError } from './transport-errors.js';

export type Priority = 'high' | 'low';

export interface RequestQueueOptions {
  /** Tasks in flight at most (default 4). */
  concurrency?: number;
  /** Milliseconds between two sends of one operation at least (default 15; never under 11). */
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
  /** Requests sent through `pace`, retries included. */
  sent: number;
  /** 429 answers seen. */
  rateLimited: number;
}

export interface RequestQueue {
  run<T>(task: (signal: AbortSignal | undefined) => Promise<T>, opts?: RunOptions): Promise<T>;
  /**
   * Sends one request of `operation` (its path) when the pacing rule allows: `send` is called
   * once, at that moment; a 429 it fails with pauses every send and start. Rejects, unsent, when
   * `signal` aborts while it waits (with the signal's PooltopError if it carries one).
   */
  pace<T>(operation: string, send: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  stats(): QueueStats;
  /** Drops every waiting task and send (each rejects as cancelled) and stops the timers. */
  close(): void;
}

interface Job {
  start: () => void;
  cancel: () => void;
}

export const QUEUE_CONCURRENCY = 4;
/**
 * Sends of one operation at least this far apart: 66 a second, 667 in any 10 s at most, two thirds
 * of the budget. Two processes on one key running bulk loads of the same operation at once (two
 * audits) can pass the budget together; the 429 rule then holds each back.
 */
export const OPERATION_GAP_MS = 15;
/**
 * The API's budget: 1,000 requests of one operation per 10 s. A gap under 11 ms could exceed it
 * (10 s / 11 ms + 1 = 910 at most), so none is allowed.
 */
const MIN_GAP_MS = 11;
const PAUSE_AFTER_429_MS = 1000;
/**
 * The longest pause a 429 makes: one window of the budget, after which every window the server
 * counts has passed. A request asked to wait longer waits in its own retry (retry.ts, up to
 * 120 s) or gives up, without holding every other request back.
 */
const PAUSE_CAP_MS = 10_000;

/** The one error of a request given up before its answer (by its caller, a leave, a quit). */
export function cancelled(cause?: unknown): PooltopError {
  return new PooltopError('network', 'request cancelled', { reason: 'aborted', cause });
}

export function createRequestQueue(options: RequestQueueOptions = {}): RequestQueue {
  const concurrency = Math.max(1, options.concurrency ?? QUEUE_CONCURRENCY);
  const gapMs = Math.max(MIN_GAP_MS, options.gapMs ?? OPERATION_GAP_MS);
  const pauseMs = options.pauseMs ?? PAUSE_AFTER_429_MS;
  const now = options.now ?? Date.now;
  // The queue's timers hold no process: a command is held by its deadline and its sockets, the
  // dashboard by the terminal, `watch` and the exporter by their own (watch-run.ts).
  const setTimer =
    options.setTimer ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return t;
    });
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout));
  const waiting: Record<Priority, Job[]> = { high: [], low: [] };
  /** Sends waiting for their slot: each can be told to give up. */
  const sleepers = new Set<() => void>();
  /** Per operation: the earliest its next send may start. */
  const nextSend = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let started = 0;
  let sent = 0;
  let limited = 0;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let timer: unknown;

  const next = (): Job | undefined => waiting.high.shift() ?? waiting.low.shift();
  const hasWaiting = (): boolean => waiting.high.length + waiting.low.length > 0;

  function pump(): void {
    if (timer !== undefined) return; // a wake-up is due; it pumps
    while (inFlight < concurrency && hasWaiting()) {
      const t = now();
      if (t < pausedUntil) {
        timer = setTimer(() => {
          timer = undefined;
          pump();
        }, pausedUntil - t);
        return;
      }
      next()?.start();
    }
  }

  function remove(job: Job): void {
    for (const list of [waiting.high, waiting.low]) {
      const i = list.indexOf(job);
      if (i >= 0) list.splice(i, 1);
    }
  }

  /** Waits `ms` on the injected timer; rejects when `signal` aborts or the queue closes. */
  function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const give = (err: PooltopError): void => {
        clearTimer(handle);
        done();
        reject(err);
      };
      const onAbort = (): void => give(abortedError(signal));
      const onClose = (): void => give(cancelled());
      const done = (): void => {
        sleepers.delete(onClose);
        signal?.removeEventListener('abort', onAbort);
      };
      const handle = setTimer(() => {
        done();
        resolve();
      }, ms);
      sleepers.add(onClose);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The 429 rule: nothing is sent or started until the wait the server asked for has passed. */
  function pauseAfter429(retryAfterMs: number | undefined): void {
    limited++;
    const asked = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > 0;
    const wait = Math.min(asked ? retryAfterMs : pauseMs, PAUSE_CAP_MS);
    pausedUntil = Math.max(pausedUntil, now() + wait);
  }

  async function pace<T>(operation: string, send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    // The slot is taken at once, so senders of one operation go in call order; a pause that began
    // while one slept holds it back again.
    for (;;) {
      if (signal?.aborted) throw abortedError(signal);
      const t = now();
      const at = Math.max(t, nextSend.get(operation) ?? Number.NEGATIVE_INFINITY, pausedUntil);
      nextSend.set(operation, at + gapMs);
      if (at > t) await sleep(at - t, signal);
      if (now() >= pausedUntil) break;
    }
    sent++;
    try {
      return await send();
    } catch (err) {
      if (isPooltopError(err) && err.status === 429) pauseAfter429(err.retryAfterMs);
      throw err;
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
            running.then(resolve, reject).finally(() => {
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
    pace,
    stats: () => ({
      inFlight,
      waiting: waiting.high.length + waiting.low.length,
      maxInFlight,
      started,
      sent,
      rateLimited: limited,
    }),
    close(): void {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      for (const job of [...waiting.high.splice(0), ...waiting.low.splice(0)]) job.cancel();
      for (const give of [...sleepers]) give();
    },
  };
}

/**
 * One unit of a bulk load (a page of `L`, an account's balances) as a task of the queue, retried
 * (retry.ts): each attempt waits its turn at `priority` (default `low`, so polls go first), and
 * sends through the client, which paces it.
 */
export function retryInQueue<T>(
  queue: RequestQueue,
  task: () => Promise<T>,
  options: RetryOptions & { priority?: Priority },
): Promise<T> {
  const { priority = 'low', ...retry } = options;
  return withRetry(() => queue.run(task, { priority, signal: retry.signal }), retry);
}
