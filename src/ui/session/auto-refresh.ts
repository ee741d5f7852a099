/**
 * When the Session tab refreshes on its own: once 80 % of the token's lifetime has passed.
 * The lifetime is the shorter of the access token's (`expires_in`) and the refresh token's
 * (600 s), so a long-lived access token can never let the refresh token die unused.
 * After a transient failure it tries again with a growing delay; after an auth or config
 * failure it stops until the user presses R (retrying cannot help, and might hammer).
 */
import { isPooltopError } from '../../errors/pooltop-error.js';
import type { SessionStatus } from '../../session/session-types.js';

export const AUTO_REFRESH_SHARE = 0.8;
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 60_000;

/** When the next automatic refresh is due (ms); `undefined` means now (nothing stored yet). */
export function autoRefreshDueAt(status: SessionStatus): number | undefined {
  const { tokens, issuedAt, refreshExpiresAt } = status;
  if (!tokens || issuedAt === undefined) return undefined;
  // An answer without `expires_in` leaves the refresh token's lifetime as the only bound.
  const access = tokens.expires_in == null ? Number.POSITIVE_INFINITY : tokens.expires_in * 1000;
  const refresh = refreshExpiresAt === undefined ? access : refreshExpiresAt - issuedAt;
  return issuedAt + Math.floor(AUTO_REFRESH_SHARE * Math.max(0, Math.min(access, refresh)));
}

/** Delay before the n-th (1-based) automatic retry after transient failures: 5 s, 10 s, 20 s … 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** Failures that retrying cannot fix: a dead token, refused client credentials, settings, the store. */
export function stopsAutoRefresh(error: unknown): boolean {
  return isPooltopError(error) && (error.kind === 'auth' || error.kind === 'config');
}
