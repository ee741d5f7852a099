/**
 * The second's timing that the clock (hooks/use-ticking-clock.ts) and the renderer's output passes
 * (`deferMs`, given to src/renderer by run-dashboard.tsx) share: polls go out on wall-clock
 * second boundaries (swr-options.ts), the clock ticks TICK_DELAY_MS after each, and answers
 * that arrive before the tick are drawn with it.
 */

/** How long after a wall-clock second its tick comes: room for aligned polls to land first. */
export const TICK_DELAY_MS = 150;

const intoSecond = (nowMs: number): number => ((nowMs % 1000) + 1000) % 1000;

/** Milliseconds from `nowMs` until the tick for the next second. */
export function msUntilTick(nowMs: number): number {
  const into = intoSecond(nowMs);
  return into < TICK_DELAY_MS ? TICK_DELAY_MS - into : 1000 - into + TICK_DELAY_MS;
}

/** Milliseconds a commit that is not urgent waits at `nowMs`: until this second's tick, if still to come. */
export function deferMs(nowMs: number): number {
  const into = intoSecond(nowMs);
  return into < TICK_DELAY_MS ? TICK_DELAY_MS - into : 0;
}
