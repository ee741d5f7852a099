/**
 * The whole sub-account list, page by page, for the dashboard (`L`) and `pooltop accounts --all`.
 *
 * - Pages of 100 from offset 0 up to the API's reach (offset ≤ 10000, so 10,100 rows), or to the
 *   first short page, which ends the list. With a search term, the whole result of that term.
 * - Pages are tasks of the process's request queue (request-queue.ts) at low priority, at most 4
 *   of this load's at once; the client paces each send there (one operation: 67 a second at
 *   most, whoever else lists) and a 429 pauses every send.
 * - A failed page is retried (retry.ts: backoff, Retry-After); one that still fails ends the
 *   load as `failed` with the rows before it — a page is never skipped, so rows are always a
 *   prefix of the list, in order.
 * - Cancelling (the signal) keeps the rows that arrived in order.
 * Pure apart from the injected transport, queue, clock and sleep: no React, no terminal.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { linkSignals } from './link-signals.js';
import { type RequestQueue, retryInQueue } from './request-queue.js';
import { defaultSleep, type Sleep } from './retry.js';
import { LIMIT_MAX, OFFSET_MAX, type ReadSubAccount, type SubAccount } from './types.js';

export const LOAD_PAGE_SIZE = LIMIT_MAX;
/** Pages of one load asked for at once (the queue may start fewer). */
export const LOAD_CONCURRENCY = 4;
/** Retries of one page after its first attempt. */
export const LOAD_PAGE_RETRIES = 3;
/** Rows reachable without narrowing: pages at offsets 0, 100, …, 10000. */
export const REACH_ROWS = OFFSET_MAX + LOAD_PAGE_SIZE;

/** How a load ended: the list ended, the API's reach ended it, the user stopped it, a page failed. */
export type LoadEnd = 'end' | 'reach' | 'cancelled' | 'failed';

export interface PageQuery {
  search?: string;
  offset: number;
  limit: number;
}

/** A page of rows: the client's (with each row as read) or fewer fields. */
export type FetchPage<R extends SubAccount = ReadSubAccount> = (
  query: PageQuery,
  signal: AbortSignal,
) => Promise<{ data: R[] }>;

export interface LoadProgress {
  /** Rows received in list order so far. */
  rows: number;
  /** Requests asked of the client, retries included (past a short page, up to 3 end unsent). */
  requests: number;
  /** Retries made so far. */
  retried: number;
  elapsedMs: number;
  /** Undefined until the first rows arrive. */
  rowsPerSecond: number | undefined;
  /** Time to the API's reach at the current pace: an upper bound (the list may end sooner). */
  maxLeftMs: number | undefined;
  /** Share of the reach received, 0..1. */
  fraction: number;
}

export interface LoadOutcome<R extends SubAccount = ReadSubAccount> {
  rows: R[];
  end: LoadEnd;
  /** The rows are the whole list (or the whole result of the term). */
  complete: boolean;
  /** For `failed`: the last error of the page that could not be fetched, and its offset. */
  error?: PooltopError;
  failedOffset?: number;
  progress: LoadProgress;
}

export interface LoadAllOptions<R extends SubAccount = ReadSubAccount> {
  fetchPage: FetchPage<R>;
  /** The process's request queue; `fetchPage` sends through the client paced by it. */
  queue: RequestQueue;
  search?: string;
  signal?: AbortSignal;
  concurrency?: number;
  retries?: number;
  /** Epoch ms (on `now`'s clock) by which the load must end: no retry wait reaches past it. */
  deadline?: number;
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
  /** Each page's rows, in list order, as soon as every page before it has arrived. */
  onRows?: (rows: readonly R[], progress: LoadProgress) => void;
  /** After every request start, retry and page. */
  onProgress?: (progress: LoadProgress) => void;
  /** Before a page is retried (e.g. to say so on stderr). */
  onRetry?: (offset: number, error: PooltopError, delayMs: number) => void;
}

