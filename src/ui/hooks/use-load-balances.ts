/**
 * One currency's balance for many sub-accounts (the loaded list's `B` column): a bulk resource of
 * the data layer (use-resource.ts) whose fetcher is the balances loader of api/load-balances.ts
 * (the process's request queue, its pacing, retries), keeping each account's total of that currency
 * or its failure. One load at a time: starting again leaves the running one's key, which stops
 * it; Esc stops it and what arrived stays. Progress is drawn at most every 100 ms, results every
 * 250 ms.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { type BalanceLoadProgress, loadBalances } from '../../api/load-balances.js';
import { useDashboard } from '../dashboard-context.js';
import type { ReportProgress } from '../data/use-progress.js';
import { useResource } from '../data/use-resource.js';

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
const NO_VALUES: ReadonlyMap<string, BalanceCellValue> = new Map();
/** Values are copied for drawing at most this often; progress alone is drawn every 100 ms. */
const VALUES_EVERY_MS = 250;

type ColumnKey = readonly ['balance-column', string, number];

/** What a running load has drawn so far. */
interface Arrived {
  values: ReadonlyMap<string, BalanceCellValue>;
  progress: BalanceLoadProgress | undefined;
}

interface Loaded extends Arrived {
  cancelled: boolean;
}

export function useLoadBalances(): BalanceColumn {
  const { client, queue, now } = useDashboard();
  // Each `B` is a key of its own; its accounts are not part of the key (thousands of ids).
  const loads = useRef(0);
  const [asked, setAsked] = useState<{ ticker: string; ids: readonly string[]; n: number } | undefined>(
    undefined,
  );
  const idsRef = useRef<readonly string[]>([]);
  idsRef.current = asked?.ids ?? [];
  const key = useMemo(
    (): ColumnKey | null => (asked ? ['balance-column', asked.ticker, asked.n] : null),
    [asked],
  );

  const fetchColumn = useCallback(
    async ([, ticker]: ColumnKey, signal: AbortSignal, report: ReportProgress<Arrived>): Promise<Loaded> => {
      const ids = idsRef.current;
      const values = new Map<string, BalanceCellValue>();
      let shown: ReadonlyMap<string, BalanceCellValue> = new Map();
      let latest: BalanceLoadProgress | undefined;
      let valuesAt = Number.NEGATIVE_INFINITY;
      const drawn = (): Arrived => {
        const t = now();
        if (t - valuesAt >= VALUES_EVERY_MS) {
          valuesAt = t;
          shown = new Map(values);
        }
        return { values: shown, progress: latest };
      };
      const outcome = await loadBalances({
        ids,
        fetch: (id, accountSignal) => client.subAccountBalances({ id, ticker }, { signal: accountSignal }),
        queue,
        signal,
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
          latest = progress;
          report(drawn);
        },
      });
      return { values, progress: outcome.progress, cancelled: outcome.cancelled };
    },
    [client, queue, now],
  );
  const load = useResource(key, fetchColumn, { bulk: true });

  const { value, progress: arrived } = load;
  const ticker = asked?.ticker ?? '';
  const state = useMemo((): BalanceColumnState => {
    if (!asked) return IDLE;
    if (value) return { phase: 'done', ticker, ...value };
    return {
      phase: 'loading',
      ticker,
      values: arrived?.values ?? NO_VALUES,
      progress: arrived?.progress,
      cancelled: false,
    };
  }, [asked, value, arrived, ticker]);

  const start = useCallback((t: string, ids: readonly string[]) => {
    loads.current += 1;
    setAsked({ ticker: t, ids, n: loads.current });
  }, []);
  const clear = useCallback(() => setAsked(undefined), []);
  return { state, start, cancel: load.cancel, clear };
}
