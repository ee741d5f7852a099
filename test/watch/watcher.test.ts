/**
 * The watcher against real HTTP: the embedded service (its data clock frozen) behind a proxy
 * that decides which worker names are listed, and the watcher's own clock moved by the test a
 * minute per round. Rounds are awaited, never slept for.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_THRESHOLDS, thresholdsFromToml } from '../../src/alerts/thresholds.js';
import { DEFAULT_WATCH, watchFromToml } from '../../src/alerts/watch-settings.js';
import { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { bookPath, fileBookStore } from '../../src/watch/book-store.js';
import type { WatchEvent } from '../../src/watch/event.js';
import { createWatcher, type WatcherOptions } from '../../src/watch/watcher.js';
import { type NamesProxy, startNamesProxy } from '../support/names-proxy.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
let service: ServiceHandle;
let proxy: NamesProxy;
let client: ReturnType<typeof createClient>;
let account: string;
let names: string[];

beforeAll(async () => {
  service = await startService({ port: 0, seed: 5, workers: 12, miningAccounts: 2, now: () => T0, nonceNow: Date.now });
  proxy = await startNamesProxy(service.baseUrl);
  client = createClient({
    baseUrl: proxy.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
  account = service.miningAccounts[0]!;
  const page = await client.mining.workerNames({ account, limit: 100 });
  names = page.items;
  expect(names.length).toBeGreaterThan(4);
});
afterAll(async () => {
  await client.close();
  await proxy.close();
  await service.close();
});

/** A watcher whose clock the test holds; `stateDir` keeps its book on disk. */
function watcher(stateDir: string, over: Partial<WatcherOptions> = {}) {
  const clock = { t: T0 };
  const seen = new Map<string, ReturnType<typeof memorySeenStore>>();
  const w = createWatcher({
    client,
    queue: createRequestQueue(),
    thresholds: NO_THRESHOLDS,
    watch: DEFAULT_WATCH,
    intervalS: 60,
    goneAfterS: 600,
    mining: true,
    seenStores: cachedSeenStores(async (a) => {
      const store = seen.get(a) ?? memorySeenStore();
      seen.set(a, store);
      return store;
    }),
    store: fileBookStore({ stateDir, profile: 'default', baseUrl: proxy.baseUrl }),
    now: () => clock.t,
    ...over,
  });
  /** A minute on, one round; the events of this account. */
  const step = async (): Promise<string[]> => {
    clock.t += 60_000;
    const round = await w.round();
    return round.events.filter((e) => e.account === account).map((e) => `${e.status} ${e.worker}`);
  };
  return { w, clock, step, seen };
}

describe('the watcher, worker offline', () => {
  it('a worker removed fires once after the hold, back resolves once; a flap sends nothing; a restart repeats nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const { w, step, clock, seen } = watcher(dir);
    const [a, b] = names as [string, string];
    expect(await step()).toEqual([]); // first round: every name seen
    proxy.hide.add(a);
    expect(await step()).toEqual([]); // missing since its last sighting a minute ago: pending
    expect(await step()).toEqual([`firing ${a}`]); // two minutes
    expect(await step()).toEqual([]); // no repeat (4h)
    // A flap of b shorter than the hold.
    proxy.hide.add(b);
    expect(await step()).toEqual([]);
    proxy.hide.delete(b);
    expect(await step()).toEqual([]);
    // The book on disk says a fires; a restart (same book, same memory) sends nothing again.
    const saved = JSON.parse(readFileSync(bookPath(dir, 'default'), 'utf8'));
    const entries = Object.values(saved.books as Record<string, Array<{ condition: { worker: string } }>>).flat();
    expect(entries.map((e) => e.condition.worker)).toEqual([a]);
    await w.stop();
    const again = watcher(dir, {
      seenStores: async (acc) => seen.get(acc) ?? memorySeenStore(),
    });
    again.clock.t = clock.t;
    expect(await again.step()).toEqual([]);
    expect(await again.step()).toEqual([]);
    proxy.hide.delete(a);
    expect(await again.step()).toEqual([]); // clear: hold before resolving
    expect(await again.step()).toEqual([]);
    expect(await again.step()).toEqual([`resolved ${a}`]);
    expect(await again.step()).toEqual([]);
    await again.w.stop();
  });

  it('many workers dropping in one round are one grouped event; ignore globs silence workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const ignored = names[0]!;
    const { w, step } = watcher(dir, {
      watch: watchFromToml({ for: '0s', workers: { ignore: [ignored] } }, 'config.toml'),
    });
    const events: WatchEvent[] = [];
    w.subscribe((round) => events.push(...round.events.filter((e) => e.account === account)));
    await step();
    for (const n of names.slice(0, 5)) proxy.hide.add(n);
    await step();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'firing', kind: 'worker_offline', worker: null, value: 4 });
    expect(events[0]?.workers).toEqual(names.slice(1, 5));
    expect(events[0]?.summary).toContain('4 workers offline');
    for (const n of names.slice(0, 5)) proxy.hide.delete(n);
    await step();
    expect(events.map((e) => `${e.status} ${e.value}`)).toEqual(['firing 4', 'resolved 4']);
    await w.stop();
  });

  it('a name like a shell command is data: it fires and resolves as any other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const evil = '$(touch /tmp/pooltop-pwned) ; rm -rf ~';
    proxy.extra = [evil, '--help'];
    const { w, step } = watcher(dir, { watch: watchFromToml({ for: '0s' }, 'config.toml') });
    await step();
    proxy.extra = [];
    expect((await step()).sort()).toEqual([`firing --help`, `firing ${evil}`].sort());
    await w.stop();
  });

  it('a source that stops answering fires and resolves nothing; it is reported once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const errors: string[] = [];
    const { w, step } = watcher(dir, {
      watch: watchFromToml({ for: '0s' }, 'config.toml'),
      onSourceError: (s) => errors.push(s),
    });
    await step();
    proxy.hide.add(names[1]!);
    expect(await step()).toEqual([`firing ${names[1]}`]);
    proxy.down = true;
    proxy.hide.delete(names[1]!);
    expect(await step()).toEqual([]);
    expect(await step()).toEqual([]);
    expect(errors.filter((e) => e === 'mining/accounts')).toHaveLength(1);
    proxy.down = false;
    expect(await step()).toEqual([`resolved ${names[1]}`]);
    await w.stop();
  });
});

