import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createPoller } from '../../src/exporter/poller.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the exporter poller', () => {
  it('one request per endpoint per interval', async () => {
    const calls = { pool: 0, other: 0 };
    const outcomes: string[] = [];
    const poller = createPoller(
      (['pool', 'other'] as const).map((endpoint) => ({
        endpoint,
        fetch: async () => ++calls[endpoint],
        apply: () => {},
      })),
      { record: (e, o) => outcomes.push(`${e}:${o}`) },
    );
    poller.start(30_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    poller.stop();
    // 1 at start + 20 ticks in 10 minutes at 30 s: endpoints × 60 / interval per minute.
    expect(calls).toEqual({ pool: 21, other: 21 });
    expect(outcomes.filter((o) => o === 'pool:success')).toHaveLength(21);
  });

  it('never doubles a poll still waiting for its answer', async () => {
    let calls = 0;
    const poller = createPoller(
      [
        {
          endpoint: 'pool',
          fetch: () => {
            calls++;
            return new Promise(() => {});
          },
          apply: () => {},
        },
      ],
      { record: () => {} },
    );
    poller.start(5000);
    await vi.advanceTimersByTimeAsync(60_000);
    poller.stop();
    expect(calls).toBe(1);
  });

  it('records each failure by its kind and reports a change of state once', async () => {
    let fail = true;
    const outcomes: string[] = [];
    const changes: string[] = [];
    const poller = createPoller(
      [
        {
          endpoint: 'pool',
          fetch: async () => {
            if (fail) throw new PooltopError('network', 'connection refused');
            return 1;
          },
          apply: () => {},
        },
      ],
      {
        record: (_, o) => outcomes.push(o),
        onChange: (_, error) => changes.push(error === undefined ? 'back' : (error as Error).message),
      },
    );
    poller.start(5000);
    await vi.advanceTimersByTimeAsync(10_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(10_000);
    poller.stop();
    expect(outcomes).toEqual(['network', 'network', 'network', 'success', 'success']);
    expect(changes).toEqual(['connection refused', 'back']);
  });
});

describe('follow-up targets', () => {
  it('are polled after their parent in every round, whether it answered or failed', async () => {
    const order: string[] = [];
    let fail = false;
    const child = (name: string) => ({
      endpoint: 'child',
      account: name,
      fetch: async () => order.push(`child ${name}`),
      apply: () => {},
    });
    const parent = {
      endpoint: 'parent',
      fetch: async () => {
        order.push('parent');
        if (fail) throw new PooltopError('network', 'down');
        return 1;
      },
      apply: () => {},
      next: () => [child('a'), child('b')],
    };
    const recorded: string[] = [];
    const poller = createPoller([parent], {
      record: (e, o, a) => recorded.push(`${e}${a ? ` ${a}` : ''}:${o}`),
    });
    await poller.pollAll();
    fail = true;
    await poller.pollAll();
    poller.stop();
    expect(order).toEqual(['parent', 'child a', 'child b', 'parent', 'child a', 'child b']);
    expect(recorded).toEqual([
      'parent:success',
      'child a:success',
      'child b:success',
      'parent:network',
      'child a:success',
      'child b:success',
    ]);
  });
});
