/**
 * The Mining tab's reads of the history file (history/store.ts, on the dashboard context when
 * history is on). Its questions are synchronous SQLite calls, so they are resources like the
 * API's: asked by the data layer once a minute per account (`slow`), never while a row renders,
 * and not at all without a store (the key is null: every value stays undefined, drawn `—`).
 */
import type { HistoryStore } from '../../history/store.js';
import type { AccountUptime, Incident, UptimeRow } from '../../history/types.js';
import { type AccountUptimes, accountUptimes } from './account-uptimes.js';

import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';
import type { Poll } from './mining-data.js';

const DAY_S = 86_400;

/** Lets a key press or an answer waiting be handled before a query holds the thread. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function nowSeconds(now: () => number): number {
  return Math.floor(now() / 1000);
}

/** Every worker's uptime in the account, and the account's: one read a minute. */
export function useAccountUptimes(account: string, poll: Poll): Resource<AccountUptimes> {
  const { history, now } = useDashboard();
  return useResource(
    history ? (['history-uptime', account] as const) : null,
    async ([, a]) => {
      await nextTurn();
      return accountUptimes(history as HistoryStore, a, nowSeconds(now));
    },
    { ...poll, slow: true },
  );
}

/** Each account's 30-day uptime for the fleet table: one read a minute for all of them. */
export function useFleetUptimes(
  accounts: readonly string[],
  poll: Poll,
): Resource<ReadonlyMap<string, AccountUptime>> {
  const { history, now } = useDashboard();
  return useResource(
    history && accounts.length > 0 ? (['history-fleet-uptime', ...accounts] as const) : null,
    async ([, ...names]) => {
      await nextTurn();
      const to = nowSeconds(now);
      const out = new Map<string, AccountUptime>();
      for (const a of names)
        out.set(a, (history as HistoryStore).accountUptime(a, { from: to - 30 * DAY_S, to }));
      return out;
    },
    { ...poll, slow: true },
  );
}

export interface WorkerHistory {
  /** One row per UTC day, oldest first, up to today. */
  days: UptimeRow[];
  /** Its outages overlapping those days, newest first. */
  incidents: Incident[];
}

/** Days shown in a worker's strip at most (its pane shows as many as fit). */
export const STRIP_DAYS = 90;

/** One worker's daily uptime and incidents, while its detail is open. */
export function useWorkerHistory(
  account: string,
  worker: string | undefined,
  poll: Poll,
): Resource<WorkerHistory> {
  const { history, now } = useDashboard();
  return useResource(
    history && worker !== undefined ? (['history-worker', account, worker] as const) : null,
    async ([, a, w]) => {
      await nextTurn();
      const store = history as HistoryStore;
      const days = store.dailyUptime(a, w, STRIP_DAYS);
      const to = nowSeconds(now);
      // The name is a glob to the store: a `*` in it would match others, so the answer is filtered.
      const incidents = store
        .incidents({ from: days[0]?.from ?? to - STRIP_DAYS * DAY_S, to: to + 1, accounts: [a], worker: w })
        .filter((i) => i.worker === w)
        .reverse();
      return { days, incidents };
    },
    { ...poll, slow: true },
  );
}
