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

/**
 * The clock the dashboard schedules by: the time and the timers its tick is set with. Given to
 * runDashboard (the real one by default), so a test or the bench drives the clock it hands in.
 */
export interface SchedulingClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Date.now and the global timers, looked up at each call (so fake timers installed later apply). */
export const systemClock: SchedulingClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export const SchedulingClockContext = createContext<SchedulingClock>(systemClock);

export function useSchedulingClock(): SchedulingClock {
  return useContext(SchedulingClockContext);
}

/**
 * Asks the shell to draw the new second: the tick just after each second, unless a render in
 * that second (an answer landing, hooks/use-now.ts) already drew it.
 */
export interface SecondSignal {
  /** The tick: re-renders the shell if the wall-clock second is not the one it last drew. */
  tick(): boolean;
  /** The second the shell has just drawn. */
  drawn(second: number): void;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function createSecondSignal(now: () => number): SecondSignal {
  let drawnSecond = Number.NaN;
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    tick() {
      if (Math.floor(now() / 1000) * 1000 === drawnSecond) return false;
      version++;
      for (const listener of listeners) listener();
      return true;
    },
    drawn(second) {
      drawnSecond = second;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
