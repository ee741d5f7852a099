/**
 * One pacer for every request of a process, against the counting service: the whole-list load
 * (`L`), the balance column (`B`), Sub-accounts pages, Pool polls, the Mining tab's reads and the
 * watcher all at once, through one client and one request queue, as the dashboard wires them
 * (ui/app.tsx: shared reads over the client, the watcher given the same queue). Real HTTP to the
 * embedded service with its rate limits on (service/rate-limit.ts: 1,000 per 10 s per key and
 * operation, a 429 beyond); the queue, the loaders, the polls and the watcher run on a virtual
 * clock that the service also reads, and that stands still while any request is on the wire, so a
 * request's send time is its arrival time. Asserted: counts, never timings.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { DEFAULT_WATCH } from '../../src/alerts/watch-settings.js';
import { createClient } from '../../src/api/client.js';
import { loadAllSubAccounts } from '../../src/api/load-all.js';
import { loadBalances } from '../../src/api/load-balances.js';
import { createRequestQueue, OPERATION_GAP_MS, type RequestQueue } from '../../src/api/request-queue.js';
import { shareReads } from '../../src/api/shared-reads.js';
import { listWorkerNames } from '../../src/api/worker-listing.js';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { createWatcher } from '../../src/watch/watcher.js';
import { VirtualClock } from './virtual-time.js';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const WINDOW_MS = 10_000;
const BUDGET = 1000;
/** Balance requests of `B`: more than one operation's budget of 10 s. */
const BALANCE_IDS = 1_200;

/** Virtual time that moves only while no request is on the wire. */
class StillClock extends VirtualClock {
  override t = T0;
  onWire = 0;

  /** Fires timers in time order, one per turn with nothing on the wire, until `promise` settles. */
  override async run<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const settled = promise.finally(() => {
      done = true;
    });
    settled.catch(() => undefined);
    while (!done) {
      await turn();
      if (this.onWire > 0 || this.timers.length === 0) continue;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift();
      if (!next) continue;
      this.t = Math.max(this.t, next.at);
      next.fire();
    }
    return promise;
  }
}

interface Counts {
  /** Per operation (path): each send's time on the virtual clock. */
  sends: Map<string, number[]>;
  tooMany: number;
}

/**
 * The queue as the client sees it, counting each send and each 429 as it goes out and comes back;
 * `paced: false` sends at once, around the pacing (what a second pacer, or none, amounts to).
 */
function countingQueue(inner: RequestQueue, clock: StillClock, paced: boolean): RequestQueue & Counts {
  const sends = new Map<string, number[]>();
  const counts = { sends, tooMany: 0 };
  const counted = async <T>(op: string, send: () => Promise<T>): Promise<T> => {
    const list = sends.get(op) ?? [];
    sends.set(op, list);
    list.push(clock.t);
    clock.onWire++;
    try {
      return await send();
    } catch (err) {
      if (isPooltopError(err) && err.status === 429) counts.tooMany++;
      throw err;
    } finally {
      clock.onWire--;
    }
  };
  return Object.assign(counts, {
    run: inner.run,
    stats: inner.stats,
    close: inner.close,
    pace: <T>(op: string, send: () => Promise<T>, signal?: AbortSignal) =>
      paced ? inner.pace(op, () => counted(op, send), signal) : counted(op, send),
  });
}

/** The most sends of one operation in any window of 10 s. */
function peakPerWindow(times: readonly number[]): number {
  let peak = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while ((times[j] as number) - (times[i] as number) >= WINDOW_MS) i++;
    peak = Math.max(peak, j - i + 1);
  }
  return peak;
}

