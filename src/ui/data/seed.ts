/**
 * Data asked for before the dashboard mounts (the first pool poll, sent while the UI's modules
 * load), handed to the SWR cache as a seed. Answered by the time the cache is made, it is a
 * prefilled entry (poll 1: no request on mount, the next poll one interval later); still in
 * flight, the first fetch of its key takes the request over instead of sending another; failed,
 * that fetch reports it.
 */
import type { Polled } from './polled.js';

export interface Seed<T = unknown> {
  /** The SWR key (a string key is its own serialisation). */
  readonly key: string;
  readonly request: Promise<T>;
  /** The answer and when it came, once the request succeeded. */
  answer?: { value: T; fetchedAt: number };
  /** A fetch has taken the request over, or its answer is in the cache: later fetches send their own. */
  taken: boolean;
}

export function seed<T>(key: string, request: Promise<T>, now: () => number = Date.now): Seed<T> {
  const s: Seed<T> = { key, request, taken: false };
  request.then(
    (value) => {
      s.answer = { value, fetchedAt: now() };
    },
    () => {}, // the fetch that takes the request over reports it
  );
  return s;
}

/**
 * Waits up to `waitMs` for a seed to settle: the first frame then shows the data instead of a
 * loading line that costs a whole render, and a slow answer holds it back no longer.
 */
export async function settleSeed(s: Seed, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const settled = s.request.then(
    () => {},
    () => {},
  );
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/**
 * The dashboard's SWR cache (its `provider`), prefilled with the seeds already answered and
 * holding the ones still in flight for the first fetch of their key (useResource).
 */
export class SeededCache extends Map<string, { data?: unknown }> {
  private readonly pending = new Map<string, Seed>();
  private readonly seeded = new Map<string, unknown>();

  constructor(seeds: readonly Seed[] = []) {
    super();
    for (const s of seeds) {
      if (s.taken) continue;
      if (s.answer) {
        s.taken = true;
        const data: Polled<unknown> = { ...s.answer, poll: 1 };
        this.set(s.key, { data });
        this.seeded.set(s.key, data);
      } else this.pending.set(s.key, s);
    }
  }

  /** The seed's request for the first fetch of its key, once; later fetches send their own. */
  take(key: string): Promise<unknown> | undefined {
    const s = this.pending.get(key);
    this.pending.delete(key);
    if (!s || s.taken) return undefined;
    s.taken = true;
    return s.request;
  }

  /** `data` is the seed's answer: as fresh as data gets when the dashboard mounts. */
  isSeed(key: string, data: unknown): boolean {
    return data !== undefined && this.seeded.get(key) === data;
  }
}
