/**
 * The data layer's root: the one SWRConfig of the dashboard, the retry schedule, the retry
 * timers (cleared when it unmounts) and the signal of answers landing. Mounted once by app.tsx;
 * everything under it reads data through `useResource` (use-resource.ts). SWR is imported in
 * this folder only (test/meta/swr-only-in-data.test.ts), so its cache is nobody else's business.
 */
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { SWRConfig } from 'swr';
import { RetrySchedule } from '../retry-schedule.js';
import { createAnswerSignal } from './answer-signal.js';
import { type DataLayer, DataLayerContext } from './data-layer.js';
import type { Seed } from './seed.js';
import { swrOptions } from './swr-options.js';

export interface DataProviderProps {
  intervalMs: number;
  /** Polling paused (`p`); read as each request would start. */
  pausedRef: { readonly current: boolean };
  now: () => number;
  /** Jitter for the retry backoff (tests fix it). */
  random?: () => number;
  /** Data asked for before the dashboard mounted (the first pool poll), seeding the cache. */
  seeds?: readonly Seed[];
  children: ReactNode;
}

export function DataProvider({ intervalMs, pausedRef, now, random, seeds, children }: DataProviderProps) {
  const timers = useRef(new Set<NodeJS.Timeout>()).current;
  const layer = useMemo<DataLayer>(
    () => ({ retrySchedule: new RetrySchedule(), answers: createAnswerSignal(), manual: new Set() }),
    [],
  );
  useEffect(
    () => () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    [timers],
  );
  const swr = useMemo(
    () =>
      swrOptions({
        intervalMs,
        isPaused: () => pausedRef.current,
        timers,
        schedule: layer.retrySchedule,
        now,
        random,
        seeds,
        onAnswer: layer.answers.announce,
      }),
    [intervalMs, pausedRef, timers, layer, now, random, seeds],
  );
  return (
    <DataLayerContext.Provider value={layer}>
      <SWRConfig value={swr}>{children}</SWRConfig>
    </DataLayerContext.Provider>
  );
}
