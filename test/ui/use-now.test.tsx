/** The dashboard clock: ticks just after each second, skipped when a render already showed it. */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardContext } from '../../src/ui/dashboard-context.js';
import { DataProvider } from '../../src/ui/data/data-provider.js';
import { useNow } from '../../src/ui/hooks/use-now.js';
import { msUntilTick, TICK_DELAY_MS } from '../../src/ui/pass-timing.js';
import { clockOnlyDashboard } from './helpers/clock-context.js';

describe('msUntilTick', () => {
  it('aims at TICK_DELAY_MS past the next second, or past this one if not yet reached', () => {
    expect(msUntilTick(5_000)).toBe(TICK_DELAY_MS);
    expect(msUntilTick(5_100)).toBe(TICK_DELAY_MS - 100);
    expect(msUntilTick(5_000 + TICK_DELAY_MS)).toBe(1_000);
    expect(msUntilTick(5_999)).toBe(1 + TICK_DELAY_MS);
  });
});

const clock = { t: 0 };
let renders: number[] = [];
let poke: () => void = () => {};

function Probe() {
  const now = useNow();
  const [, setN] = useState(0);
  poke = () => setN((n) => n + 1);
  renders.push(now);
  return <Text>{now}</Text>;
}

describe('useNow', () => {
  const mount = () =>
    render(
      <DashboardContext.Provider value={clockOnlyDashboard(() => clock.t)}>
        <DataProvider intervalMs={1_000} pausedRef={{ current: false }} now={() => clock.t}>
          <Probe />
        </DataProvider>
      </DashboardContext.Provider>,
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
    renders = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows whole seconds and re-renders once per second on its own', async () => {
    const view = mount();
    expect(view.lastFrame()).toBe('1000000');
    await advance(3_000);
    expect(renders).toEqual([1_000_000, 1_001_000, 1_002_000, 1_003_000]);
    expect(view.lastFrame()).toBe('1003000');
    view.unmount();
  });

  it('skips the tick when something else already drew the new second', async () => {
    const view = mount();
    // Past the boundary, before the tick: a poll's data arrives and the view re-renders.
    await advance(700);
    poke();
    await settle();
    expect(renders).toEqual([1_000_000, 1_001_000]);
    await advance(TICK_DELAY_MS);
    expect(renders).toEqual([1_000_000, 1_001_000]);
    // The next second has no other render: the tick draws it.
    await advance(1_000);
    expect(renders).toEqual([1_000_000, 1_001_000, 1_002_000]);
    view.unmount();
  });
});
