/**
 * Nonces per API key.
 * - Without `nonceWindow`: the nonce must be greater than every nonce accepted before for the key.
 * - With `nonceWindow: true`: the nonce must be a millisecond timestamp within ±5 s of the
 *   server clock and must not have been used before (order does not matter, so parallel
 *   requests work).
 * Every accepted nonce raises the key's high-water mark.
 */

export const NONCE_WINDOW_MS = 5000;

export type NonceVerdict = 'ok' | 'reused' | 'outside-window';

export class NonceStore {
  readonly #highest = new Map<string, number>();
  readonly #recent = new Map<string, Set<number>>();

  accept(key: string, nonce: number, windowed: boolean, now: number): NonceVerdict {
    const recent = this.#recentFor(key, now);
    if (windowed) {
      if (Math.abs(nonce - now) > NONCE_WINDOW_MS) return 'outside-window';
      if (recent.has(nonce)) return 'reused';
    } else {
      const highest = this.#highest.get(key);
      if (highest !== undefined && nonce <= highest) return 'reused';
    }
    recent.add(nonce);
    this.#highest.set(key, Math.max(nonce, this.#highest.get(key) ?? nonce));
    return 'ok';
  }

  /** The key's set of recently used nonces, without the ones too old to pass the window again. */
  #recentFor(key: string, now: number): Set<number> {
    let recent = this.#recent.get(key);
    if (!recent) {
      recent = new Set();
      this.#recent.set(key, recent);
    }
    if (recent.size > 256) {
      for (const n of recent) if (n < now - NONCE_WINDOW_MS) recent.delete(n);
    }
    return recent;
  }
}
