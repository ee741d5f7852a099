/**
 * The one hook behind the dashboard's alerts: evaluates the thresholds against the data the
 * dashboard holds (use-alert-sources.ts) at every clock second — ages grow between polls — and
 * keeps the history of changes. On each change to a worse state it rings the terminal bell once
 * (however many metrics worsened together; not on a poll that changes nothing, not on an
 * improvement) and, with `--notify`, sends one desktop notification.
 */
import { useStdout } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import {
  type AlertChange,
  activeAlerts,
  changesBetween,
  evaluateAlerts,
  isWorsening,
  RANK,
  statusWord,
} from './alert-state.js';
import { type AlertsState, useAlertSettings } from './alerts-context.js';
import { BELL, desktopNotification } from './notify.js';
import { useAlertSources } from './use-alert-sources.js';
import { useTerminal } from '../terminal-context.js';

/** Changes kept for the `!` overlay: plenty for a session, bounded for one that runs for weeks. */
export const HISTORY_MAX = 1000;

export function useAlerts(nowMs: number): AlertsState {
  const settings = useAlertSettings();
  const { stdout } = useStdout();
  const term = useTerminal();
  const sources = useAlertSources();
  const alerts = useMemo(
    () => evaluateAlerts(sources, settings.thresholds, nowMs, term),
    [sources, settings.thresholds, nowMs, term],
  );
  const seen = useRef(new Map<string, Status>());
  const lastSeq = useRef(0);
  const [history, setHistory] = useState<readonly AlertChange[]>([]);

  useEffect(() => {
    const changes = changesBetween(seen.current, alerts, nowMs, lastSeq.current);
    if (changes.length === 0) return;
    for (const c of changes) seen.current.set(c.id, c.to);
    lastSeq.current += changes.length;
    setHistory((h) => [...h, ...changes].slice(-HISTORY_MAX));
    // Worst first, as in the status bar.
    const worse = changes.filter(isWorsening).sort((a, b) => RANK[b.to] - RANK[a.to]);
    if (worse.length === 0) return;
    stdout.write(BELL);
    if (settings.notify) {
      const body = worse.map((c) => `${statusWord(c.to)} ${c.label} ${c.value}`).join(' · ');
      stdout.write(desktopNotification('pooltop', body, term, settings.multiplexer));
    }
  }, [alerts, nowMs, stdout, settings.notify, settings.multiplexer, term]);

  return useMemo(() => ({ alerts, active: activeAlerts(alerts), history }), [alerts, history]);
}
