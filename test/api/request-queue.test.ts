/** The request queue on a virtual clock: ≤ N tasks in flight, each operation's sends paced, 429 holds, cancel. */
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
  it('keeps at most 4 tasks in flight, starting the next as one ends', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    const starts: number[] = [];
    const { task, settle } = manualTask(clock, starts);
    const results = Array.from({ length: 10 }, () => q.run(task));
    await clock.advance(1000);
    expect(starts).toHaveLength(4);
    expect(q.stats()).toMatchObject({ inFlight: 4, waiting: 6 });
    settle[0]?.();
    settle[1]?.();
    await clock.advance(1);
    expect(starts).toHaveLength(6);
    for (let i = 2; i < 10; i++) {
      settle[i]?.();
      await clock.advance(1);
    }
    await expect(Promise.all(results)).resolves.toHaveLength(10);
    expect(q.stats()).toMatchObject({ inFlight: 0, waiting: 0, maxInFlight: 4, started: 10 });
  });

  it('paces each operation on its own: sends of one at least 15 ms apart, in call order', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    const sends: { op: string; t: number; n: number }[] = [];
    const send = (op: string, n: number) =>
      q.pace(op, async () => void sends.push({ op, t: clock.now(), n }));
    const all = [...Array(6).keys()].flatMap((n) => [send('/list', n), send('/balances', n)]);
    await clock.advance(1000);
    await Promise.all(all);
    for (const op of ['/list', '/balances']) {
      const mine = sends.filter((s) => s.op === op);
      expect(mine.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(mine.map((s) => s.t)).toEqual([0, 15, 30, 45, 60, 75]);
    }
    expect(q.stats().sent).toBe(12);
  });

  it('never lets an operation past its budget: a gap under 11 ms is raised to 11 (910 in 10 s)', async () => {
    const clock = virtualTime();
    const q = createRequestQueue({ ...clock, gapMs: 1 });
    const times: number[] = [];
    const all = Array.from({ length: 1200 }, () => q.pace('/list', async () => void times.push(clock.now())));
    await clock.advance(20_000);
    await Promise.all(all);
    const peak = Math.max(...times.map((t) => times.filter((x) => x >= t && x < t + 10_000).length));
    expect(peak).toBeLessThanOrEqual(1000);
    expect(peak).toBe(910);
  });

  it('after a 429 sends nothing and starts nothing until its Retry-After has passed', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    const starts: number[] = [];
    const { task, settle } = manualTask(clock, starts);
    const limited = q.pace('/list', async () => {
      throw new PooltopError('http', 'Too many requests', { status: 429, retryAfterMs: 2000 });
    });
    await expect(limited).rejects.toThrow('Too many requests');
    const sends: number[] = [];
    const other = q.pace('/balances', async () => void sends.push(clock.now()));
    const third = q.run(task);
    await clock.advance(1900);
    expect(starts).toHaveLength(0);
    expect(sends).toHaveLength(0);
    await clock.advance(200);
    await other;
    expect(starts).toEqual([2000]);
    expect(sends).toEqual([2000]);
    expect(q.stats().rateLimited).toBe(1);
    settle[0]?.();
    await third;
  });

  it('a send waiting its turn rejects unsent when its signal aborts or the queue closes', async () => {
    const clock = virtualTime();
    const q = createRequestQueue(clock);
    let sent = 0;
    const send = async () => void sent++;
    await q.pace('/list', send);
    const controller = new AbortController();
    const aborted = q.pace('/list', send, controller.signal);
    const closed = q.pace('/list', send);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'network' });
    q.close();
    await expect(closed).rejects.toMatchObject({ reason: 'aborted' });
    await clock.advance(1000);
    expect(sent).toBe(1);
  });

  it('runs high priority first and drops a waiting task whose signal aborts', async () => {
    const clock = virtualTime();
    const q = createRequestQueue({ ...clock, concurrency: 1 });
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
