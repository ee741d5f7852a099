/**
 * The whole sub-account list for the dashboard: a bulk resource of the data layer (use-resource.ts)
 * whose fetcher is the loader of api/load-all.ts, keeping the rows that arrived (in list order),
 * the progress and how the load ended. One load at a time: starting again leaves the running
 * one's key, which stops it; the data layer draws progress at most every 100 ms.
 */
import { setImmediate } from 'node:timers/promises';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isPooltopError, PooltopError } from '../../errors/pooltop-error.js';
import { type LoadEnd, type LoadProgress, loadAllSubAccounts } from '../../api/load-all.js';
import type { ReadSubAccount, SubAccount } from '../../api/types.js';
import { SORT_KEYS } from '../../accounts/fields.js';
import { searchIndex } from '../../accounts/search-index.js';
import { keptOrder } from '../../accounts/sort.js';
import { useDashboard } from '../dashboard-context.js';
import type { ReportProgress } from '../data/use-progress.js';
import { useResource } from '../data/use-resource.js';

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
/**
 * Rows arrive a page at a time, up to 101 pages in a few seconds; each time they are shown, the
 * list is copied, filtered, sorted and counted again. So they are shown at most this often (the
 * first page at once), not 101 times per load.
 */
const ROWS_EVERY_MS = 250;

type AllKey = readonly ['sub-accounts-all', string, number];

/** What a running load has drawn so far. */
interface Arrived {
  rows: readonly SubAccount[];
  progress: LoadProgress | undefined;
}

interface Loaded extends Arrived {
  end: LoadEnd;
  error?: PooltopError;
  loadedAt: number;
}

const NO_ROWS: readonly SubAccount[] = [];

export function useLoadAll(): LoadAll {
  const { client, queue, now } = useDashboard();
  // Each `L` is a key of its own: a new load, never an old one's rows.
  const loads = useRef(0);
  const [asked, setAsked] = useState<{ search: string; n: number } | undefined>(undefined);
  const key = useMemo(
    (): AllKey | null => (asked ? ['sub-accounts-all', asked.search, asked.n] : null),
    [asked],
  );

  const fetchAll = useCallback(
    async ([, search]: AllKey, signal: AbortSignal, report: ReportProgress<Arrived>): Promise<Loaded> => {
      const arrived: SubAccount[] = [];
      let shown: readonly SubAccount[] = NO_ROWS;
      let latest: LoadProgress | undefined;
      let rowsAt = Number.NEGATIVE_INFINITY;
      const drawn = (): Arrived => ({ rows: shown, progress: latest });
      const outcome = await loadAllSubAccounts<SubAccount>({
        fetchPage: async (query, pageSignal) => {
          const page = await client.listSubAccounts(query, { signal: pageSignal });
          return { data: page.data.map(withoutReceived) };
        },
        queue,
        search,
        signal,
        now,
        onRows: (page, progress) => {
          for (const row of page) arrived.push(row);
          latest = progress;
          const t = now();
          if (t - rowsAt < ROWS_EVERY_MS) return;
          rowsAt = t;
          shown = arrived.slice();
          report(drawn, true);
        },
        onProgress: (progress) => {
          latest = progress;
          report(drawn);
        },
      });
      // Sorting and searching run in baseline code (launch/dashboard-heap.ts): what they need is
      // worked out now, a column at a time with other work between, not on the first key.
      searchIndex(outcome.rows);
      for (const column of SORT_KEYS) {
        await setImmediate();
        if (signal.aborted) break;
        keptOrder(outcome.rows, column);
      }
      return {
        rows: outcome.rows,
        progress: outcome.progress,
        end: outcome.end,
        error: outcome.error,
        loadedAt: now(),
      };
    },
    [client, queue, now],
  );
  const load = useResource(key, fetchAll, { bulk: true });

  const { value, progress: arrived, error } = load;
  const search = asked?.search ?? '';
  const state = useMemo((): LoadAllState => {
    if (!asked) return IDLE;
    if (value) return { phase: 'done', ...value, search };
    // The loader ends every load with an outcome; a failure of its own is a failed load.
    if (error)
      return {
        phase: 'done',
        rows: NO_ROWS,
        progress: undefined,
        end: 'failed',
        error: asPooltopError(error),
        search,
      };
    return { phase: 'loading', rows: arrived?.rows ?? NO_ROWS, progress: arrived?.progress, search };
  }, [asked, value, arrived, error, search]);

  const start = useCallback((term: string) => {
    loads.current += 1;
    setAsked({ search: term, n: loads.current });
  }, []);
  const clear = useCallback(() => setAsked(undefined), []);
  return { state, start, cancel: load.cancel, clear };
}

function asPooltopError(err: Error): PooltopError {
  return isPooltopError(err) ? err : new PooltopError('network', err.message, { cause: err });
}
