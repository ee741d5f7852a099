/**
 * The offline hold counts from evidence: from the first round that finds a worker missing after
 * evidence that it was there (a listing naming it, or a round whose counts still matched that
 * listing), never from the age of the last listing. Real HTTP against the embedded service; the
 * watcher's clock (and, for the demo's flapping worker, the service's) is the test's, moved a
 * round at a time; rounds are awaited, never slept for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { watchFromToml } from '../../src/alerts/watch-settings.js';
import { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { createMiningModel } from '../../src/service/mining-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { memoryBookStore } from '../../src/watch/book-store.js';
import type { WatchEvent } from '../../src/watch/event.js';
import { createWatcher, type WatcherOptions } from '../../src/watch/watcher.js';
import type { NamesProxy } from '../support/names-proxy.js';
import { startProxiedService } from '../support/proxied-service.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);

function watcherOn(
  client: ReturnType<typeof createClient>,
  clock: { t: number },
  over: Partial<WatcherOptions>,
) {
  return createWatcher({
    client,
    queue: createRequestQueue(),
    thresholds: NO_THRESHOLDS,
    watch: watchFromToml({}, 'config.toml'),
    intervalS: 1,
    goneAfterS: 600,
    mining: true,
    seenStores: cachedSeenStores(async () => memorySeenStore()),
    store: memoryBookStore(),
    now: () => clock.t,
    ...over,
  });
}

describe('the offline hold, counts read every second, the last listing 8 s old', () => {
  let service: ServiceHandle;
  let proxy: NamesProxy;
  let client: ReturnType<typeof createClient>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ service, proxy, client, close } = await startProxiedService(T0, { seed: 5, workers: 12, miningAccounts: 1 }));
  });
  afterAll(() => close());

  it('does not fire before 4 s after the round that first found the worker missing', async () => {
    const clock = { t: T0 };
    const w = watcherOn(client, clock, { watch: watchFromToml({ for: '4s' }, 'config.toml') });
    const account = service.miningAccounts[0]!;
    const names = (await client.mining.workerNames({ account, limit: 100 })).items;
    const rig = names[1]!;
    const offline: WatchEvent[] = [];
    const at: number[] = [];
    w.subscribe((round) => {
      for (const e of round.events) {
        if (e.kind !== 'worker_offline') continue;
        offline.push(e);
        at.push(clock.t);
      }
    });
    await w.round(); // the listing, at T0
    for (let s = 1; s <= 8; s++) {
      clock.t = T0 + s * 1000;
      await w.round(); // counts unchanged: no listing, but evidence the rig is there
    }
    proxy.hide.add(rig); // it drops just after the round at 8 s
    const seenMissingMs = T0 + 9000;
    for (let s = 9; s <= 16; s++) {
      clock.t = T0 + s * 1000;
      await w.round();
      if (s === 9) expect(w.snapshot().conditions.map((c) => c.worker)).toEqual([rig]);
    }
    proxy.hide.delete(rig);
    await w.stop();
    expect(offline.map((e) => `${e.status} ${e.worker}`)).toEqual([`firing ${rig}`]);
    expect(at[0]).toBe(seenMissingMs + 4000);
    expect(offline[0]).toMatchObject({
      startsAt: new Date(seenMissingMs).toISOString(),
      firstMissingAt: seenMissingMs / 1000,
      lastPresentAt: T0 / 1000 + 8,
      known: 'counts',
    });
  });

  it('a worker already missing when the run starts is held from this run’s first listing that finds it missing', async () => {
    const clock = { t: T0 };
    const account = service.miningAccounts[0]!;
    const names = (await client.mining.workerNames({ account, limit: 100 })).items;
    const rig = names[2]!;
    // Remembered from a run an hour ago; a saved book (not a first sight), with nothing pending.
    const old = { workers: names.map((name) => ({ name, firstSeen: T0 / 1000 - 7200, lastSeen: T0 / 1000 - 3600 })) };
    const w = watcherOn(client, clock, {
      watch: watchFromToml({ for: '4s' }, 'config.toml'),
      seenStores: cachedSeenStores(async () => memorySeenStore(old)),
      store: memoryBookStore([]),
    });
    proxy.hide.add(rig);
    const fired: string[] = [];
    let first: WatchEvent | undefined;
    for (let s = 0; s <= 5; s++) {
      clock.t = T0 + s * 1000;
      const round = await w.round();
      for (const e of round.events) {
        fired.push(`${s} ${e.status} ${e.worker}`);
        first ??= e;
      }
    }
    proxy.hide.delete(rig);
    await w.stop();
    expect(fired).toEqual([`4 firing ${rig}`]);
    expect(first).toMatchObject({ firstMissingAt: T0 / 1000, lastPresentAt: T0 / 1000 - 3600, known: 'listing' });
  });
});

describe('the demo at its scale: interval 20s, for 1m, a worker away 45 s every 4 minutes', () => {
  it('the flapping worker is seen missing and sends no FIRING/RESOLVED pair', async () => {
    const clock = { t: T0 };
    const opts = { seed: 7, workers: 12, miningAccounts: 1 };
    const service = await startService({ port: 0, ...opts, now: () => clock.t, nonceNow: Date.now });
    const { apiKey, apiSecret } = service.credentials;
    const client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
    try {
      // The service's model, made again the way it makes it, names the flapping worker.
      const model = createMiningModel({ seed: opts.seed, accounts: 1, workers: opts.workers, startMs: T0 });
      const fleet = model.accounts[0]!.fleet;
      expect(fleet.flapper).toBeGreaterThanOrEqual(0);
      const flapper = fleet.nameOf(fleet.flapper);
      const w = watcherOn(client, clock, {
        intervalS: 20,
        watch: watchFromToml({ for: '1m' }, 'config.toml'),
      });
      const events: string[] = [];
      let seenMissing = 0;
      // 32 minutes: eight flaps.
      for (let s = 0; s <= 1920; s += 20) {
        clock.t = T0 + s * 1000;
        const round = await w.round();
        for (const e of round.alerts) if (e.worker === flapper) events.push(`${e.status} at ${s}s`);
        if (w.snapshot().conditions.some((c) => c.worker === flapper)) seenMissing++;
      }
      await w.stop();
      expect(seenMissing).toBeGreaterThanOrEqual(8); // found missing in every flap: the test saw them
      expect(events).toEqual([]);
    } finally {
      await client.close();
      await service.close();
    }
  });
});
