/**
 * Virtual time for code that takes an injected clock and sleep: timers fire in time order, and
 * only once every promise chain has run as far as it can, so a test runs hours of backoff in
 * milliseconds and sees exactly when each thing happened.
 */
export class VirtualClock {
  t = 0;
  protected seq = 0;
  protected timers: { at: number; seq: number; fire: () => void }[] = [];

  now = (): number => this.t;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'));
      const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fire: () => resolve() };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(new Error('aborted'));
        },
        { once: true },
      );
    });

  /** A timer for code that takes `setTimer`/`clearTimer` (the request queue). */
  setTimer = (fn: () => void, ms: number): unknown => {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fire: fn };
    this.timers.push(timer);
    return timer;
  };

  clearTimer = (handle: unknown): void => {
    this.timers = this.timers.filter((x) => x !== handle);
  };

  /** Calls `fn` at virtual time `at`. */
  at(at: number, fn: () => void): void {
    this.timers.push({ at, seq: this.seq++, fire: fn });
  }

  /** Runs timers in order until `promise` settles. */
  async run<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    promise.then(
      () => (done = true),
      () => (done = true),
    );
    for (;;) {
      await new Promise((r) => setImmediate(r));
      if (done) return promise;
      if (this.timers.length === 0) throw new Error('nothing left to run, and the promise is still pending');
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift()!;
      this.t = Math.max(this.t, next.at);
      next.fire();
    }
  }
}
