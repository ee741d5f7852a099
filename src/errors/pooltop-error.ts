import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';

/**
 * Errors are values with a kind and a one-line human message. The UI and the commands show
 * `message`; `DEBUG=pooltop` prints `detail` on stderr. Neither may ever contain a secret.
 */

/** `storage`: a local file could not be written (disk full, read-only, I/O error); exits 1. */
export type ErrorKind =
  | 'network'
  | 'timeout'
  | 'http'
  | 'api'
  | 'auth'
  | 'validation'
  | 'schema'
  | 'config'
  | 'storage';

/**
 * Finer, machine-readable cause, where one is known (optional; the kind stays the primary switch).
 * - `connect`: failed while connecting, so the request was certainly never sent (safe to retry anything).
 * - `aborted`: cancelled through the caller's AbortSignal or by closing the client (never retried).
 * - `nonce`: the server refused the nonce (`Too many requests.` as a JSON message), not a rate limit.
 * - `clock-skew`: the nonce is outside the server's ±5 s window (the local clock is off).
 * - `rate-limit`: HTTP 429 from the rate limiter.
 * - `maintenance`: HTTP 503 maintenance page.
 * - `too-large`: the response body exceeded the client's size cap.
 */
export type ErrorReason =
  | 'connect'
  | 'aborted'
  | 'nonce'
  | 'clock-skew'
  | 'rate-limit'
  | 'maintenance'
  | 'too-large';

export interface PooltopErrorInit {
  /** HTTP status, when a response arrived. */
  status?: number;
  /** `code` from a private-endpoint error body. */
  code?: number;
  /** Per-field messages (422 `errors`, OAuth 400 `data`, client-side bound checks, schema paths). */
  fields?: Record<string, string[]>;
  /** Server-requested wait before retrying (from `Retry-After`), milliseconds. */
  retryAfterMs?: number;
  /** Extra, multi-line diagnostic text for DEBUG output. Never secrets. */
  detail?: string;
  /** See `ErrorReason`. */
  reason?: ErrorReason;
  cause?: unknown;
}

export class PooltopError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly code?: number;
  readonly fields?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  readonly detail?: string;
  readonly reason?: ErrorReason;

  constructor(kind: ErrorKind, message: string, init: PooltopErrorInit = {}) {
    // Messages may quote the network (server text, header values): whatever a caller forgot to
    // clean, no escape sequence or control character survives into what the UI and stderr show
    // (characters outside ASCII are for what shows the message to decide, for its terminal).
    super(
      oneLine(sanitize(message, KEEP_UNICODE)),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'PooltopError';
    this.kind = kind;
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
    this.reason = init.reason;
  }

  /** 429, 5xx, network and timeout failures may be retried; auth, validation, schema and cancelled calls never. */
  get retryable(): boolean {
    if (this.reason === 'aborted') return false;
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind === 'http' || this.kind === 'api') {
      return this.status === 429 || (this.status !== undefined && this.status >= 500);
    }
    return false;
  }
}

export function isPooltopError(e: unknown): e is PooltopError {
  return e instanceof PooltopError;
}

/** Collapses whitespace runs (including newlines) so a message is always one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
