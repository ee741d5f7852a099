/**
 * The dashboard clock: the whole second on screen (HH:MM:SS, ages, "updated …").
 *
 * Every render of the component reads the injected clock afresh, so a frame drawn for any
 * reason (a poll's data, a key) shows the current second. On top of that a tick re-renders just
 * after each wall-clock second (TICK_DELAY_MS past it) — unless a render in that second already
 * showed it. Polls are sent on the same second boundaries (swr-options.ts), and answers that
 * land before the tick are drawn with it (render-coalesce.tsx): one output pass a second at 1 s
 * polling. The value is whole seconds, so renders within one second hand the
 * same value down and memoised parts stay put.
 *
 * Ticks are chained timeouts, each aimed at the next boundary, so they never drift off it.
 */
import { useEffect, useReducer, useRef } from 'react';
import { useDashboard } from '../dashboard-context.js';
import { drawSoon, msUntilTick } from '../pass-timing.js';

/** Marks the clock's timer callbacks, so a benchmark harness can drive the clock by hand. */
export const CLOCK_TICK = Symbol.for('pooltop.clockTick');

export function useNow(): number {
  const { now } = useDashboard();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const second = Math.floor(now() / 1000) * 1000;
  const shown = useRef(second);
  useEffect(() => {
    shown.current = second;
  });
  useEffect(() => {
    let timer: NodeJS.Timeout | undefined;
    const tick = Object.assign(
      () => {
        if (Math.floor(now() / 1000) * 1000 !== shown.current) {
          drawSoon();
          rerender();
        }
        timer = setTimeout(tick, msUntilTick(now()));
      },
      { [CLOCK_TICK]: true },
    );
    timer = setTimeout(tick, msUntilTick(now()));
    return () => clearTimeout(timer);
  }, [now]);
  return second;
}
