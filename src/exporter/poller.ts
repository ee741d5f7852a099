/**
 * Polls each API endpoint on the exporter's own interval, whatever the scrape rate: one request
 * per endpoint per interval, never two at once for the same endpoint (a poll still waiting when
 * the next is due is not doubled). Each outcome is recorded; a change between answering and
 * failing is reported once, not at every poll.
 */
import { isPooltopError } from '../errors/pooltop-error.js';

export interface PollTarget<T> {
  endpoint: string;
  fetch(signal: AbortSignal): Promise<T>;
  apply(data: T): void;
}

export interface PollerHooks {
  record(endpoint: string, outcome: string): void;
  /** The endpoint started failing (`error` set) or answers again (`error` undefined). */
  onChange?(endpoint: string, error: unknown): void;
}

export interface Poller {
  /** Polls every endpoint once; resolves when all have answered or failed. */
  pollAll(): Promise<void>;
  start(intervalMs: number): void;
  stop(): void;
}

// biome-ignore lint/suspicious/noExplicitAny: targets of different data types share one list
export function createPoller(targets: readonly PollTarget<any>[], hooks: PollerHooks): Poller {
  const lifetime = new AbortController();
  const inFlight = new Set<string>();
  const failing = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  // biome-ignore lint/suspicious/noExplicitAny: see above
  async function pollOne(target: PollTarget<any>): Promise<void> {
    if (inFlight.has(target.endpoint) || lifetime.signal.aborted) return;
    inFlight.add(target.endpoint);
    try {
      target.apply(await target.fetch(lifetime.signal));
      hooks.record(target.endpoint, 'success');
      if (failing.delete(target.endpoint)) hooks.onChange?.(target.endpoint, undefined);
    } catch (error) {
      if (lifetime.signal.aborted) return;
      hooks.record(target.endpoint, isPooltopError(error) ? error.kind : 'error');
      if (!failing.has(target.endpoint)) {
        failing.add(target.endpoint);
        hooks.onChange?.(target.endpoint, error);
      }
    } finally {
      inFlight.delete(target.endpoint);
    }
  }

  const pollAll = async () => {
    await Promise.all(targets.map(pollOne));
  };
  return {
    pollAll,
    start(intervalMs) {
      void pollAll();
      timer = setInterval(() => void pollAll(), intervalMs);
    },
    stop() {
      clearInterval(timer);
      lifetime.abort(new Error('exporter stopping'));
    },
  };
}
