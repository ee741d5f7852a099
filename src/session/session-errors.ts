/**
 * What a failed refresh means for the token chain, in one line each. The key question is
 * whether the request may have reached the server: if it may have, the server may have
 * rotated the token and the answer was lost (the unavoidable window).
 */
import type { RefreshResult } from '../config/token-store.js';
import { formatClock } from '../format/time.js';
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';

export interface FailureContext {
  profile: string;
  configPath: string;
  /** When an earlier refresh with this same token was sent and its answer never arrived. */
  interruptedAt?: number;
}

export interface ClassifiedFailure {
  result: Exclude<RefreshResult, 'ok'>;
  error: PooltopError;
}

export function isInvalidToken(e: PooltopError): boolean {
  return e.kind === 'auth' && e.fields !== undefined && 'token' in e.fields;
}

export function isRateLimit(e: unknown): e is PooltopError {
  return isPooltopError(e) && e.status === 429 && !isInvalidToken(e);
}

export const WINDOW_HINT = 'see "The unavoidable window" in the README';

function reauthoriseHint(ctx: FailureContext): string {
  return (
    'get a new one by authorising the application again in your WhiteBIT account (OAuth), then give it with ' +
    `--refresh-token, WHITEBIT_REFRESH_TOKEN or refresh_token in [${ctx.profile}] of ${ctx.configPath}`
  );
}

export function classifyRefreshFailure(e: unknown, ctx: FailureContext): ClassifiedFailure {
  if (!isPooltopError(e)) {
    const error = new PooltopError('network', `the refresh failed unexpectedly; ${uncertainTail()}`, {
      cause: e,
    });
    return { result: 'uncertain', error };
  }
  const init = { status: e.status, fields: e.fields, cause: e };
  if (isInvalidToken(e)) {
    const why =
      ctx.interruptedAt !== undefined
        ? `the refresh token was already used: the refresh sent at ${formatClock(ctx.interruptedAt)} reached the ` +
          'server but its answer never arrived'
        : 'the refresh token expired or was already used (it lives 10 minutes and works once)';
    return { result: 'failed', error: new PooltopError('auth', `${why}; ${reauthoriseHint(ctx)}`, init) };
  }
  if (e.kind === 'auth' || hasClientField(e)) {
    const msg =
      'the OAuth client ID or client secret was refused (the refresh token was not used); check ' +
      `--client-id/--client-secret, WHITEBIT_CLIENT_ID/WHITEBIT_CLIENT_SECRET or client_id/client_secret in ` +
      `[${ctx.profile}] of ${ctx.configPath}, and that this machine's IP is on the application's allowlist`;
    return { result: 'failed', error: new PooltopError('auth', msg, init) };
  }
  if (e.status === 429) {
    const msg =
      'the token endpoint is rate limited (1 refresh per second) and refused the retry too; ' +
      'the refresh token was not used, try again in a few seconds';
    return {
      result: 'failed',
      error: new PooltopError('http', msg, { ...init, retryAfterMs: e.retryAfterMs }),
    };
  }
  if ((e.kind === 'network' || e.kind === 'timeout') && e.reason === 'connect') {
    return {
      result: 'failed',
      error: new PooltopError(e.kind, `${e.message}; the refresh token was not used`, init),
    };
  }
  const reachedServer =
    e.kind === 'network' ||
    e.kind === 'timeout' ||
    e.kind === 'schema' ||
    (e.status !== undefined && e.status >= 500);
  if (reachedServer) {
    return { result: 'uncertain', error: new PooltopError(e.kind, `${e.message}; ${uncertainTail()}`, init) };
  }
  return { result: 'failed', error: e };
}

function hasClientField(e: PooltopError): boolean {
  return e.fields !== undefined && ('client_id' in e.fields || 'client_secret' in e.fields);
}

function uncertainTail(): string {
  return (
    'the request may have reached the server, which may have issued a new token whose answer was lost; ' +
    `the stored refresh token was kept, and if the next refresh says it is invalid you must re-authorise (${WINDOW_HINT})`
  );
}

/**
 * A new token set arrived and the store could not be written, even on a second try. `rescue`
 * is the set (config/rescue-file.ts): the only live copy of the chain unless `savedTo` names
 * the fallback file that holds it. It is a secret: never part of `message`.
 */
export class UnsavedTokensError extends PooltopError {
  declare readonly rescue: string;
  readonly savedTo?: string;
  /** When its refresh token dies (ms). */
  readonly expiresAt?: number;

  constructor(
    message: string,
    init: { rescue: string; savedTo?: string; expiresAt?: number; cause: unknown },
  ) {
    super('storage', message, { cause: init.cause });
    // Not enumerable: nothing that lists an error's fields (inspect, JSON) shows the secret.
    Object.defineProperty(this, 'rescue', { value: init.rescue, enumerable: false });
    this.savedTo = init.savedTo;
    this.expiresAt = init.expiresAt;
  }
}
