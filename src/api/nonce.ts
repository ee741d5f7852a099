/**
 * Nonces for signed requests: a millisecond timestamp (so `nonceWindow: true` holds) that is also
 * strictly greater than the previous one from this source, even for calls in the same millisecond
 * or after the clock stepped back. `ahead` puts it that far ahead of the clock: another process
 * signing with the same key in the same millisecond got the same nonce, and a retry at the same
 * moment would collide again; a random step ahead (well inside the ±5 s window) does not. The
 * step is from the clock, not from the last nonce, so retries never add up.
 */
export type NonceSource = (ahead?: number) => number;

export function createNonceSource(now: () => number = Date.now): NonceSource {
  let last = 0;
  return (ahead = 0) => {
    const next = Math.max(Math.floor(now()) + Math.max(0, Math.floor(ahead)), last + 1);
    last = next;
    return next;
  };
}
