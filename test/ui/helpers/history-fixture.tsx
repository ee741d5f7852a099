/**
 * A history file for the dashboard's tests: opened on a temporary file with the test's clock and
 * filled with `record` rounds as a writer would, and `WithHistory`, which puts it on the dashboard
 * context as the dashboard does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReactNode, useMemo } from 'react';
import { type HistoryStore, historyPath, openHistory } from '../../../src/history/store.js';
import type { HistoryEvent } from '../../../src/history/types.js';
import { DashboardContext, useDashboard } from '../../../src/ui/dashboard-context.js';

export function WithHistory({
  history,
  children,
}: {
  history: HistoryStore | undefined;
  children: ReactNode;
}) {
  const outer = useDashboard();
  const value = useMemo(() => ({ ...outer, history }), [outer, history]);
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}

export interface TempStore {
  store: HistoryStore;
  dir: string;
  /** Closes the store and removes its directory. */
  remove(): void;
}

export function tempStore(nowS: number): TempStore {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-ui-history-'));
  const opened = openHistory({ path: historyPath(dir, 'default'), now: () => nowS });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  const { store } = opened;
  return {
    store,
    dir,
    remove() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Outage {
  worker: string;
  /** Seconds before now the worker went missing, and came back (0 or less: still missing). */
  fromAgoS: number;
  toAgoS: number;
}

/**
 * Rounds every `stepS` over the last `days` days listing `workers`, each missing during its
 * outages; `events` recorded with the round at their `startsAt`.
 */
export function fillRounds(
  store: HistoryStore,
  opts: {
    nowS: number;
    account: string;
    workers: readonly string[];
    days: number;
    stepS: number;
    outages?: readonly Outage[];
    events?: readonly HistoryEvent[];
  },
): void {
  const { nowS, account, workers, days, stepS, outages = [], events = [] } = opts;
  const start = nowS - days * 86_400;
  const byRound = new Map<number, HistoryEvent[]>();
  for (const e of events) {
    const at = Math.ceil((Date.parse(e.startsAt) / 1000 - start) / stepS) * stepS + start;
    byRound.set(at, [...(byRound.get(at) ?? []), e]);
  }
  for (let at = start; at <= nowS; at += stepS) {
    const ago = nowS - at;
    const names = workers.filter(
      (w) => !outages.some((o) => o.worker === w && ago <= o.fromAgoS && ago > o.toAgoS),
    );
    store.record({
      at,
      intervalS: stepS,
      accounts: [{ account, listing: { names, at } }],
      events: byRound.get(at),
    });
  }
}

export const offlineEvent = (
  account: string,
  worker: string,
  status: 'firing' | 'resolved',
  atS: number,
): HistoryEvent => ({
  status,
  kind: 'worker_offline',
  severity: 'critical',
  account,
  worker,
  metric: 'worker_offline',
  value: 300,
  summary: `${account}: worker ${worker} offline`,
  startsAt: new Date(atS * 1000).toISOString(),
  endsAt: status === 'resolved' ? new Date(atS * 1000).toISOString() : null,
});
