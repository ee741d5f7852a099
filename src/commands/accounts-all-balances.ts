/**
 * `pooltop accounts --all --balances`: after the list, each kept account's balances
 * (api/load-balances.ts: the list loader's concurrency and pace, failed accounts retried), written
 * in list order as they arrive: JSON and NDJSON add `"balances": {TICKER: {…}}` to the account
 * (null when they could not be fetched), CSV writes one record per account and currency. A bar
 * on stderr only when it is a terminal; accounts that still failed are named at the end.
 */
import type { CurrencyBalance } from '../api/balance-types.js';
import { LOAD_PAGE_RETRIES } from '../api/load-all.js';
import { type BalanceLoadProgress, loadBalances } from '../api/load-balances.js';
import type { ReadSubAccount } from '../api/types.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import { isDebug } from '../errors/debug.js';
import { csvLine } from '../format/csv.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine, type TextTarget } from '../format/sanitize.js';
import type { OutputFormat } from './account-sinks.js';
import { BALANCE_CSV_HEADER, balanceCsvRecords, balancesJson } from './balance-output.js';
import { toSafeJson } from './json-output.js';

export interface BalanceSink {
  begin(): void;
  write(account: ReadSubAccount, balances: readonly CurrencyBalance[] | null): void;
  end(complete: boolean): void;
}

/** The row as read, with what it holds. */
const withBalances = (a: ReadSubAccount, b: readonly CurrencyBalance[] | null) => ({
  ...a.received,
  balances: b ? balancesJson(b) : null,
});

export function createBalanceSink(
  format: OutputFormat,
  write: (text: string) => void,
  term: TextTarget,
): BalanceSink {
  switch (format) {
    case 'csv':
      return {
        begin: () => write(csvLine(BALANCE_CSV_HEADER)),
        write: (a, b) => write(balanceCsvRecords(a, b).map(csvLine).join('')),
        end() {},
      };
    case 'ndjson':
      return { begin() {}, write: (a, b) => write(`${toSafeJson(withBalances(a, b), term)}\n`), end() {} };
    default: {
      let first = true;
      return {
        begin: () => write('{"data":['),
        write(a, b) {
          write(`${first ? '\n' : ',\n'}${toSafeJson(withBalances(a, b), term)}`);
          first = false;
        },
        end: (complete) => write(`${first ? '' : '\n'}],"complete":${complete}}\n`),
      };
    }
  }
}

/** Names of failed accounts listed on stderr before "and N more". */
const FAILED_SHOWN = 10;
const PROGRESS_EVERY_MS = 100;

export async function writeWithBalances(
  ctx: CommandContext,
  io: CommandIO,
  accounts: readonly ReadSubAccount[],
  sink: BalanceSink,
  ticker: string | undefined,
): Promise<{ failed: boolean; cancelled: boolean; report: string }> {
  const bar = io.stderrIsTTY ? progressBar(io.stderr, io.terminal) : undefined;
  const debug = isDebug(io.env);
  let outcome: Awaited<ReturnType<typeof loadBalances>>;
  try {
    outcome = await loadBalances({
      ids: accounts.map((a) => a.id),
      fetch: (id, signal) => ctx.client.subAccountBalances({ id, ticker }, { signal }),
      queue: ctx.queue,
      signal: io.signal,
      deadline: ctx.deadline?.at,
      onResult: (i, r) => {
        // stdout may be the same terminal: the row goes on a line of its own, the bar after it.
        bar?.clear();
        sink.write(accounts[i] as ReadSubAccount, r.ok ? r.balances : null);
      },
      onProgress: bar?.update,
      onRetry: debug
        ? (i, err, delayMs) => {
            bar?.clear();
            io.stderr(
              `pooltop: retrying the balances of ${name(accounts[i], io.terminal)} in ${(delayMs / 1000).toFixed(1)} s: ${sanitizeLine(err.message, io.terminal)}\n`,
            );
          }
        : undefined,
    });
  } finally {
    bar?.clear();
  }
  const failures = outcome.results.flatMap((r, i) =>
    r.ok ? [] : [{ account: accounts[i], error: r.error }],
  );
  let report = '';
  if (failures.length > 0) {
    const named = failures.slice(0, FAILED_SHOWN).map((f) => name(f.account, io.terminal));
    const more =
      failures.length > FAILED_SHOWN ? `, and ${formatCount(failures.length - FAILED_SHOWN)} more` : '';
    const last = failures[failures.length - 1];
    const tries = last?.error.retryable ? ` after ${LOAD_PAGE_RETRIES + 1} attempts` : '';
    report = `pooltop: incomplete: the balances of ${formatCount(failures.length)} of ${formatCount(accounts.length)} accounts could not be fetched${tries} (written as null): ${named.join(', ')}${more}; last error: ${sanitizeLine(last?.error.message ?? 'unknown', io.terminal)}\n`;
  }
  if (outcome.cancelled) {
    report += `pooltop: interrupted: balances of ${formatCount(outcome.results.length)} of ${formatCount(accounts.length)} accounts written\n`;
  }
  return { failed: failures.length > 0, cancelled: outcome.cancelled, report };
}

/** An account as named on stderr: its alias and id, both network text. */
function name(a: ReadSubAccount | undefined, term: TextTarget): string {
  return `${sanitizeLine(a?.alias ?? '—', term)} (${sanitizeLine(a?.id ?? 'no id', term)})`;
}

/** `balances ███████░░░░░ 580/1,000 · 2 retried` redrawn in place, erased at the end. */
function progressBar(write: (text: string) => void, term: TextTarget) {
  let last = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const WIDTH = 24;
  return {
    update(p: BalanceLoadProgress): void {
      const t = Date.now();
      if (t - last < PROGRESS_EVERY_MS && p.done < p.total) return;
      last = t;
      drawn = true;
      const filled = p.total === 0 ? WIDTH : Math.round((p.done / p.total) * WIDTH);
      const [full, empty] = term.unicode ? ['█', '░'] : ['#', '-'];
      const bar = full.repeat(filled) + empty.repeat(WIDTH - filled);
      const extra = [
        p.retried > 0 && `${formatCount(p.retried)} retried`,
        p.failed > 0 && `${formatCount(p.failed)} failed`,
      ]
        .filter(Boolean)
        .join(' · ');
      write(
        `\r\u001b[Kbalances ${bar} ${formatCount(p.done)}/${formatCount(p.total)}${extra ? ` · ${extra}` : ''}`,
      );
    },
    clear(): void {
      if (drawn) write('\r\u001b[K');
      drawn = false;
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
