/**
 * The OAuth session for the Session tab: what is stored, refresh now, and auto-refresh.
 * Time comes from the dashboard's ticking clock (`useClock()`), so the countdown and
 * the auto-refresh move together and tests drive both with an injected clock.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isPooltopError } from '../../errors/pooltop-error.js';
import { createSession, type Session, type SessionStatus } from '../../session/session.js';
import { UnsavedTokensError } from '../../session/session-errors.js';
import { memoryTokenStore } from '../../config/token-store.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { useTerminal } from '../terminal-context.js';
import { useClock } from '../clock.js';
import { useDashboard } from '../dashboard-context.js';
import { autoRefreshDueAt, retryDelayMs, stopsAutoRefresh } from './auto-refresh.js';
import { useUiState } from '../ui-state.js';

/** Re-read the store this often, to see refreshes made by other pooltop processes. */
const RELOAD_MS = 5_000;

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

function messageOf(e: unknown, term: TextTarget): string {
  if (e instanceof UnsavedTokensError && e.savedTo === undefined) {
    return (
      `${e.message}: the dashboard keeps it in memory, goes on with it and tries to save it every few seconds; ` +
      'if it is still unsaved when the dashboard closes, it is printed on stderr'
    );
  }
  return isPooltopError(e) ? e.message : sanitizeLine(e instanceof Error ? e.message : String(e), term);
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

export function useSession(injected?: Session): SessionState {
  const { client, config, demo, signal, now } = useDashboard();
  const { notify } = useUiState();
  const term = useTerminal();
  const nowMs = useClock();
  const session = useMemo(
    () => injected ?? createSession({ config, client, now, store: demo ? memoryTokenStore() : undefined }),
    [injected, config, client, demo, now],
  );
  const configured = Boolean(config.clientId && config.clientSecret);
  const [status, setStatus] = useState<SessionStatus>();
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string>();
  const [auto, setAuto] = useState(configured);
  const [retryAt, setRetryAt] = useState<number>();
  const [autoStopped, setAutoStopped] = useState(false);
  const failures = useRef(0);
  const busy = useRef(false);
  const loadedAt = useRef(Number.NEGATIVE_INFINITY);

  /** The error shown is a set held in memory: cleared once a reload manages to save it. */
  const holding = useRef(false);
  const load = useCallback(() => {
    session.status().then(
      (st) => {
        setStatus(st);
        if (holding.current && session.unsavedRescue() === undefined) {
          holding.current = false;
          setError(undefined);
          notify('The token set is saved now.');
        }
      },
      (e: unknown) => setError(messageOf(e, term)),
    );
  }, [session, notify, term]);

  const refreshNow = useCallback(
    (announce = false) => {
      if (busy.current) return;
      busy.current = true;
      setRefreshing(true);
      setAutoStopped(false);
      session
        .refresh({ signal })
        .then(
          (out) => {
            failures.current = 0;
            holding.current = false;
            setRetryAt(undefined);
            setError(undefined);
            setStatus(out.status);
            if (announce)
              notify(out.shared ? 'Token refreshed by another pooltop process.' : 'Token refreshed.');
          },
          (e: unknown) => {
            if (signal.aborted) return;
            failures.current += 1;
            holding.current = session.unsavedRescue() !== undefined;
            setError(messageOf(e, term));
            if (stopsAutoRefresh(e)) setAutoStopped(true);
            else setRetryAt(now() + retryDelayMs(failures.current));
            load();
          },
        )
        .finally(() => {
          busy.current = false;
          setRefreshing(false);
        });
    },
    [session, signal, notify, load, now, term],
  );

  useEffect(() => () => handOverOnClose(session), [session]);

  // Load at once, then now and then (another process may have refreshed).
  useEffect(() => {
    if (refreshing || nowMs - loadedAt.current < RELOAD_MS) return;
    loadedAt.current = nowMs;
    load();
  }, [nowMs, refreshing, load]);

  const due = status ? autoRefreshDueAt(status) : undefined;
  const nextAutoAt =
    auto && configured && status && !autoStopped && status.missing.length === 0
      ? Math.max(due ?? nowMs, retryAt ?? Number.NEGATIVE_INFINITY)
      : undefined;
  useEffect(() => {
    if (nextAutoAt !== undefined && !refreshing && nowMs >= nextAutoAt) refreshNow();
  }, [nextAutoAt, nowMs, refreshing, refreshNow]);

  const toggleAuto = useCallback(() => {
    notify(auto ? 'Auto-refresh off.' : 'Auto-refresh on (at 80% of the token lifetime).');
    setAuto(!auto);
    setAutoStopped(false);
  }, [auto, notify]);

  return { status, configured, refreshing, error, auto, nextAutoAt, autoStopped, refreshNow, toggleAuto };
}
