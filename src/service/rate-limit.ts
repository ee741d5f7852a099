/**
 * Rate limiters driven by the injected clock.
 * - WindowLimiter: at most `limit` hits per sliding `windowMs` per key (1000 / 10 s per key).
 * - IntervalLimiter: at most one hit per `intervalMs` per key (OAuth refresh: 1 / s per client).
 * A refused hit is not counted, so a client that backs off always gets through again.
 */

const MAX_KEYS = 10_000;

export class WindowLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records a hit for `key` at `now`; false (and nothing recorded) when over the limit. */
  hit(key: string, now: number): boolean {
    let times = this.#hits.get(key);
    if (!times) {
      if (this.#hits.size >= MAX_KEYS) this.#prune(now);
      times = [];
      this.#hits.set(key, times);
    }
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < times.length && (times[drop] ?? 0) <= cutoff) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length >= this.limit) return false;
    times.push(now);
    return true;
  }

  #prune(now: number): void {
    for (const [key, times] of this.#hits) {
      const last = times[times.length - 1];
      if (last === undefined || last <= now - this.windowMs) this.#hits.delete(key);
    }
    if (this.#hits.size >= MAX_KEYS) this.#hits.clear();
  }
}

export class IntervalLimiter {
  readonly #last = new Map<string, number>();

  constructor(readonly intervalMs: number) {}

  hit(key: string, now: number): boolean {
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.intervalMs && now >= last) return false;
    if (this.#last.size >= MAX_KEYS) this.#last.clear();
    this.#last.set(key, now);
    return true;
  }
}