export async function loadAllSubAccounts<R extends SubAccount = ReadSubAccount>(
  options: LoadAllOptions<R>,
): Promise<LoadOutcome<R>> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = clampInt(options.concurrency ?? LOAD_CONCURRENCY, 1, LOAD_CONCURRENCY);
  const retries = clampInt(options.retries ?? LOAD_PAGE_RETRIES, 0, 10);
  const outer = options.signal;
  const search = options.search?.trim() || undefined;
  const startedAt = now();

  const rows: R[] = [];
  const arrived = new Map<number, R[]>();
  const inflight = new Map<number, AbortController>();
  let nextOffset = 0;
  /** Offsets from here on are not needed (past a short page, or at and past a failed one). */
  let stopAt = OFFSET_MAX + 1;
  /** Offset of the next page to hand on. */
  let emitted = 0;
  let ended: 'end' | 'reach' | undefined;
  let failure: { offset: number; error: PooltopError } | undefined;
  let requests = 0;
  let retried = 0;

  const snapshot = (): LoadProgress => {
    const elapsedMs = Math.max(0, now() - startedAt);
    const rowsPerSecond = rows.length > 0 && elapsedMs > 0 ? (rows.length * 1000) / elapsedMs : undefined;
    const left = Math.max(0, REACH_ROWS - rows.length);
    return {
      rows: rows.length,
      requests,
      retried,
      elapsedMs,
      rowsPerSecond,
      maxLeftMs: ended ? 0 : rowsPerSecond === undefined ? undefined : (left * 1000) / rowsPerSecond,
      fraction: Math.min(1, rows.length / REACH_ROWS),
    };
  };

  const stopFrom = (offset: number): void => {
    if (offset >= stopAt) return;
    stopAt = offset;
    for (const [o, controller] of inflight) if (o >= offset) controller.abort();
  };

  /** Hands on every page that is next in line. */
  const flush = (): void => {
    while (!ended && arrived.has(emitted)) {
      // At most a page's worth, whatever fetchPage returned: the whole list stays within the reach.
      const page = (arrived.get(emitted) ?? []).slice(0, LOAD_PAGE_SIZE);
      arrived.delete(emitted);
      for (const row of page) rows.push(row);
      if (page.length < LOAD_PAGE_SIZE) ended = 'end';
      else if (emitted + LOAD_PAGE_SIZE > OFFSET_MAX) ended = 'reach';
      emitted += LOAD_PAGE_SIZE;
      options.onRows?.(page, snapshot());
    }
  };

  const fetchOne = (offset: number, signal: AbortSignal): Promise<{ data: R[] }> =>
    retryInQueue(
      options.queue,
      () => {
        requests++;
        options.onProgress?.(snapshot());
        return options.fetchPage({ search, offset, limit: LOAD_PAGE_SIZE }, signal);
      },
      {
        retries,
        sleep,
        random: options.random,
        signal,
        deadline: options.deadline,
        now,
        onRetry: (err, _attempt, delayMs) => {
          retried++;
          options.onRetry?.(offset, err, delayMs);
          options.onProgress?.(snapshot());
        },
      },
    );

  const worker = async (): Promise<void> => {
    while (!outer?.aborted && !ended && nextOffset < stopAt) {
      const offset = nextOffset;
      nextOffset += LOAD_PAGE_SIZE;
      const controller = new AbortController();
      inflight.set(offset, controller);
      const linked = linkSignals(controller.signal, outer);
      try {
        const page = await fetchOne(offset, linked.signal);
        arrived.set(offset, page.data);
        if (page.data.length < LOAD_PAGE_SIZE) stopFrom(offset + LOAD_PAGE_SIZE);
        flush();
        options.onProgress?.(snapshot());
      } catch (err) {
        // Cancelled by the user, or no longer needed (past the end or a failed page).
        if (linked.signal.aborted) continue;
        const error = isPooltopError(err)
          ? err
          : new PooltopError('network', `page at offset ${offset}: ${String(err)}`, { cause: err });
        if (!failure || offset < failure.offset) failure = { offset, error };
        stopFrom(offset);
      } finally {
        linked.dispose();
        inflight.delete(offset);
      }
    }
  };

  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const controller of inflight.values()) controller.abort();

  const end: LoadEnd = ended ?? (outer?.aborted ? 'cancelled' : failure ? 'failed' : 'reach');
  const outcome: LoadOutcome<R> = { rows, end, complete: end === 'end', progress: snapshot() };
  if (end === 'failed' && failure) {
    outcome.error = failure.error;
    outcome.failedOffset = failure.offset;
  }
  return outcome;
}

function clampInt(n: number, min: number, max: number): number {
  return Math.min(Math.max(Math.floor(Number.isFinite(n) ? n : min), min), max);
}
