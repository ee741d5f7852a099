/**
 * What the data layer shares with the hooks under its provider (data-provider.tsx): when failing
 * keys are retried next, and the signal of answers landing.
 */
import { createContext, useCallback, useContext } from 'react';
import { useSWRConfig } from 'swr';
import type { RetrySchedule } from '../retry-schedule.js';
import type { AnswerSignal } from './answer-signal.js';

export interface DataLayer {
  retries: RetrySchedule;
  answers: AnswerSignal;
}

export const DataLayerContext = createContext<DataLayer | null>(null);

export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useResource outside <DataProvider>');
  return layer;
}

/** Bumped as each answer lands: the shell's clock draws with it (hooks/use-now.ts). */
export function useAnswerSignal(): AnswerSignal {
  return useDataLayer().answers;
}

/** Asks every resource again at once (`r`, and when polling resumes). */
export function useRefreshAll(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(() => true), [mutate]);
}
