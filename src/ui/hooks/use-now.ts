import { useEffect, useState } from 'react';
import { useDashboard } from '../dashboard-context.js';

/** The injected clock, re-read every `everyMs` so ages and the clock in the footer move. */
export function useNow(everyMs = 1000): number {
  const { now } = useDashboard();
  const [value, setValue] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setValue(now()), everyMs);
    return () => clearInterval(timer);
  }, [now, everyMs]);
  return value;
}
