/** What one attempt to deliver came to; the outbox decides what happens next. */
export type Outcome =
  | { ok: true }
  | {
      ok: false;
      /** Never retried (the receiver refused the message itself, e.g. 400 or 404): dropped. */
      permanent: boolean;
      /** One short line for stderr, no secret in it: `connection refused`, `HTTP 503`. */
      reason: string;
      /** The receiver asked to wait this long (429 Retry-After and the like). */
      retryAfterMs?: number;
    };

export const DELIVERED: Outcome = { ok: true };

export const retry = (reason: string, retryAfterMs?: number): Outcome => ({
  ok: false,
  permanent: false,
  reason,
  retryAfterMs,
});

export const refused = (reason: string): Outcome => ({ ok: false, permanent: true, reason });
