/**
 * The dashboard clock's second (hooks/use-now.ts ticks it in the shell), apart from the rest of
 * the UI state: on a tick only what shows time re-renders (ages, "updated …", countdowns), not
 * the tabs around it. A hidden tab sees the second it was last shown (tab-slot.tsx).
 */
import { createContext, useContext } from 'react';

export const ClockContext = createContext(0);

export function useClock(): number {
  return useContext(ClockContext);
}
