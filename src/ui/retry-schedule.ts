/**
 * When SWR will next retry each failing key, recorded by the error-retry handler
 * (swr-options.ts) so the status bar can say "next retry 12:00:31 (in 8s)".
 */
import { useCallback, useSyncExternalStore } from 'react';

/** A time in ms, or null: this failure is not retried automatically (press r). */
export type RetryAt = number | null;

export class RetrySchedule {
  private readonly byKey = new Map<string, RetryAt>();
  private readonly listeners = new Set<() => void>();

  set(key: string, at: RetryAt): void {
    if (this.byKey.get(key) === at) return;
    this.byKey.set(key, at);
    this.emit();
  }

  clear(key: string): void {
    if (this.byKey.delete(key)) this.emit();
  }

  get(key: string): RetryAt | undefined {
    return this.byKey.get(key);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The scheduled retry of one SWR key (a string key is its own serialisation). */
export function useRetryAt(schedule: RetrySchedule, key: string): RetryAt | undefined {
  const get = useCallback(() => schedule.get(key), [schedule, key]);
  return useSyncExternalStore(schedule.subscribe, get, get);
}
