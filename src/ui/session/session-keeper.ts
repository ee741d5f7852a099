/**
 * The Session tab's model: what one poll of the token store does. It reads the stored session
 * and, when auto-refresh is due (or `R` asked), refreshes it; a failed refresh is part of the
 * answer (the stored session is still there to show), with its retry time or the reason
 * auto-refresh stopped. The data layer polls it (use-session.ts), so it has no timer, retry loop
 * or busy flag of its own: between polls it only remembers the failures so far.
 */
import { isPooltopError } from '../../errors/pooltop-error.js';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import type { Session, SessionStatus } from '../../session/session.js';
import { UnsavedTokensError } from '../../session/session-errors.js';
import { autoRefreshDueAt, retryDelayMs, stopsAutoRefresh } from './auto-refresh.js';

/** One answer: the stored session and how auto-refresh stands. */
export interface SessionSnapshot {
  status: SessionStatus;
  /** The last refresh's failure, one line; cleared by a success or once a held set is saved. */
  error?: string;
  /** Auto-refresh gave up after a failure that retrying cannot fix; R tries again. */
  autoStopped: boolean;
  /** Not before this, after a transient failure (ms). */
  retryAt?: number;
}

export interface KeeperOptions {
  session: Session;
  now: () => number;
  term: () => TextTarget;
  /** OAuth client settings exist (client ID and secret). */
  configured: boolean;
  /** Auto-refresh is on (the `a` toggle), read at each poll. */
  auto: () => boolean;
  notify: (text: string) => void;
  /** A refresh starts (true) or ends (false): the tab says "Refreshing…". */
  refreshing: (on: boolean) => void;
}

export interface SessionKeeper {
  poll(signal: AbortSignal): Promise<SessionSnapshot>;
  /** The next poll refreshes whatever is due; `announce`: say so in the notice line. */
  requestRefresh(announce: boolean): void;
  /** Auto-refresh may try again after it stopped (turned on again, or R). */
  resume(): void;
}

export function messageOf(e: unknown, term: TextTarget): string {
  if (e instanceof UnsavedTokensError && e.savedTo === undefined) {
    return (
      `${e.message}: the dashboard keeps it in memory, goes on with it and tries to save it every few seconds; ` +
      'if it is still unsaved when the dashboard closes, it is printed on stderr'
    );
  }
  return isPooltopError(e) ? e.message : sanitizeLine(e instanceof Error ? e.message : String(e), term);
}

/** When auto-refresh fires next (ms), if it will. */
export function nextAutoAt(
  snap: SessionSnapshot,
  auto: boolean,
  configured: boolean,
  nowMs: number,
): number | undefined {
  const { status, autoStopped, retryAt } = snap;
  if (!auto || !configured || autoStopped || status.missing.length > 0) return undefined;
  return Math.max(autoRefreshDueAt(status) ?? nowMs, retryAt ?? Number.NEGATIVE_INFINITY);
}

export function createSessionKeeper(opts: KeeperOptions): SessionKeeper {
  const { session, now, configured, notify } = opts;
  let failures = 0;
  let retryAt: number | undefined;
  let stopped = false;
  let error: string | undefined;
  /** The error shown is a set held in memory: cleared once a read manages to save it. */
  let holding = false;
  let asked: { announce: boolean } | undefined;
  /** A refresh still running: a poll meanwhile joins it rather than spending the token twice. */
  let running: Promise<SessionStatus> | undefined;

  const snapshot = (status: SessionStatus): SessionSnapshot => ({
    status,
    error,
    autoStopped: stopped,
    retryAt,
  });

  function refresh(announce: boolean, signal: AbortSignal): Promise<SessionStatus> {
    running ??= refreshOnce(announce, signal).finally(() => {
      running = undefined;
    });
    return running;
  }

  async function refreshOnce(announce: boolean, signal: AbortSignal): Promise<SessionStatus> {
    opts.refreshing(true);
    try {
      const out = await session.refresh({ signal });
      failures = 0;
      holding = false;
      retryAt = undefined;
      error = undefined;
      if (announce) notify(out.shared ? 'Token refreshed by another pooltop process.' : 'Token refreshed.');
      return out.status;
    } catch (e) {
      if (signal.aborted) throw e;
      failures += 1;
      holding = session.unsavedRescue() !== undefined;
      error = messageOf(e, opts.term());
      if (stopsAutoRefresh(e)) stopped = true;
      else retryAt = now() + retryDelayMs(failures);
      return session.status();
    } finally {
      opts.refreshing(false);
    }
  }

  return {
    async poll(signal) {
      if (running) return snapshot(await running);
      const status = await session.status();
      if (holding && session.unsavedRescue() === undefined) {
        holding = false;
        error = undefined;
        notify('The token set is saved now.');
      }
      const manual = asked;
      asked = undefined;
      if (manual) return snapshot(await refresh(manual.announce, signal));
      const at = nextAutoAt(snapshot(status), opts.auto(), configured, now());
      if (at !== undefined && now() >= at) return snapshot(await refresh(false, signal));
      return snapshot(status);
    },
    requestRefresh(announce) {
      stopped = false;
      asked = { announce };
    },
    resume() {
      stopped = false;
    },
  };
}
