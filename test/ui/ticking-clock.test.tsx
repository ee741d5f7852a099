/**
 * The dashboard clock shows the right second: each second just after it begins, and at once when
 * an answer lands before the tick. (That the tick then draws nothing more, and that only what shows
 * the time re-renders, are the bench's: docs/performance.md, "Ink renders … clock tick".)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnswerSignal } from '../../src/ui/data/data-layer.js';
import { msUntilTick, TICK_DELAY_MS } from '../../src/ui/pass-timing.js';
import { ClockProbe } from './helpers/clock-probe.js';
import { configFixture, StubClient } from './helpers/fixtures.js';
import { mountView } from './helpers/harness.js';

describe('msUntilTick', () => {
  it('aims at TICK_DELAY_MS past the next second, or past this one if not yet reached', () => {
    expect(msUntilTick(5_000)).toBe(TICK_DELAY_MS);
    expect(msUntilTick(5_100)).toBe(TICK_DELAY_MS - 100);
    expect(msUntilTick(5_000 + TICK_DELAY_MS)).toBe(1_000);
    expect(msUntilTick(5_999)).toBe(1 + TICK_DELAY_MS);
  });
});

const clock = { t: 0 };
let announce: () => void = () => {};

/** Takes the data layer's answer signal, to announce an answer as a poll's would be. */
function Answers() {
  const answers = useAnswerSignal();
  announce = () => answers.announce('pool');
  return null;
}

describe('the ticking clock', () => {
  const mount = () =>
    mountView(
      () => (
        <>
          <Answers />
          <ClockProbe />
        </>
      ),
      { client: new StubClient(), config: configFixture, now: () => clock.t },
    );

  /** Lets React commit what is scheduled (its scheduler is not on the faked timers). */
  const settle = async () => {
    for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  /** Moves the injected clock and the fake timers together by `ms`, 10 ms at a time. */
  const advance = async (ms: number) => {
    for (let done = 0; done < ms; done += 10) {
      clock.t += 10;
      await vi.advanceTimersByTimeAsync(10);
      await settle();
    }
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clock.t = 1_000_400;
  });
  afterEach(() => vi.useRealTimers());

  it('shows each whole second once it has begun', async () => {
    const view = mount();
    expect(view.lastFrame()).toBe('1000000');
    for (const second of [1_001_000, 1_002_000, 1_003_000]) {
      await advance(1_000);
      expect(view.lastFrame()).toBe(String(second));
    }
    view.unmount();
  });

  it('shows the new second with an answer that lands before the tick, and keeps it right after', async () => {
    const view = mount();
    // Past the boundary, before the tick: a poll's answer lands and brings the new second.
    await advance(700);
    expect(view.lastFrame()).toBe('1000000');
    announce();
    await settle();
    expect(view.lastFrame()).toBe('1001000');
    await advance(TICK_DELAY_MS);
    expect(view.lastFrame()).toBe('1001000');
    await advance(1_000);
    expect(view.lastFrame()).toBe('1002000');
    view.unmount();
  });
});
