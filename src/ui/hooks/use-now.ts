/**
 * The dashboard clock: the whole second on screen (HH:MM:SS, ages, "updated …").
 *
 * Every render of the component reads the injected clock afresh, so a frame drawn for any
 * reason (a poll's data, a key) shows the current second. On top of that a tick re-renders just
 * after each wall-clock second (TICK_DELAY_MS past it) — unless a render in that second already
 * showed it. Polls are sent on the same second boundaries (data/swr-options.ts) and each answer
 * re-renders the shell as it lands (data/answer-signal.ts), so an answer and the new second
 * are one render, and the tick after it has nothing to do; answers that land before the
 * tick share its output pass (src/renderer/pass-scheduler.tsx). The value is whole seconds, so
 * renders within one second hand the same value down and memoised parts stay put.
 *
 * Ticks are chained timeouts, each aimed at the next boundary, so they never drift off it. Their
 * timers come from the scheduling clock (clock.ts), which runDashboard is given.
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useDrawSoon } from '../../renderer/index.js';
import { createSecondSignal, useSchedulingClock } from '../clock.js';
import { useAnswerSignal } from '../data/data-layer.js';
import { useDashboard } from '../dashboard-context.js';
import { msUntilTick } from '../pass-timing.js';

export function useNow(): number {
  const { now } = useDashboard();
  const signal = useState(() => createSecondSignal(now))[0];
  const answers = useAnswerSignal();
  const timers = useSchedulingClock();
  const drawSoon = useDrawSoon();
  useSyncExternalStore(signal.subscribe, signal.version);
  useSyncExternalStore(answers.subscribe, answers.version);
  const second = Math.floor(now() / 1000) * 1000;
  useLayoutEffect(() => signal.drawn(second));
  useEffect(() => {
    let timer: unknown;
    const tick = (): void => {
      if (signal.tick()) drawSoon();
      timer = timers.setTimeout(tick, msUntilTick(now()));
    };
    timer = timers.setTimeout(tick, msUntilTick(now()));
    return () => timers.clearTimeout(timer);
  }, [now, timers, drawSoon, signal]);
  return second;
}
