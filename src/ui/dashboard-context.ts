/**
 * What every part of the dashboard may read: the API client (for hooks only, never views:
 * test/meta/layers.test.ts), settings, and the injected clock. Provided once by app.tsx
 * (`DashboardProviders`, which the tests mount too), every field always there.
 */
import { createContext, useContext } from 'react';
import type { RequestQueue } from '../api/request-queue.js';
import type { HistoryStore } from '../history/store.js';
import type { OversightApi } from '../api/oversight-types.js';
import type { ApiClient } from '../api/types.js';
import type { Watcher } from '../watch/watcher.js';
import type { SeenStores } from '../config/seen-store.js';
import type { ResolvedConfig } from '../config/types.js';

export interface DashboardContextValue {
  client: ApiClient;
  /**
   * The process's one request queue: the client paces every request by it; views, the bulk loads
   * and the watcher start their requests as its tasks.
   */
  queue: RequestQueue;
  /** Judges every alert whatever the screen shows (watch/watcher.ts); paused and refreshed with the views. */
  watcher: Watcher;
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
  /** What this profile remembers of each mining account's workers (config/seen-store.ts). */
  seenStores: SeenStores;
  /**
   * The profile's history store (history/store.ts; with `--demo` a temporary one, back-filled):
   * undefined until it is open, shortly after the first frame, and when `[history]` is off or
   * the file cannot be opened. The dashboard's watcher records into the same store.
   */
  history: HistoryStore | undefined;
  /**
   * The oversight reads (API keys, IP lists, transfers, withdrawals awaiting you), when the client
   * has them (createClient's does; a test's stub need not): the Sub-accounts tab's Keys column,
   * key view, transfers and waiting withdrawals are left out without them.
   */
  oversight?: OversightApi;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside <App>');
  return value;
}
