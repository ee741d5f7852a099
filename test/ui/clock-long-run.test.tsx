/**
 * Two hours of the dashboard clock (7,200 ticks) with every timer firing late by up to 0.8 s, as
 * on a busy machine: each tick is still aimed at the next second's boundary (no drift from the
 * lateness piling up), each second is drawn, the second drawn is the wall clock's, and one timer
 * is pending at a time (none pile up).
 */
import { describe, expect, it } from 'vitest';
import type { SchedulingClock } from '../../src/ui/clock.js';
import { TICK_DELAY_MS } from '../../src/ui/pass-timing.js';
import { ClockProbe } from './helpers/clock-probe.js';
import { configFixture, StubClient } from './helpers/fixtures.js';
import { mountView } from './helpers/harness.js';

/** A hand-driven clock: timers fire only when the test fires them. */
function manualClock(start: number) {
  let t = start;
  let seq = 0;
  const pending = new Map<number, { due: number; callback: () => void }>();
  const clock: SchedulingClock = {
    now: () => t,
    setTimeout: (callback, ms) => {
      pending.set(++seq, { due: t + ms, callback });
      return seq;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    clock,
    pending,
    /** Fires the one pending timer `lateMs` after it was due. */
    fire(lateMs: number): number {
      const [id, timer] = [...pending][0] ?? [];
      if (id === undefined || !timer) throw new Error('no timer pending');
      pending.delete(id);
      t = timer.due + lateMs;
      timer.callback();
      return timer.due;
    },
  };
}

const drawn: number[] = [];

const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe('the clock over two hours', () => {
  it('stays on the wall clock second by second when every timer fires late', async () => {
    const manual = manualClock(1_700_000_000_400);
    const view = mountView(() => <ClockProbe onDraw={(s) => drawn.push(s)} />, {
      client: new StubClient(),
      config: configFixture,
      now: manual.clock.now,
      scheduling: manual.clock,
    });
    await settle();
    // A fixed sequence of lateness, 0–800 ms (a linear congruential generator).
    let seed = 12345;
    const late = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % 801;
    };
    const misses: string[] = [];
    for (let i = 0; i < 7_200; i++) {
      expect(manual.pending.size).toBe(1);
      const due = manual.fire(late());
      await settle();
      const wall = Math.floor(manual.clock.now() / 1000) * 1000;
      if (due % 1000 !== TICK_DELAY_MS) misses.push(`tick ${i} aimed at ${due % 1000} ms past a second`);
      if (drawn.at(-1) !== wall) misses.push(`tick ${i} drew ${drawn.at(-1)}, the wall clock is at ${wall}`);
      if (misses.length > 5) break;
    }
    expect(misses).toEqual([]);
    // Every second drawn once, in order, none skipped.
    const seconds = [...new Set(drawn)];
    expect(seconds.length).toBe(7_201);
    expect(seconds.every((s, i) => i === 0 || s - (seconds[i - 1] ?? 0) === 1000)).toBe(true);
    expect(view.lastFrame()).toBe(String(Math.floor(manual.clock.now() / 1000) * 1000));
    view.unmount();
    expect(manual.pending.size).toBe(0);
  });
});
