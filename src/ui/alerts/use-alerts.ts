/**
 * The dashboard's alerts, read from the watcher (watch/watcher.ts, created by app.tsx) whatever
 * tab is shown or was ever opened: the conditions holding now for the status bar and the values'
 * WARN/CRIT, the history of what fired and resolved for `!`. When something fires it rings the
 * terminal bell once (however many fired together) and, with `--notify`, sends one desktop
 * notification, both through the terminal effects port (terminal-context.ts), which also keeps
 * the window title saying what holds now: a tab or a tmux status line away, it is seen.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type AlertFeed, type AlertFeedState, EMPTY_FEED } from './alert-feed.js';
import type { Alert } from './alert-state.js';
import { useAlertSettings } from './alerts-context.js';
import { useTerminalEffects } from '../terminal-context.js';

export const AlertFeedContext = createContext<AlertFeed | null>(null);

const noop = () => () => undefined;

export function useAlerts(): AlertFeedState {
  const feed = useContext(AlertFeedContext);
  const settings = useAlertSettings();
  const effects = useTerminalEffects();
  const state = useSyncExternalStore(feed?.subscribe ?? noop, feed?.get ?? (() => EMPTY_FEED));
  const rang = useRef(state.fired);
  useEffect(() => effects.title(titleOf(state.active)), [state.active, effects]);
  useEffect(() => {
    if (state.fired <= rang.current) return;
    rang.current = state.fired;
    effects.bell();
    if (settings.notify) {
      const worst = [...state.lastFiring].sort((a, b) =>
        a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1,
      );
      const body = worst
        .map((e) => `${e.severity === 'critical' ? 'CRIT' : 'WARN'} ${e.summary}`)
        .join(' · ');
      effects.notify('pooltop', body);
    }
  }, [state, effects, settings.notify]);
  return state;
}

/** `pooltop`, or what holds now: `pooltop: CRIT 1, WARN 2` (ASCII, for any terminal's title). */
export function titleOf(active: readonly Alert[]): string {
  const crit = active.filter((a) => a.status === 'critical').length;
  const warn = active.filter((a) => a.status === 'warning').length;
  const parts = [...(crit ? [`CRIT ${crit}`] : []), ...(warn ? [`WARN ${warn}`] : [])];
  return parts.length ? `pooltop: ${parts.join(', ')}` : 'pooltop';
}