describe('the watcher, thresholds', () => {
  it('judges every mining account, not one chosen: each crossing its threshold fires', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const { w, step } = watcher(dir, {
      thresholds: thresholdsFromToml({ mining: { workers_online: { critical: '1000:' } } }, 'config.toml'),
      watch: watchFromToml({ for: '0s', workers: { offline: false } }, 'config.toml'),
    });
    const events: WatchEvent[] = [];
    w.subscribe((round) => events.push(...round.events));
    await step();
    await step();
    expect(events.map((e) => `${e.account} ${e.metric} ${e.severity}`).sort()).toEqual(
      service.miningAccounts.map((a) => `${a} workers_online critical`).sort(),
    );
    await w.stop();
  });
});

describe('the watcher, drop', () => {
  it('a worker whose newest point falls below the share of its own median fires, once the sweep has read it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-watch-'));
    const { w, step } = watcher(dir, {
      watch: watchFromToml({ for: '0s', workers: { offline: false, drop: '50%' } }, 'config.toml'),
    });
    const events: WatchEvent[] = [];
    w.subscribe((round) => events.push(...round.events.filter((e) => e.account === account)));
    const rig = names[2]!;
    proxy.scale.set(rig, 0.2);
    try {
      await step();
      // The sweep reads every connected worker's series once per 5-minute point, after a round.
      const everyWorker = names.length * service.miningAccounts.length;
      await vi.waitFor(() => expect(w.sweeps).toBeGreaterThanOrEqual(everyWorker), { timeout: 10_000 });
      await step();
      await step();
      // The demo's own workers may be dropping too (their health drifts): read each one's series
      // straight from the service and say which are below half their median.
      const dropping = [rig];
      for (const name of names) {
        if (name === rig) continue;
        const series = await client.mining.workerHashrate({ account, worker: name, interval: '5m', from: T0 / 1000 - 6 * 3600 });
        const rates = series.hashrate.map((p) => p.hashrate).filter((r): r is number => r !== null).sort((x, y) => x - y);
        const last = series.hashrate.at(-1)?.hashrate ?? null;
        const mid = rates.length % 2 ? rates[rates.length >> 1]! : (rates[rates.length / 2 - 1]! + rates[rates.length / 2]!) / 2;
        if (last !== null && mid > 0 && last < 0.5 * mid) dropping.push(name);
      }
      expect(events.map((e) => `${e.status} ${e.kind} ${e.worker}`).sort()).toEqual(
        dropping.map((n) => `firing worker_drop ${n}`).sort(),
      );
      expect(events.find((e) => e.worker === rig)?.summary).toMatch(new RegExp(`worker ${rig} at .*, below 50% of its median`));
    } finally {
      proxy.scale.clear();
      await w.stop();
    }
  });
});

