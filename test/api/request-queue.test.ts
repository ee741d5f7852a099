/** The bounded, paced request queue on a virtual clock: ≤ N in flight, starts spaced, 429 holds, cancel. */
import { describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createRequestQueue } from '../../src/api/request-queue.js';

/** A manual clock with timers that run when `advance` passes them. */
function virtualTime() {
  let t = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let id = 0;
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      timers.set(++id, { at: t + ms, fn });
      return id;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    async advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].fn();
        await flush();
      }
      t = end;
      await flush();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A task the test settles by hand, recording when it started. */
function manualTask(clock: { now: () => number }, starts: number[]) {
  const settle: Array<(err?: Error) => void> = [];
  const task = () =>
    new Promise<string>((resolve, reject) => {
      starts.push(clock.now());
      settle.push((err) => (err ? reject(err) : resolve('ok')));
    });
  return { task, settle };
}

describe('request queue', () => {
  it('keeps at most 4 in flight and starts them at least 25 ms apart', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    const starts: number[] = [];
    const { task, settle } = manualTask(clock, starts);
    const results = Array.from({ length: 10 }, () => q.run(task));
    await clock.advance(1000);
    expect(starts).toEqual([0, 25, 50, 75]);
    expect(q.stats()).toMatchObject({ inFlight: 4, waiting: 6 });
    settle[0]?.();
    settle[1]?.();
    await clock.advance(100);
    await clock.advance(100);
    expect(starts).toHaveLength(6);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(25);
    for (let i = 2; i < 10; i++) {
      settle[i]?.();
      await clock.advance(100);
    }
    await expect(Promise.all(results)).resolves.toHaveLength(10);
    expect(q.stats()).toMatchObject({ inFlight: 0, waiting: 0, maxInFlight: 4, started: 10 });
  });

  it('starts nothing until a 429 Retry-After has passed', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    const starts: number[] = [];
    const { task, settle } = manualTask(clock, starts);
    const first = q.run(task);
    const second = q.run(task);
    await clock.advance(30);
    settle[0]?.(new PooltopError('http', 'Too many requests', { status: 429, retryAfterMs: 2000 }));
    await expect(first).rejects.toThrow('Too many requests');
    settle[1]?.();
    await second;
    const third = q.run(task);
    await clock.advance(1900);
    expect(starts).toHaveLength(2);
    await clock.advance(200);
    expect(starts).toHaveLength(3);
    expect(starts[2]).toBeGreaterThanOrEqual(30 + 2000);
    settle[2]?.();
    await third;
  });

  it('runs high priority first and drops a waiting task whose signal aborts', async () => {
    const clock = virtualTime();
    const q = createRequestQueue({ ...clock, concurrency: 1, gapMs: 0 });
    const order: string[] = [];
    const settles: Array<() => void> = [];
    const named = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        settles.push(() => resolve(name));
      });
    const a = q.run(named('a'), { priority: 'low' });
    const controller = new AbortController();
    const b = q.run(named('b'), { priority: 'low', signal: controller.signal });
    const c = q.run(named('c'), { priority: 'high' });
    controller.abort();
    await expect(b).rejects.toMatchObject({ reason: 'aborted' });
    settles[0]?.();
    await a;
    await clock.advance(1);
    settles[1]?.();
    await c;
    expect(order).toEqual(['a', 'c']);
    q.close();
  });

  it('close() cancels what waits', async () => {
    const clock = virtualTime();
    const q = createRequestQueue({ ...clock, concurrency: 1 });
    const { task, settle } = manualTask(clock, []);
    const running = q.run(task);
    const waiting = q.run(task);
    q.close();
    await expect(waiting).rejects.toMatchObject({ reason: 'aborted' });
    settle[0]?.();
    await expect(running).resolves.toBe('ok');
  });
});
