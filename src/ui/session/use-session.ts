/**
 * The OAuth session for the Session tab, as a resource of the data layer: the token store is
 * read every few seconds (another pooltop process may have refreshed) and, while auto-refresh is
 * on, polled again when the refresh falls due, whether the tab is shown or not; each poll is one
 * call of the session keeper (session-keeper.ts). `R` refreshes at once, `a` turns auto-refresh
 * on or off.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { memoryTokenStore } from '../../config/token-store.js';
import { createSession, type Session, type SessionStatus } from '../../session/session.js';
import { useDashboard } from '../dashboard-context.js';
import { useResource } from '../data/use-resource.js';
import { useTerminal } from '../terminal-context.js';
import { useUiState } from '../ui-state.js';
import { createSessionKeeper, messageOf, nextAutoAt, type SessionSnapshot } from './session-keeper.js';

/** Re-read the store this often, to see refreshes made by other pooltop processes. */
export const RELOAD_MS = 5_000;

export interface SessionState {
  status?: SessionStatus;
  /** OAuth client settings exist (client ID and secret). */
  configured: boolean;
  refreshing: boolean;
  /** The last failure, one line; cleared by a success. */
  error?: string;
  auto: boolean;
  /** When auto-refresh fires next (ms), if it will. */
  nextAutoAt?: number;
  /** Auto-refresh gave up after a failure that retrying cannot fix; R tries again. */
  autoStopped: boolean;
  /** `announce`: say so in the notice line (a key press); automatic refreshes stay quiet. */
  refreshNow: (announce?: boolean) => void;
  toggleAuto: () => void;
}

/**
 * Printed when the dashboard closes (console output is held until the screen is restored, then
 * goes to stderr): a set no file took is the token chain, and the process is about to end.
 */
function handOverOnClose(session: Session): void {
  const rescue = session.unsavedRescue();
  if (rescue === undefined) return;
  console.error(
    'pooltop: the newest token set could not be saved and is the only copy of the token chain; it is the next ' +
      'line: once the store can be written, run `pooltop auth restore` and paste it, before its refresh token expires',
  );
  console.error(rescue.trimEnd());
}

export function useSession(hidden: boolean, injected?: Session): SessionState {
  const { client, config, demo, now } = useDashboard();
  const { notify } = useUiState();
  const term = useTerminal();
  const session = useMemo(
    () => injected ?? createSession({ config, client, now, store: demo ? memoryTokenStore() : undefined }),
    [injected, config, client, demo, now],
  );
  const configured = Boolean(config.clientId && config.clientSecret);
  const [auto, setAuto] = useState(configured);
  const autoRef = useRef(auto);
  autoRef.current = auto;
  const [refreshing, setRefreshing] = useState(false);
  // The keeper remembers failures from poll to poll: made once per session, it reads the rest
  // as it stands.
  const live = useRef({ notify, now, term });
  live.current = { notify, now, term };
  const keeper = useMemo(
    () =>
      createSessionKeeper({
        session,
        now: () => live.current.now(),
        term: () => live.current.term,
        configured,
        auto: () => autoRef.current,
        notify: (text) => live.current.notify(text),
        refreshing: setRefreshing,
      }),
    [session, configured],
  );
  const poll = useCallback(
    (_key: readonly [string, string], signal: AbortSignal) => keeper.poll(signal),
    [keeper],
  );
  const dueAt = useCallback(
    (snap: SessionSnapshot) => nextAutoAt(snap, autoRef.current, configured, now()),
    [configured, now],
  );
  // Kept alive whatever the screen shows, and while polling is paused: a paused dashboard must
  // not let the refresh token expire unused.
  const store = useResource(['oauth-session', config.profile], poll, {
    hidden,
    background: true,
    paused: false,
    everyMs: RELOAD_MS,
    dueAt,
  });

  useEffect(() => () => handOverOnClose(session), [session]);

  const { refresh } = store;
  const refreshNow = useCallback(
    (announce = false) => {
      keeper.requestRefresh(announce);
      refresh();
    },
    [keeper, refresh],
  );
  const toggleAuto = useCallback(() => {
    notify(auto ? 'Auto-refresh off.' : 'Auto-refresh on (at 80% of the token lifetime).');
    setAuto(!auto);
    // The poll below reads it before the next render does.
    autoRef.current = !auto;
    keeper.resume();
    refresh();
  }, [auto, notify, keeper, refresh]);

  const snap = store.value;
  const error = snap?.error ?? (store.error ? messageOf(store.error, term) : undefined);
  return {
    status: snap?.status,
    configured,
    refreshing,
    error,
    auto,
    nextAutoAt: snap ? nextAutoAt(snap, auto, configured, now()) : undefined,
    autoStopped: snap?.autoStopped ?? false,
    refreshNow,
    toggleAuto,
  };
}