let service: ServiceHandle | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** The counting service, and one process's client and queue on the still clock. */
async function processOf(paced: boolean) {
  const clock = new StillClock();
  service = await startService({
    port: 0,
    accounts: BALANCE_IDS,
    miningAccounts: 2,
    workers: 150,
    now: clock.now,
    nonceNow: Date.now,
  });
  const svc = service;
  const inner = createRequestQueue({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const queue = countingQueue(inner, clock, paced);
  const { apiKey, apiSecret } = svc.credentials;
  const client = createClient({ baseUrl: svc.baseUrl, apiKey, apiSecret, retries: 0, queue, now: Date.now });
  const loaderTiming = { now: clock.now, sleep: clock.sleep, random: () => 0.5 };
  const column = (ids: readonly (string | null)[], views: Pick<typeof client, 'subAccountBalances'>) =>
    loadBalances({
      ids,
      fetch: (id, signal) => views.subAccountBalances({ id, ticker: 'BTC' }, { signal }),
      queue,
      ...loaderTiming,
    });
  /** Per operation: sent (by our count), served (by the service's), peak per 10 s; and the 429s. */
  const counts = async () => {
    await client.close();
    queue.close();
    const byPath = svc.stats().byPath;
    const operations = [...queue.sends.entries()].map(([op, times]) => ({
      op,
      sent: times.length,
      served: byPath[op] ?? 0,
      peak: peakPerWindow(times),
    }));
    return { operations, tooMany: queue.tooMany, limited: inner.stats().rateLimited };
  };
  return { clock, svc, queue, client, loaderTiming, column, counts };
}

/** Everything at once through one process's client and queue, wired as the dashboard wires them. */
async function everythingAtOnce() {
  const { clock, svc, queue, client, loaderTiming, column, counts } = await processOf(true);
  const shared = shareReads(client, clock.now);
  const views = shared.client();
  const watcher = createWatcher({
    client: shared.client(11_000),
    queue,
    thresholds: NO_THRESHOLDS,
    watch: DEFAULT_WATCH,
    intervalS: 2,
    goneAfterS: 600,
    mining: true,
    seenStores: cachedSeenStores(async () => memorySeenStore()),
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const every = async (times: number, ms: number, poll: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < times; i++) {
      await poll(i).catch(() => undefined);
      await clock.sleep(ms);
    }
  };

  const wholeListThenColumn = async () => {
    const list = await loadAllSubAccounts({
      fetchPage: (q, signal) => views.listSubAccounts(q, { signal }),
      queue,
      ...loaderTiming,
    });
    const balances = await column(
      list.rows.map((r) => r.id),
      views,
    );
    return { rows: list.rows.length, balances: balances.results.filter((r) => r.ok).length };
  };
  const pages = every(40, 1000, (i) =>
    queue.run(() => views.listSubAccounts({ offset: (i % 10) * 30, limit: 30 }), { priority: 'high' }),
  );
  const pool = every(40, 1000, () => queue.run(() => views.getMiningPool(), { priority: 'high' }));
  const mining = every(8, 1000, async () => {
    for (const account of svc.miningAccounts) {
      await Promise.all([
        queue.run(() => views.mining.minerInfo({ account })),
        queue.run(() => views.mining.hashrate({ account, interval: '5m' })),
      ]);
      const listing = await listWorkerNames(views, account, { queue });
      // Listed workers' series, at low priority, as the Mining tab's workers table asks.
      await Promise.all(
        listing.names.slice(0, 60).map((worker) =>
          queue.run(() => views.mining.workerHashrate({ account, worker, interval: '5m' }), {
            priority: 'low',
          }),
        ),
      );
    }
  });

  watcher.start();
  const [loads] = await clock.run(Promise.all([wholeListThenColumn(), pages, pool, mining]));
  await clock.run(watcher.stop());
  return { loads, seconds: (clock.t - T0) / 1000, ...(await counts()) };
}

describe('one pacer for every request of a process', () => {
  it('everything at once: no operation over 1,000 in any 10 s, and no 429', async () => {
    const run = await everythingAtOnce();
    const table = run.operations.map((o) => `${o.op} sent ${o.sent}, peak ${o.peak} / 10 s`).join('\n');
    console.log(
      `one pacer, everything at once (${run.seconds.toFixed(1)} virtual s):\n${table}\n429s: ${run.tooMany}`,
    );
    expect(run.loads).toEqual({ rows: BALANCE_IDS, balances: BALANCE_IDS });
    // Every source was in the run, and the service got exactly what was counted.
    const ops = run.operations.map((o) => o.op);
    for (const path of [
      '/api/v4/sub-account/list',
      '/api/v4/sub-account/balances',
      '/api/v4/public/mining-pool',
      '/api/v4/mining/workers/names',
      '/api/v4/mining/workers/hashrate',
    ])
      expect(ops).toContain(path);
    for (const o of run.operations) expect(o.served, o.op).toBe(o.sent);
    // One pacer: each operation within what its gap allows (10 s / 15 ms + 1), under 1,000.
    for (const o of run.operations)
      expect(o.peak, o.op).toBeLessThanOrEqual(WINDOW_MS / OPERATION_GAP_MS + 1);
    for (const o of run.operations) expect(o.peak, o.op).toBeLessThanOrEqual(BUDGET);
    expect(run.operations.find((o) => o.op === '/api/v4/sub-account/balances')?.sent).toBeGreaterThan(BUDGET);
    expect(run.tooMany).toBe(0);
    expect(run.limited).toBe(0);
  }, 120_000);

  it('the balance column sent around the pacer spends the budget: the service answers 429', async () => {
    const { client, clock, column, counts } = await processOf(false);
    const page = await client.listSubAccounts({ limit: 100 });
    const ids = page.data.map((r) => r.id).filter((id): id is string => id !== null);
    const many = Array.from({ length: BALANCE_IDS }, (_, i) => ids[i % ids.length] as string);
    await clock.run(column(many, client));
    const run = await counts();
    const balances = run.operations.find((o) => o.op === '/api/v4/sub-account/balances');
    console.log(`around the pacer: balances peak ${balances?.peak} / 10 s, 429s: ${run.tooMany}`);
    expect(balances?.peak).toBeGreaterThan(BUDGET);
    expect(run.tooMany).toBeGreaterThan(0);
  }, 120_000);
});
