/** When output passes run: answers before the second's tick share its pass; keys and the clock draw at once. */
import type { DOMElement } from 'ink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPassScheduler } from '../../src/renderer/pass-scheduler.js';
import { deferMs, TICK_DELAY_MS } from '../../src/ui/pass-timing.js';

function setup(startMs: number) {
  vi.setSystemTime(startMs);
  const draws: number[] = [];
  const root = { onRender: () => draws.push(Date.now()) } as unknown as DOMElement;
  const scheduler = createPassScheduler({ deferMs, now: () => Date.now() });
  const undo = scheduler.attach(root);
  /** Lets time run (and timers fire) up to `ms`, then commits. */
  const commitAt = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms - Date.now());
    root.onRender?.();
  };
  return { draws, undo, commitAt, root, drawSoon: scheduler.drawSoon };
}

describe('deferMs', () => {
  it('defers until this second’s tick while it is still to come, else not at all', () => {
    expect(deferMs(7_000)).toBe(TICK_DELAY_MS);
    expect(deferMs(7_000 + TICK_DELAY_MS - 1)).toBe(1);
    expect(deferMs(7_000 + TICK_DELAY_MS)).toBe(0);
    expect(deferMs(7_999)).toBe(0);
  });
});

describe('createPassScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the answers that land before the tick in one pass, at the tick', async () => {
    const { draws, commitAt } = setup(10_000);
    await commitAt(10_010);
    await commitAt(10_040);
    await commitAt(10_065);
    await vi.advanceTimersByTimeAsync(0);
    expect(draws).toEqual([]);
    await vi.advanceTimersByTimeAsync(TICK_DELAY_MS);
    expect(draws).toEqual([10_000 + TICK_DELAY_MS]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(draws).toHaveLength(1);
  });

  it('draws a commit after the tick at the end of its turn', async () => {
    const { draws, commitAt, root } = setup(20_000);
    await commitAt(20_400);
    root.onRender?.();
    expect(draws).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(draws).toEqual([20_400]);
  });

  it('draws a key (or the clock) at once, and a deferred pass goes with it', async () => {
    const { draws, commitAt, root, drawSoon } = setup(30_000);
    await commitAt(30_010);
    await vi.advanceTimersByTimeAsync(10);
    drawSoon();
    root.onRender?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(draws).toEqual([30_020]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(draws).toEqual([30_020]);
    // Urgency is spent by its pass: the next answer before a tick waits again.
    await commitAt(31_050);
    await vi.advanceTimersByTimeAsync(0);
    expect(draws).toEqual([30_020]);
    await vi.advanceTimersByTimeAsync(100);
    expect(draws).toEqual([30_020, 31_000 + TICK_DELAY_MS]);
  });

  it('keeps urgency to its own scheduler', async () => {
    const { draws, commitAt } = setup(50_000);
    createPassScheduler({ deferMs }).drawSoon();
    await commitAt(50_010);
    await vi.advanceTimersByTimeAsync(0);
    expect(draws).toEqual([]);
    await vi.advanceTimersByTimeAsync(TICK_DELAY_MS);
    expect(draws).toEqual([50_000 + TICK_DELAY_MS]);
  });

  it('gives Ink its hook back and drops a pending pass when undone', async () => {
    const { draws, commitAt, undo, root } = setup(40_000);
    await commitAt(40_010);
    undo();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(draws).toEqual([]);
    root.onRender?.();
    expect(draws).toHaveLength(1);
  });
});
