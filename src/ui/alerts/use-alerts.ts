/**
 * The dashboard's alerts, read from the watcher (watch/watcher.ts, created by app.tsx) whatever
 * tab is shown or was ever opened: the conditions holding now for the status bar and the values'
 * WARN/CRIT, the history of what fired and resolved for `!`. When something fires it rings the
 * terminal bell once (however many fired together) and, with `--notify`, sends one desktop
 * notification, both through the terminal effects port (terminal-context.ts).
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type AlertFeed, type AlertFeedState, EMPTY_FEED } from './alert-feed.js';
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
  useEffect(() => {
    if (state.fired <= rang.current) return;
    rang.current = state.fired;
    effects.bell();
    if (settings.notify) {
      const worst = [...state.lastFiring].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
      const body = worst.map((e) => `${e.severity === 'critical' ? 'CRIT' : 'WARN'} ${e.summary}`).join(' · ');
      effects.notify('pooltop', body);
    }
  }, [state, effects, settings.notify]);
  return state;
}
