/**
 * The dashboard clock (clock.ts), ticked by the shell: just after each wall-clock second
 * (TICK_DELAY_MS past it), and as each answer lands. Polls are sent on the same second
 * boundaries (data/swr-options.ts), so an answer brings the new second with it: the data, the
 * second and the status bar that speaks of them are one render (React renders updates of external
 * stores made in one synchronous batch together), and the tick after it has nothing to do;
 * answers that land before the tick share its output pass (src/renderer/pass-scheduler.tsx).
 *
 * Ticks are chained timeouts, each aimed at the next boundary, so they never drift off it. Their
 * timers come from the scheduling clock (clock.ts), which runDashboard is given.
 */
import { useEffect, useState } from 'react';
import { useDrawSoon } from '../../renderer/index.js';
import { createTickingClock, type TickingClock, useSchedulingClock } from '../clock.js';
import { useAnswerSignal } from '../data/data-layer.js';
import { useDashboard } from '../dashboard-context.js';
import { msUntilTick } from '../pass-timing.js';

export function useTickingClock(): TickingClock {
  const { now } = useDashboard();
  const clock = useState(() => createTickingClock(now))[0];
  const answers = useAnswerSignal();
  const timers = useSchedulingClock();
  const drawSoon = useDrawSoon();
  useEffect(() => answers.subscribe(() => void clock.tick()), [answers, clock]);
  useEffect(() => {
    let timer: unknown;
    const tick = (): void => {
      if (clock.tick()) drawSoon();
      timer = timers.setTimeout(tick, msUntilTick(now()));
    };
    timer = timers.setTimeout(tick, msUntilTick(now()));
    return () => timers.clearTimeout(timer);
  }, [now, timers, drawSoon, clock]);
  return clock;
}
