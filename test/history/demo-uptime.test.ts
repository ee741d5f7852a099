/**
 * Uptime over a 90-day demo window, from a store the watcher back-filled on first sight of the
 * account (the path `pooltop --demo` takes), equals an independent reckoning from the demo's model
 * (`workerUptime`, service/worker-uptime.ts): hourly buckets up to the last day, 5-minute ones in
 * it, as the back-fill reads them (the finest wins). The service's clock is frozen on an hour.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { watchFromToml } from '../../src/alerts/watch-settings.js';
import { createClient } from '../../src/api/client.js';
import { createRequestQueue } from '../../src/api/request-queue.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { type HistoryStore, historyPath, openHistory } from '../../src/history/store.js';
import { createMiningModel, DAY } from '../../src/service/mining-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { workerUptime } from '../../src/service/worker-uptime.js';
import { memoryBookStore } from '../../src/watch/book-store.js';
import { createWatcher } from '../../src/watch/watcher.js';

const T = Date.UTC(2025, 5, 1, 12, 0, 0);
const NOW_S = T / 1000;
const OPTS = { seed: 11, workers: 16, miningAccounts: 1 };

describe('90 days of demo uptime through the back-fill', () => {
  let service: ServiceHandle;
  let client: ReturnType<typeof createClient>;
  let dir = '';
  let store: HistoryStore;
  beforeAll(async () => {
    service = await startService({ port: 0, ...OPTS, now: () => T, nonceNow: Date.now });
    const { apiKey, apiSecret } = service.credentials;
    client = createClient({ baseUrl: service.baseUrl, apiKey, apiSecret, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), 'pooltop-demo-uptime-'));
    const opened = openHistory({ path: historyPath(dir, 'demo') });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    store = opened.store;
  });
  afterAll(async () => {
    store.close();
    await client.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('equals workerUptime from the model, worker by worker', async () => {
    const model = createMiningModel({ seed: OPTS.seed, accounts: 1, workers: OPTS.workers, startMs: T })
      .accounts[0]!;
    // Every name remembered (a worker down now is back-filled only if some listing named it once).
    const names = Array.from({ length: OPTS.workers }, (_, i) => model.fleet.nameOf(i));
    const remembered = {
      workers: names.map((name) => ({ name, firstSeen: NOW_S - 30 * DAY, lastSeen: NOW_S - DAY })),
    };
    const watcher = createWatcher({
      client,
      queue: createRequestQueue({ concurrency: 8, gapMs: 1 }),
      thresholds: NO_THRESHOLDS,
      watch: watchFromToml({}, 'config.toml'),
      intervalS: 60,
      goneAfterS: 600,
      mining: true,
      seenStores: cachedSeenStores(async () => memorySeenStore(remembered)),
      store: memoryBookStore(),
      now: () => T,
      history: () => store,
    });
    await watcher.round();
    const account = service.miningAccounts[0]!;
    await expect.poll(() => store.needsBackfill(account), { timeout: 90_000, interval: 50 }).toBe(false);
    await watcher.stop();

    const from = NOW_S - 90 * DAY;
    const rows = store.uptime({ from, to: NOW_S, accounts: [account] });
    expect(rows).toHaveLength(OPTS.workers);
    let down = 0;
    for (const row of rows) {
      const hourly = workerUptime(model, row.worker, { from, to: NOW_S - DAY, intervalSec: 3600 }, NOW_S);
      const fine = workerUptime(model, row.worker, { from: NOW_S - DAY, to: NOW_S, intervalSec: 300 }, NOW_S);
      expect({ worker: row.worker, upS: row.upS, downS: row.downS }).toEqual({
        worker: row.worker,
        upS: hourly.upS + fine.upS,
        downS: hourly.downS + fine.downS,
      });
      expect(row.filledS).toBe(row.upS + row.downS);
      down += row.downS;
    }
    // The demo's outages are in the window: the comparison is not of all-up workers.
    expect(down).toBeGreaterThan(DAY);
  }, 120_000);
});
