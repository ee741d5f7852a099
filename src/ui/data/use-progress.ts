/**
 * How far a long request has got (a whole list loading page by page): the fetcher reports as it
 * goes, and what it reports is drawn at most every `everyMs` (the first report, and an `urgent`
 * one, at once); reports in between are dropped, the answer itself brings the end. What is
 * reported is built only when it is drawn (a thunk), so a report that is dropped costs nothing.
 */
import { useCallback, useRef, useState } from 'react';

/** Passed to a fetcher as its third argument: `report(() => partial, urgent?)`. */
export type ReportProgress<P> = (partial: () => P, urgent?: boolean) => void;

export interface ProgressOf<P> {
  /** The latest drawn report of request `id`, or undefined. */
  read(id: string): P | undefined;
  /** A reporter for request `id`; reports of a request no longer current are dropped. */
  reporter(id: string, current: () => string): ReportProgress<P>;
  /** Forgets the reports of `id` (its answer landed, or it was left). */
  end(id: string): void;
}

export function useProgress<P>(everyMs: number, now: () => number): ProgressOf<P> {
  const [state, setState] = useState<{ id: string; partial: P } | undefined>(undefined);
  const drawnAt = useRef(new Map<string, number>());

  const reporter = useCallback(
    (id: string, current: () => string): ReportProgress<P> =>
      (partial, urgent = false) => {
        if (current() !== id) return;
        const t = now();
        const last = drawnAt.current.get(id) ?? Number.NEGATIVE_INFINITY;
        if (!urgent && t - last < everyMs) return;
        drawnAt.current.set(id, t);
        setState({ id, partial: partial() });
      },
    [everyMs, now],
  );
  const end = useCallback((id: string) => {
    drawnAt.current.delete(id);
    setState((s) => (s?.id === id ? undefined : s));
  }, []);
  const read = useCallback((id: string) => (state?.id === id ? state.partial : undefined), [state]);
  return { read, reporter, end };
}
