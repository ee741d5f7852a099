/**
 * The dashboard clock's second, as a store: on a tick only what reads it re-renders (ages,
 * "updated …", countdowns, the status bar's clock), not the shell and the tabs around it, whose
 * trees React would otherwise walk every second. The shell ticks it (hooks/use-ticking-clock.ts);
 * a hidden tab is handed a clock stopped at the second it was last shown (tab-slot.tsx).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface ClockSecond {
  /** The second on screen, ms (a whole second). */
  second(): number;
  subscribe(listener: () => void): () => void;
}

const never = (): (() => void) => () => {};

/** A clock that stays at `second`. */
export function stoppedClock(second: number): ClockSecond {
  return { second: () => second, subscribe: never };
}

export const ClockContext = createContext<ClockSecond>(stoppedClock(0));

/** The second on screen; the component re-renders when it moves on. */
export function useClock(): number {
  const clock = useContext(ClockContext);
  return useSyncExternalStore(clock.subscribe, clock.second);
}

export interface TickingClock extends ClockSecond {
  /** Moves to the wall clock's second: true, and its readers re-render, when that is a new one. */
  tick(): boolean;
}

export const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

export function createTickingClock(now: () => number): TickingClock {
  let second = wholeSecond(now());
  const listeners = new Set<() => void>();
  return {
    second: () => second,
    tick() {
      const next = wholeSecond(now());
      if (next === second) return false;
      second = next;
      for (const listener of listeners) listener();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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
