/**
 * The Mining tab against the embedded service over loopback HTTP, with 10,000 workers: pages of
 * 100 names, a series only for the rows on screen, never more than 4 requests in flight, sends of
 * one operation at least OPERATION_GAP_MS apart on the one queue the client and the dashboard
 * share (as runDashboard's), and, inside the whole dashboard, cached data in the very first frame
 * when the tab is shown again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS, type MiningApi } from '../../src/api/mining-types.js';
import { createRequestQueue, OPERATION_GAP_MS, type RequestQueue } from '../../src/api/request-queue.js';
import type { ApiClient } from '../../src/api/types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { fakeClock } from './helpers/fixtures.js';
import { renderApp } from './helpers/harness.js';
import { KEYS, keyedConfig, mountMining, waitForFrame, waitUntil } from './helpers/mining-fakes.js';
import { tabKey } from './helpers/keys.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0, miningAccounts: 2, workers: 10_000, seed: 5 });
});
afterAll(() => service.close());

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
  vi.useRealTimers();
});

/**
 * The real client, its per-worker series calls counted: who, when, and how many at once; with a
 * queue, it paces its sends by it, and each send is recorded, by operation, as the queue lets it go.
 */
function countingClient(queue?: RequestQueue) {
  const sends: Array<{ operation: string; at: number }> = [];
  if (queue) {
    const pace = queue.pace;
    queue.pace = (operation, send, signal) =>
      pace(
        operation,
        () => {
          sends.push({ operation, at: Date.now() });
          return send();
        },
        signal,
      );
  }
  const real = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
    queue,
  });
  const seen = {
    workers: [] as string[],
    inFlight: 0,
    maxInFlight: 0,
    all: 0,
    maxAll: 0,
    /** workers/names calls made. */
    namesAsked: 0,
    /** workers/names answers: the offset asked and how many names came. */
    names: [] as Array<{ offset: number; count: number }>,
    /** What went out through the queue, when, by the dashboard's clock. */
    sends,
  };
  const count =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>, op: string) =>
    async (...args: A): Promise<R> => {
      const perWorker = op === 'workerHashrate';
      seen.all++;
      seen.maxAll = Math.max(seen.maxAll, seen.all);
      if (op === 'workerNames') seen.namesAsked++;
      if (perWorker) {
        seen.workers.push(String((args[0] as { worker: string }).worker));
        seen.inFlight++;
        seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      }
      try {
        const out = await fn(...args);
        if (op === 'workerNames') {
          const offset = Number((args[0] as { offset?: number }).offset ?? 0);
          seen.names.push({ offset, count: (out as { items: unknown[] }).items.length });
        }
        return out;
      } finally {
        seen.all--;
        if (perWorker) seen.inFlight--;
      }
    };
  const mining = Object.fromEntries(
    Object.entries(real.mining).map(([op, fn]) => [op, count(fn as never, op)]),
  ) as unknown as MiningApi;
  const client: ApiClient = {
    ...real,
    baseUrl: real.baseUrl,
    mining,
    getMiningPool: real.getMiningPool,
    close: real.close,
  };
  cleanup.push(() => real.close());
  return { client, seen };
}

const config = () => ({
  ...keyedConfig,
  baseUrl: service.baseUrl,
  apiKey: service.credentials.apiKey,
  apiSecret: service.credentials.apiSecret,
  miningAccount: service.miningAccounts[0],
});
const byPath = (path: string) => service.stats().byPath[path] ?? 0;
/** The workers table's lines: after its heading, up to the footer. */
function tableLines(f: string): string[] {
  const lines = f.split('\n');
  const head = lines.findIndex((l) => /^ {2}Worker\s+Now/.test(l));
  return head < 0 ? [] : lines.slice(head + 1).filter((l) => /^[› ] \S/.test(l));
}
const visibleNames = (f: string) => tableLines(f).map((l) => l.slice(2).split(' ')[0] ?? '');
/** Rows whose series has arrived. */
const rowNames = (f: string) =>
  tableLines(f)
    .filter((l) => /\d[\d.]* [kMGTP]?H\/s/.test(l))
    .map((l) => l.slice(2).split(' ')[0] ?? '');

/**
 * Runs the fake clock 10 ms a turn of the event loop (the network and React get every turn) until
 * `check` gives a value: bounded by the dashboard's time, so a busy machine only makes it slower.
 */
async function onClock<T>(check: () => T | undefined, what: string, limitMs = 30_000): Promise<T> {
  for (let ms = 0; ms <= limitMs; ms += 10) {
    const value = check();
    if (value !== undefined) return value;
    await vi.advanceTimersByTimeAsync(10);
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`not within ${limitMs} ms of the dashboard's clock: ${what}`);
}
const frameThat = (frame: () => string, ok: (f: string) => boolean) => () => {
  const f = frame();
  return ok(f) ? f : undefined;
};

