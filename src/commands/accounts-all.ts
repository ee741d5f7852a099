/**
 * `pooltop accounts --all`: every page of the list (api/load-all.ts), filtered and sorted locally,
 * written as JSON, NDJSON, CSV or a table. Without --sort the rows are written as they arrive.
 * Live progress goes to stderr only when stderr is a terminal. What was fetched is always written;
 * the exit code is 1 when a page could not be fetched (the last stderr line says how far it got),
 * 130 or 143 when interrupted (SIGINT, SIGTERM).
 */
import { filterAccounts } from '../accounts/filter.js';
import { sortAccounts } from '../accounts/sort.js';
import {
  LOAD_PAGE_RETRIES,
  LOAD_PAGE_SIZE,
  type LoadOutcome,
  loadAllSubAccounts,
  REACH_ROWS,
} from '../api/load-all.js';
import type { ReadSubAccount } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import { isDebug } from '../errors/debug.js';
import { progressParts } from '../accounts/load-progress.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import { formatDuration } from '../format/time.js';
import { createSink } from './account-sinks.js';
import { createBalanceSink, writeWithBalances } from './accounts-all-balances.js';
import type { AllOptions } from './accounts-all-options.js';
import { type CommandIO, interruptedCode } from './support/io.js';

const PROGRESS_EVERY_MS = 100;

export async function runAccountsAll(ctx: CommandContext, io: CommandIO, opts: AllOptions): Promise<number> {
  // With balances, each row is written once its balances are in (accounts-all-balances.ts).
  const balanceSink = opts.balances ? createBalanceSink(opts.format, io.stdout, io.terminal) : undefined;
  const rowSink = balanceSink ? undefined : createSink(opts.format, io.stdout, io.terminal);
  const sink = balanceSink ?? rowSink;
  const streaming = rowSink?.streams === true && opts.sort === undefined;
  const progress = io.stderrIsTTY ? progressLine(io.stderr) : undefined;
  const keep = (rows: readonly ReadSubAccount[]) => filterAccounts(rows, opts.filter);
  const debug = isDebug(io.env);
  sink?.begin();
  let outcome: LoadOutcome;
  try {
    outcome = await loadAllSubAccounts({
      fetchPage: (query, signal) => ctx.client.listSubAccounts(query, { signal }),
      queue: ctx.queue,
      search: opts.search,
      signal: io.signal,
      deadline: ctx.deadline?.at,
      onRows: (rows) => {
        if (streaming) rowSink?.rows(keep(rows));
      },
      onProgress: progress?.update,
      onRetry: debug
        ? (offset, err, delayMs) => {
            progress?.clear();
            io.stderr(
              `pooltop: retrying rows ${formatCount(offset + 1)}–${formatCount(offset + LOAD_PAGE_SIZE)} in ${(delayMs / 1000).toFixed(1)} s: ${sanitizeLine(err.message, io.terminal)}\n`,
            );
          }
        : undefined,
    });
  } finally {
    progress?.clear();
  }
  const kept = streaming ? [] : sortAccounts(keep(outcome.rows), opts.sort ?? { desc: false });
  const fetched =
    balanceSink && outcome.end !== 'cancelled'
      ? await writeWithBalances(ctx, io, kept, balanceSink, opts.balances?.ticker)
      : undefined;
  if (!streaming) rowSink?.rows(kept);
  sink?.end(outcome.complete && fetched?.failed !== true);
  io.stderr(summary(outcome, io.stderrIsTTY === true, opts.search, io.terminal));
  if (fetched?.report) io.stderr(fetched.report);
  if (outcome.end === 'failed' || fetched?.failed) return 1;
  if (outcome.end === 'cancelled' || fetched?.cancelled) return interruptedCode(io.signal);
  return 0;
}

/** What stderr says at the end: nothing for a whole list unless stderr is a terminal. */
function summary(o: LoadOutcome, tty: boolean, search: string | undefined, term: TextTarget): string {
  const got = o.rows.length === 0 ? 'no rows' : `rows 1–${formatCount(o.rows.length)}`;
  switch (o.end) {
    case 'end':
      return tty
        ? `${formatCount(o.rows.length)} rows, ${search ? `every match of "${sanitizeLine(search, term)}"` : 'the whole list'} · ${formatCount(o.progress.requests)} requests · ${formatDuration(o.progress.elapsedMs)}\n`
        : '';
    case 'reach':
      return `pooltop: warning: stopped at the API's reach of ${formatCount(REACH_ROWS)} rows (offset ≤ 10000); the list may go on: narrow it with --search\n`;
    case 'cancelled':
      return `pooltop: interrupted: got ${got} of the list\n`;
    case 'failed': {
      const first = (o.failedOffset ?? o.rows.length) + 1;
      const range = `rows ${formatCount(first)}–${formatCount(first + LOAD_PAGE_SIZE - 1)}`;
      const tries = o.error?.retryable ? ` after ${LOAD_PAGE_RETRIES + 1} attempts` : '';
      const why = sanitizeLine(o.error?.message ?? 'unknown error', term);
      return `pooltop: incomplete: got ${got} of the list, then ${range} could not be fetched${tries}: ${why}\n`;
    }
  }
}

/** One line redrawn in place on a terminal (at most every 100 ms), erased at the end. */
function progressLine(write: (text: string) => void) {
  let last = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(p: Parameters<typeof progressParts>[0]): void {
      const t = Date.now();
      if (t - last < PROGRESS_EVERY_MS) return;
      last = t;
      drawn = true;
      write(`\r\u001b[Kloading sub-accounts: ${progressParts(p).join(' · ')}`);
    },
    clear(): void {
      if (drawn) write('\r\u001b[K');
    },
  };
}
