/**
 * The whole sub-account list for the dashboard: runs the loader of api/load-all.ts with the
 * dashboard's client, clock and lifetime signal, and keeps the rows that arrived (in list
 * order), the progress and how the load ended. One load at a time: starting again cancels the
 * one running. Progress alone redraws at most every 100 ms; each page redraws at once.
 */
import { useCallback } from 'react';
import type { PooltopError } from '../../errors/pooltop-error.js';
import { type LoadEnd, type LoadProgress, loadAllSubAccounts } from '../../api/load-all.js';
import type { ReadSubAccount, SubAccount } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { useOneLoad } from './use-one-load.js';

export interface LoadAllState {
  /** `idle`: nothing loaded (one page at a time); `loading`; `done`: loaded, stopped or failed. */
  phase: 'idle' | 'loading' | 'done';
  rows: readonly SubAccount[];
  progress: LoadProgress | undefined;
  /** How the last load ended, once done. */
  end?: LoadEnd;
  error?: PooltopError;
  /** When the last load ended, ms. */
  loadedAt?: number;
  /** The server search term the rows were loaded for. */
  search: string;
}

export interface LoadAll {
  state: LoadAllState;
  start(search: string): void;
  /** Stops a running load, keeping what arrived; false when none was running. */
  cancel(): boolean;
  /** Forgets the loaded list. */
  clear(): void;
}

/** The dashboard never prints a row as read: 10,100 rows without that copy take ~40 % less. */
function withoutReceived({ received: _, ...model }: ReadSubAccount): SubAccount {
  return model;
}

const IDLE: LoadAllState = { phase: 'idle', rows: [], progress: undefined, search: '' };
const PROGRESS_EVERY_MS = 100;
/**
 * Rows arrive a page at a time, up to 101 pages in a few seconds; each time they are shown, the
 * list is copied, filtered, sorted and counted again. So they are shown at most this often (the
 * first page at once), not 101 times per load.
 */
const ROWS_EVERY_MS = 250;

export function useLoadAll(): LoadAll {
  const { client, now } = useDashboard();
  const { state, setState, begin, cancel, clear } = useOneLoad<LoadAllState>(IDLE);

  const start = useCallback(
    (search: string) => {
      const run = begin();
      const { mine } = run;
      const arrived: SubAccount[] = [];
      let drawnAt = Number.NEGATIVE_INFINITY;
      let rowsAt = Number.NEGATIVE_INFINITY;
      setState({ phase: 'loading', rows: [], progress: undefined, search });
      void loadAllSubAccounts<SubAccount>({
        fetchPage: async (query, signal) => {
          const page = await client.listSubAccounts(query, { signal });
          return { data: page.data.map(withoutReceived) };
        },
        search,
        signal: run.signal,
        now,
        onRows: (page, progress) => {
          if (!mine()) return;
          for (const row of page) arrived.push(row);
          const t = now();
          if (t - rowsAt < ROWS_EVERY_MS) return;
          rowsAt = t;
          drawnAt = t;
          const rows = arrived.slice();
          setState((s) => ({ ...s, rows, progress }));
        },
        onProgress: (progress) => {
          const t = now();
          if (!mine() || t - drawnAt < PROGRESS_EVERY_MS) return;
          drawnAt = t;
          setState((s) => ({ ...s, progress }));
        },
      }).then((outcome) => {
        if (!run.finish()) return;
        setState({
          phase: 'done',
          rows: outcome.rows,
          progress: outcome.progress,
          end: outcome.end,
          error: outcome.error,
          loadedAt: now(),
          search,
        });
      });
    },
    [begin, client, now, setState],
  );

  return { state, start, cancel, clear };
}
