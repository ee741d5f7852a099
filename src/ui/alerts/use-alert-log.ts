/**
 * The `!` history with the history file behind it: the incident log the file keeps (every alert
 * event any writer on this profile recorded: this dashboard, a `watch` service) merged with the
 * watcher's changes since start; an event both hold is shown once. Read while the overlay is
 * open, at most once a minute, through the data layer (the question is a synchronous SQLite call).
 */
import { useMemo } from 'react';
import type { AlertLogEntry } from '../../history/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Resource, useResource } from '../data/use-resource.js';
import { useTerminal } from '../terminal-context.js';
import { changeOf } from './alert-feed.js';
import type { AlertChange } from './alert-state.js';

/** How far back the overlay reads the file. */
export const LOG_DAYS = 90;
/** A live change and a recorded one this close, of the same alert and state, are one event. */
export const SAME_EVENT_MS = 120_000;
/** The file's entries kept at most (the newest), as the live history is bounded. */
const LOG_MAX = 2000;

/** Oldest first, the file's entries and the live changes merged; none twice. */
export function mergeAlertLog(
  recorded: readonly AlertChange[],
  live: readonly AlertChange[],
): readonly AlertChange[] {
  if (recorded.length === 0) return live;
  const byId = new Map<string, AlertChange[]>();
  for (const l of live) byId.set(l.id, [...(byId.get(l.id) ?? []), l]);
  const fresh = recorded.filter(
    (r) => !byId.get(r.id)?.some((l) => l.to === r.to && Math.abs(l.atMs - r.atMs) <= SAME_EVENT_MS),
  );
  // Each recorded event once, too: two writers on one profile record the same event each.
  const seen = new Set<string>();
  const once = fresh.filter((r) => {
    const key = `${r.id} ${r.to} ${Math.round(r.atMs / SAME_EVENT_MS)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...once, ...live].sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
}

function useRecordedLog(open: boolean): Resource<readonly AlertLogEntry[]> {
  const { history, now } = useDashboard();
  return useResource(
    history && open ? 'history-alert-log' : null,
    async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const to = Math.floor(now() / 1000) + 1;
      return history ? history.alertLog({ from: to - LOG_DAYS * 86_400, to }).slice(-LOG_MAX) : [];
    },
    { slow: true },
  );
}

/** The overlay's lines, oldest first; `fromFile` when the history file is behind them. */
export function useAlertLog(
  live: readonly AlertChange[],
  open: boolean,
): { history: readonly AlertChange[]; fromFile: boolean } {
  const term = useTerminal();
  const recorded = useRecordedLog(open);
  const value = recorded.value;
  const history = useMemo(() => {
    if (!value) return live;
    const changes = value.map((e, i) => changeOf(e, e.recordedAt * 1000, i - value.length, term));
    return mergeAlertLog(changes, live);
  }, [value, live, term]);
  return { history, fromFile: value !== undefined };
}
