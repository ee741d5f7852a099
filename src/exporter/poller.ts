/**
 * Polls each API endpoint on the exporter's own interval, whatever the scrape rate: one request
 * per endpoint per interval, never two at once for the same endpoint (a poll still waiting when
 * the next is due is not doubled). A target may name follow-up targets, polled in the same round
 * once it has answered or failed (each mining account's calls after the list of accounts). Each
 * outcome is recorded; a change between answering and failing is reported once, not at every
 * poll.
 */
import { isPooltopError } from '../errors/pooltop-error.js';

export interface PollTarget<T> {
  endpoint: string;
  /** The mining account a per-account endpoint reads. */
  account?: string;
  /** Polled only when this says so (a slower cadence than the interval); always when absent. */
  due?(): boolean;
  fetch(signal: AbortSignal): Promise<T>;
  apply(data: T): void;
  /** Targets to poll next in this round, whether this one answered or failed. */
  // biome-ignore lint/suspicious/noExplicitAny: targets of different data types share one list
  next?(): readonly PollTarget<any>[];
}

export interface PollerHooks {
  /** Stops every poll in flight (the process's termination signal), like stop(). */
  signal?: AbortSignal;
  record(endpoint: string, outcome: string, account?: string): void;
  /** The endpoint started failing (`error` set) or answers again (`error` undefined). */
  onChange?(endpoint: string, error: unknown, account?: string): void;
  /** Every target of a round has answered or failed (the exporter records its history then). */
  onRound?(): void;
}

/** `endpoint`, or `endpoint account` for a per-account one: what is polled once at a time. */
export function targetName(target: { endpoint: string; account?: string }): string {
  return target.account === undefined ? target.endpoint : `${target.endpoint} ${target.account}`;
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
  const outer = hooks.signal;
  const onOuter = () => lifetime.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  const inFlight = new Set<string>();
  const failing = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  // biome-ignore lint/suspicious/noExplicitAny: see above
  async function pollOne(target: PollTarget<any>): Promise<void> {
    const name = targetName(target);
    if (inFlight.has(name) || lifetime.signal.aborted || target.due?.() === false) return;
    const { endpoint, account } = target;
    inFlight.add(name);
    try {
      target.apply(await target.fetch(lifetime.signal));
      hooks.record(endpoint, 'success', account);
      if (failing.delete(name)) hooks.onChange?.(endpoint, undefined, account);
    } catch (error) {
      if (lifetime.signal.aborted) return;
      hooks.record(endpoint, isPooltopError(error) ? error.kind : 'error', account);
      if (!failing.has(name)) {
        failing.add(name);
        hooks.onChange?.(endpoint, error, account);
      }
    } finally {
      inFlight.delete(name);
    }
    if (target.next && !lifetime.signal.aborted) await Promise.all(target.next().map(pollOne));
  }

  const pollAll = async () => {
    await Promise.all(targets.map(pollOne));
    if (!lifetime.signal.aborted) hooks.onRound?.();
  };
  return {
    pollAll,
    start(intervalMs) {
      void pollAll();
      timer = setInterval(() => void pollAll(), intervalMs);
    },
    stop() {
      clearInterval(timer);
      outer?.removeEventListener('abort', onOuter);
      lifetime.abort(new Error('exporter stopping'));
    },
  };
}
