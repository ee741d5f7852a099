/**
 * The Mining tab against the embedded service over loopback HTTP, with 10,000 workers: pages of
 * 100 names, a series only for the rows on screen, never more than 4 requests in flight nor 50
 * starts in a second (counted at the client's edge and on the service), and, inside the whole
 * dashboard, cached data in the very first frame when the tab is shown again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS, type MiningApi } from '../../src/api/mining-types.js';
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

/** The real client, its per-worker series calls counted: who, when, and how many at once. */
function countingClient() {
  const real = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
  const seen = {
    workers: [] as string[],
    starts: [] as number[],
    inFlight: 0,
    maxInFlight: 0,
    all: 0,
    maxAll: 0,
    /** workers/names answers: the offset asked and how many names came. */
    names: [] as Array<{ offset: number; count: number }>,
  };
  const count =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>, op: string) =>
    async (...args: A): Promise<R> => {
      const perWorker = op === 'workerHashrate';
      seen.all++;
      seen.maxAll = Math.max(seen.maxAll, seen.all);
      // Every start, by the dashboard's clock: fake in the test that counts them (the queue
      // spaces them by it).
      seen.starts.push(Date.now());
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
  it('pages names 100 at a time and asks a series only for the rows on screen, ≤ 4 at once, < 50 a second', async () => {
    // The clock is fake, advanced only as the waits below run it: starts a second apart are a
    // second apart on the clock the request queue spaces them by, however busy the machine is.
    fakeClock(Date.now());
    const { client, seen } = countingClient();
    const namesBefore = byPath(MINING_PATHS.workerNames);
    const seriesBefore = byPath(MINING_PATHS.workerHashrate);
    const v = mountMining({ client, config: config(), width: 120, height: 40, now: Date.now });
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
    // short page.
    await onClock(() => (seen.names.some((n) => n.count < 100) ? true : undefined), 'the whole listing');
    const end = Math.max(...seen.names.filter((n) => n.count < 100).map((n) => n.offset));
    const times = (o: number) => seen.names.filter((n) => n.offset === o).length;
    for (let o = 0; o <= end; o += 100) expect(times(o), `offset ${o}`).toBe(o <= 100 ? 2 : 1);
    expect(byPath(MINING_PATHS.workerNames) - namesBefore).toBe(end / 100 + 3);

    expect(seen.maxInFlight).toBeLessThanOrEqual(4);
    expect(seen.maxAll).toBeLessThanOrEqual(4);
    for (let i = 0; i < seen.starts.length; i++) {
      const inOneSecond = seen.starts.filter(
        (t) => t >= (seen.starts[i] ?? 0) && t < (seen.starts[i] ?? 0) + 1000,
      );
      expect(inOneSecond.length).toBeLessThan(50);
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
