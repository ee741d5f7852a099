/**
 * What every part of the dashboard may read: the API client (for hooks only, never views:
 * test/meta/layers.test.ts), settings, and the injected clock. Provided once by app.tsx.
 */
import { createContext, useContext } from 'react';
import type { ApiClient, PoolOverview } from '../api/types.js';
import type { ResolvedConfig } from '../config/types.js';
import type { RetrySchedule } from './retry-schedule.js';

/**
 * The dashboard's first pool poll, sent before its modules load (cli.ts) so it travels while
 * they do. The pool hook (ui/pool/use-pool-overview.ts) is where it enters: answered by the time
 * the hook mounts, it is the first data (SWR's fallback, no request on mount, the next poll one interval later); still in flight,
 * the hook's first fetch takes it over instead of sending another; failed, that fetch reports it.
 */
export interface FirstPoll {
  readonly request: Promise<PoolOverview>;
  /** The answer and when it came, once the request succeeded. */
  answer?: { overview: PoolOverview; fetchedAt: number };
  /** A fetch has taken the request over, or its answer was shown: later fetches send their own. */
  taken: boolean;
}

export interface DashboardContextValue {
  client: ApiClient;
  /** The API's base URL, for views to name (the client's own, not yet sanitised). */
  apiUrl: string;
  config: ResolvedConfig;
  demo: boolean;
  /** Poll interval. */
  intervalMs: number;
  /** Aborted when the dashboard quits: pass it to every request. */
  signal: AbortSignal;
  /** Wall clock in ms (Date.now unless a test injects one). */
  now: () => number;
  /** When failing SWR keys are retried next (see useRetryAt); absent in some test harnesses. */
  retries?: RetrySchedule;
  /** The pool poll sent before the dashboard mounted, for usePoolOverview to take over. */
  firstPoll?: FirstPoll;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside <App>');
  return value;
}