describe('Mining tab on the embedded service, 10,000 workers', () => {
  it('pages names 100 at a time and asks a series only for the rows on screen, ≤ 4 at once, one operation ≥ 15 ms apart', async () => {
    // The clock is fake, advanced only as the waits below run it: sends 15 ms apart are 15 ms
    // apart on the clock the request queue paces them by, however busy the machine is.
    fakeClock(Date.now());
    // One queue for the client's sends and the dashboard's tasks, as runDashboard has it.
    const queue = createRequestQueue();
    const { client, seen } = countingClient(queue);
    const namesBefore = byPath(MINING_PATHS.workerNames);
    const seriesBefore = byPath(MINING_PATHS.workerHashrate);
    const v = mountMining({ client, queue, config: config(), width: 120, height: 40, now: Date.now });
    cleanup.push(() => v.unmount());
    let f = await onClock(
      frameThat(v.frame, (x) => x.includes('rows 1–100 ·') && visibleNames(x).length > 5),
      'the first page',
    );
    const onScreen = visibleNames(f);
    f = await onClock(
      frameThat(v.frame, (x) => rowNames(x).length === onScreen.length),
      "the first page's series",
    );
    expect([...seen.workers].sort()).toEqual([...onScreen].sort());
    expect(byPath(MINING_PATHS.workerHashrate) - seriesBefore).toBe(onScreen.length);

    // The next page: its rows, and only those, are asked for.
    v.stdin.write(KEYS.pageDown);
    f = await onClock(
      frameThat(v.frame, (x) => x.includes('rows 101–200 ·')),
      'the next page',
    );
    const next = visibleNames(
      await onClock(
        frameThat(
          v.frame,
          (x) => rowNames(x).length === onScreen.length && !rowNames(x).includes(onScreen[0] ?? ''),
        ),
        "the next page's series",
      ),
    );
    expect(seen.workers.slice(onScreen.length).sort()).toEqual([...next].sort());
    // Names: the two pages shown, and the whole listing the gone workers need, once, up to its
    // short page (and the rest of its last wave). Its pages go out one gap apart: it is over
    // when every page asked has answered.
    await onClock(
      () =>
        seen.names.some((n) => n.count < 100) && seen.names.length === seen.namesAsked ? true : undefined,
      'the whole listing',
    );
    const end = Math.max(...seen.names.filter((n) => n.count < 100).map((n) => n.offset));
    const times = (o: number) => seen.names.filter((n) => n.offset === o).length;
    for (let o = 0; o <= end; o += 100) expect(times(o), `offset ${o}`).toBe(o <= 100 ? 2 : 1);
    expect(byPath(MINING_PATHS.workerNames) - namesBefore).toBe(end / 100 + 3);

    expect(seen.maxInFlight).toBeLessThanOrEqual(4);
    expect(seen.maxAll).toBeLessThanOrEqual(4);
    // Every request went out through the queue, and the series (many at once) the most often:
    // each operation's sends at least the gap apart, so at most 1000 / 15 + 1 = 67 in any second.
    expect(seen.sends.length).toBe(queue.stats().sent);
    const series = seen.sends.filter((s) => s.operation === MINING_PATHS.workerHashrate);
    expect(series.length).toBeGreaterThanOrEqual(2 * onScreen.length);
    for (const operation of new Set(seen.sends.map((s) => s.operation))) {
      const list = seen.sends.filter((s) => s.operation === operation);
      for (let i = 1; i < list.length; i++) {
        const gap = (list[i]?.at ?? 0) - (list[i - 1]?.at ?? 0);
        expect(gap, `${operation}: send ${i}`).toBeGreaterThanOrEqual(OPERATION_GAP_MS);
      }
    }
  });

  it('shows the cached tab in the first frame when it is shown again', async () => {
    const { client } = countingClient();
    const view = renderApp({
      client,
      config: config(),
      demo: true,
      intervalSec: 60,
      columns: 120,
      rows: 40,
      now: Date.now,
      random: Math.random,
    });
    cleanup.push(() => {
      view.controller.abort();
      view.unmount();
    });
    const frame = () => view.lastFrame() ?? '';
    await waitForFrame(frame, (x) => x.includes('Workers') && x.includes('[1 Pool]'), 10_000);
    view.stdin.write(tabKey(2));
    await waitForFrame(
      frame,
      (x) =>
        x.includes('[2 Mining]') &&
        /Workers [\d,]+ online/.test(x) &&
        x.includes('newest first') &&
        /Yield 30 d .* [\d.]+ BTC · m: months/.test(x),
      15_000,
    );
    view.stdin.write(tabKey(1));
    await waitForFrame(frame, (x) => x.includes('[1 Pool]'));
    const mark = view.frames.length;
    view.stdin.write(tabKey(2));
    await waitUntil(
      () => view.frames.slice(mark).some((x) => x.includes('[2 Mining]')),
      'the Mining tab drawn',
    );
    const first = view.frames.slice(mark).find((x) => x.includes('[2 Mining]')) ?? '';
    expect(first).toMatch(/Workers [\d,]+ online/);
    expect(first).toMatch(/Hash rate \d[\d.]* [kMGTPE]?H\/s/);
    expect(first).toContain('newest first');
    expect(first).not.toMatch(/Loading|loading/);
  });
});
