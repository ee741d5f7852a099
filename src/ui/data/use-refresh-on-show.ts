import { useEffect, useRef } from 'react';
import { useDashboard } from '../dashboard-context.js';

/**
 * Hidden tabs are not polled; when one is shown again and its data is older than one poll
 * interval (or `periodMs`, for data polled more slowly), it is asked for at once instead of a
 * whole interval later.
 */
export function useRefreshOnShow(
  hidden: boolean,
  fetchedAt: number | undefined,
  revalidate: () => unknown,
  periodMs?: number,
): void {
  const { now, intervalMs: pollMs } = useDashboard();
  const intervalMs = periodMs ?? pollMs;
  const wasHidden = useRef(hidden);
  useEffect(() => {
    const shownAgain = wasHidden.current && !hidden;
    wasHidden.current = hidden;
    if (shownAgain && fetchedAt !== undefined && !(now() - fetchedAt < intervalMs)) void revalidate();
  }, [hidden, fetchedAt, now, intervalMs, revalidate]);
}
