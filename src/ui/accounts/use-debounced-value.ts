import { useEffect, useState } from 'react';

/** The timer functions a debounce uses; tests inject a manual one so nothing waits on the clock. */
export interface DebounceTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const REAL_TIMERS: DebounceTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** `value`, once it has stopped changing for `delayMs`; every change restarts the wait. */
export function useDebouncedValue<T>(value: T, delayMs: number, timers: DebounceTimers = REAL_TIMERS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const handle = timers.set(() => setSettled(value), delayMs);
    return () => timers.clear(handle);
  }, [value, settled, delayMs, timers]);
  return settled;
}
