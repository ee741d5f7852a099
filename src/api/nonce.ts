/**
 * Nonces for signed requests: a millisecond timestamp (so `nonceWindow: true` holds) that is also
 * strictly greater than the previous one from this source, even for calls in the same millisecond
 * or after the clock stepped back.
 */
export type NonceSource = () => number;

export function createNonceSource(now: () => number = Date.now): NonceSource {
  let last = 0;
  return () => {
    const next = Math.max(Math.floor(now()), last + 1);
    last = next;
    return next;
  };
}
