import { useEffect, useRef } from 'react';
import { useDashboard } from '../dashboard-context.js';

/**
 * Hidden tabs are not polled; when one is shown again and its data is older than one poll
 * interval, it is asked for at once instead of a whole interval later.
 */
export function useRefreshOnShow(
  hidden: boolean,
  fetchedAt: number | undefined,
  revalidate: () => unknown,
): void {
  const { now, intervalMs } = useDashboard();
  const wasHidden = useRef(hidden);
  useEffect(() => {
    const shownAgain = wasHidden.current && !hidden;
    wasHidden.current = hidden;
    if (shownAgain && fetchedAt !== undefined && !(now() - fetchedAt < intervalMs)) void revalidate();
  }, [hidden, fetchedAt, now, intervalMs, revalidate]);
}
