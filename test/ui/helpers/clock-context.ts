/** The dashboard context a clock test needs: only `now` is read (by useNow); the rest is inert. */
import { idleWatcher } from './idle-watcher.js';
import type { ApiClient } from '../../../src/api/types.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import type { DashboardContextValue } from '../../../src/ui/dashboard-context.js';

export function clockOnlyDashboard(now: () => number): DashboardContextValue {
  return {
    client: {} as ApiClient,
    apiUrl: 'http://127.0.0.1:1',
    config: {} as ResolvedConfig,
    demo: false,
    intervalMs: 1_000,
    signal: new AbortController().signal,
    now,
    ...idleWatcher({} as ApiClient),
  };
}
