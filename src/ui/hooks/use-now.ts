/**
 * The dashboard clock: the whole second on screen (HH:MM:SS, ages, "updated …").
 *
 * Every render of the component reads the injected clock afresh, so a frame drawn for any
 * reason (a poll's data, a key) shows the current second. On top of that a tick re-renders just
 * after each wall-clock second (TICK_DELAY_MS past it) — unless a render in that second already
 * showed it. Polls are sent on the same second boundaries (swr-options.ts), and answers that
 * land before the tick are drawn with it (src/renderer/pass-scheduler.tsx): one output pass a second at 1 s
 * polling. The value is whole seconds, so renders within one second hand the
 * same value down and memoised parts stay put.
 *
 * Ticks are chained timeouts, each aimed at the next boundary, so they never drift off it. Their
 * timers come from the scheduling clock (clock.ts), which runDashboard is given.
 */
import { useEffect, useReducer, useRef } from 'react';
import { useDrawSoon } from '../../renderer/index.js';
import { useSchedulingClock } from '../clock.js';
import { useDashboard } from '../dashboard-context.js';
import { msUntilTick } from '../pass-timing.js';

export function useNow(): number {
  const { now } = useDashboard();
  const timers = useSchedulingClock();
  const drawSoon = useDrawSoon();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const second = Math.floor(now() / 1000) * 1000;
  const shown = useRef(second);
  useEffect(() => {
    shown.current = second;
  });
  useEffect(() => {
    let timer: unknown;
    const tick = (): void => {
      if (Math.floor(now() / 1000) * 1000 !== shown.current) {
        drawSoon();
        rerender();
      }
      timer = timers.setTimeout(tick, msUntilTick(now()));
    };
    timer = timers.setTimeout(tick, msUntilTick(now()));
    return () => timers.clearTimeout(timer);
  }, [now, timers, drawSoon]);
  return second;
}
