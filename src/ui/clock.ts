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
 * Asks the shell to draw again: the tick just after each second, and each answer as it lands
 * (swr-options.ts `onSuccess`/`onError`). An answer and the shell's new second, its status bar
 * and tab bar (which read the answer's time from the data layer, status-report.ts) are then one
 * render, not two. An external store because React renders its updates in the same synchronous
 * batch as SWR's own (an external store too); a state setter called from a network callback
 * would be a render of its own.
 */
export interface SecondSignal {
  /** The tick: re-renders the shell if the wall-clock second is not the one it last drew. */
  tick(): boolean;
  /** An answer or failure is about to land: the shell renders with it. */
  answered(): void;
  /** The second the shell has just drawn. */
  drawn(second: number): void;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function createSecondSignal(now: () => number): SecondSignal {
  let drawnSecond = Number.NaN;
  let version = 0;
  const listeners = new Set<() => void>();
  const bump = (): void => {
    version++;
    for (const listener of listeners) listener();
  };
  return {
    tick() {
      if (Math.floor(now() / 1000) * 1000 === drawnSecond) return false;
      bump();
      return true;
    },
    answered: bump,
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
