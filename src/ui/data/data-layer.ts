/**
 * What the data layer shares with the hooks under its provider (data-provider.tsx): when failing
 * keys are retried next, and the signal of answers landing.
 */
import { createContext, useCallback, useContext } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { RetrySchedule } from '../retry-schedule.js';
import type { AnswerSignal } from './answer-signal.js';

export interface DataLayer {
  retrySchedule: RetrySchedule;
  answers: AnswerSignal;
  /** Keys asked for only when a key press says so (bulk loads): `r` leaves them alone. */
  manual: Set<string>;
}

export const DataLayerContext = createContext<DataLayer | null>(null);

export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useResource outside <DataProvider>');
  return layer;
}

/** Bumped as each answer lands: the clock and the bars draw with it (hooks/use-ticking-clock.ts). */
export function useAnswerSignal(): AnswerSignal {
  return useDataLayer().answers;
}

/** Asks every resource again at once (`r`, and when polling resumes), bulk loads apart. */
export function useRefreshAll(): () => void {
  const { mutate } = useSWRConfig();
  const { manual } = useDataLayer();
  return useCallback(() => void mutate((key) => !manual.has(unstable_serialize(key))), [mutate, manual]);
}
