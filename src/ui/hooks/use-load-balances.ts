/**
 * One currency's balance for many sub-accounts (the loaded list's `B` column): runs the balances
 * loader of api/load-balances.ts (bounded concurrency, the rate gate, retries) with the
 * dashboard's client, clock and lifetime signal, and keeps each account's total of that currency
 * or its failure. One load at a time: starting again cancels the one running; Esc stops it and
 * what arrived stays. Progress redraws at most every 100 ms, results every 250 ms.
 */
import { useCallback } from 'react';
import { type BalanceLoadProgress, loadBalances } from '../../api/load-balances.js';
import { useDashboard } from '../dashboard-context.js';
import { useOneLoad } from './use-one-load.js';

/** An account's amount of the currency (null: sent without a readable amount), or its failure. */
export type BalanceCellValue = { ok: true; total: string | null } | { ok: false; error: string };

export interface BalanceColumnState {
  phase: 'idle' | 'loading' | 'done';
  /** The currency asked for, upper case. */
  ticker: string;
  /** By account id. */
  values: ReadonlyMap<string, BalanceCellValue>;
  progress: BalanceLoadProgress | undefined;
  cancelled: boolean;
}

export interface BalanceColumn {
  state: BalanceColumnState;
  start(ticker: string, ids: readonly string[]): void;
  /** Stops a running load, keeping what arrived; false when none was running. */
  cancel(): boolean;
  clear(): void;
}

const IDLE: BalanceColumnState = {
  phase: 'idle',
  ticker: '',
  values: new Map(),
  progress: undefined,
  cancelled: false,
};
const PROGRESS_EVERY_MS = 100;
const VALUES_EVERY_MS = 250;

export function useLoadBalances(): BalanceColumn {
  const { client, now } = useDashboard();
  const { state, setState, begin, cancel, clear } = useOneLoad<BalanceColumnState>(IDLE);

  const start = useCallback(
    (ticker: string, ids: readonly string[]) => {
      const run = begin();
      const { mine } = run;
      const values = new Map<string, BalanceCellValue>();
      let drawnAt = Number.NEGATIVE_INFINITY;
      let valuesAt = Number.NEGATIVE_INFINITY;
      setState({ phase: 'loading', ticker, values: new Map(), progress: undefined, cancelled: false });
      void loadBalances({
        ids,
        fetch: (id, signal) => client.subAccountBalances({ id, ticker }, { signal }),
        signal: run.signal,
        now,
        onResult: (index, result) => {
          const id = ids[index];
          if (id === undefined) return;
          // Asked for one currency: an answer without it holds none of it.
          const row = result.ok ? result.balances.find((b) => b.ticker.toUpperCase() === ticker) : undefined;
          values.set(
            id,
            result.ok
              ? { ok: true, total: row ? row.total : '0' }
              : { ok: false, error: result.error.message },
          );
        },
        onProgress: (progress) => {
          const t = now();
          if (!mine() || t - drawnAt < PROGRESS_EVERY_MS) return;
          drawnAt = t;
          const fresh = t - valuesAt >= VALUES_EVERY_MS;
          if (fresh) valuesAt = t;
          const snapshot = fresh ? new Map(values) : undefined;
          setState((s) => ({ ...s, progress, values: snapshot ?? s.values }));
        },
      }).then((outcome) => {
        if (!run.finish()) return;
        setState({
          phase: 'done',
          ticker,
          values: new Map(values),
          progress: outcome.progress,
          cancelled: outcome.cancelled,
        });
      });
    },
    [begin, client, now, setState],
  );

  return { state, start, cancel, clear };
}
