/**
 * The exporter's whitebit_mining_workers_gone against the embedded service over real HTTP, the
 * service's clock moved by the test in 5-minute steps (no sleeps): a worker missing from a
 * complete listing counts once it has been missing longer than --gone-after; a listing with a
 * failed page changes nothing; a worker whose name comes back no longer counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_THRESHOLDS } from '../../src/alerts/thresholds.js';
import { createClient } from '../../src/api/client.js';
import type { MiningApi } from '../../src/api/mining-types.js';
import type { ApiClient } from '../../src/api/types.js';
import { cachedSeenStores, memorySeenStore } from '../../src/config/seen-store.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { createExposition } from '../../src/exporter/exposition.js';
import { miningTargets } from '../../src/exporter/mining-targets.js';
import { createPoller } from '../../src/exporter/poller.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { sample } from '../support/exporter-process.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const STEP = 5 * 60_000;
const clock = { t: T0 };
let service: ServiceHandle;
let client: ApiClient;
let account: string;

beforeAll(async () => {
  service = await startService({ port: 0, seed: 21, workers: 250, now: () => clock.t, nonceNow: Date.now });
  client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
    retries: 0,
  });
  account = service.miningAccounts[0] as string;
});
afterAll(async () => {
  await client.close();
  await service.close();
});

/** The listing at the service's clock now, read independently of the exporter. */
async function listed(): Promise<Set<string>> {
  const out = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await client.mining.workerNames({ account, offset, limit: 100 });
    for (const n of page.items) out.add(n);
    if (page.items.length < 100) return out;
  }
}

describe('exporter: whitebit_mining_workers_gone', () => {
  it('counts workers missing from a complete listing, ignores a failed one, forgets the ones back', async () => {
    const fail = { offset: -1 };
    // The real client's Mining API, one page of the names failing while the test says so.
    const mining: MiningApi = {
      ...client.mining,
      workerNames: (q, o) =>
        q.offset === fail.offset
          ? Promise.reject(new PooltopError('http', 'HTTP 500', { status: 500 }))
          : client.mining.workerNames(q, o),
    };
    const exposition = createExposition({
      endpoints: ['mining_accounts'],
      thresholds: NO_THRESHOLDS,
      processMetrics: false,
      now: () => clock.t,
    });
    const target = miningTargets(mining, exposition, () => clock.t, {
      stores: cachedSeenStores(async () => memorySeenStore()),
      afterS: 0,
    });
    const poller = createPoller([target], {
      record: (endpoint, outcome, acc) => exposition.recordPoll(endpoint, outcome, acc),
    });
    const gauge = async () =>
      sample(await exposition.text(), `whitebit_mining_workers_gone{account="${account}"}`);
    const up = async () =>
      sample(await exposition.text(), `pooltop_up{endpoint="mining_workers",account="${account}"}`);

    // What the exporter should remember: every name of a listing it made, minus the ones listed now.
    const ever = new Set<string>();
    const expectGone = (now: Set<string>) => [...ever].filter((n) => !now.has(n)).length;

    await poller.pollAll();
    for (const n of await listed()) ever.add(n);
    expect(await gauge()).toBe(0);

    // Until a worker leaves: the counts change, the names are listed again, it counts.
    let now = await listed();
    for (let i = 0; i < 200 && expectGone(now) === 0; i++) {
      clock.t += STEP;
      now = await listed();
      await poller.pollAll();
      if (expectGone(now) === 0) for (const n of now) ever.add(n);
    }
    expect(expectGone(now)).toBeGreaterThan(0);
    expect(await gauge()).toBe(expectGone(now));
    for (const n of now) ever.add(n);
    const goneNow = await gauge();

    // A listing whose second page fails: nothing changes, and the endpoint says it failed.
    fail.offset = 100;
    const before = new Set(now);
    for (let i = 0; i < 200 && [...before].every((n) => now.has(n)) && now.size === before.size; i++) {
      clock.t += STEP;
      now = await listed();
      await poller.pollAll();
    }
    expect(await up()).toBe(0);
    expect(await gauge()).toBe(goneNow);

    // The page answers again: the next poll (the counts still differ from the last listing's) lists.
    fail.offset = -1;
    await poller.pollAll();
    expect(await up()).toBe(1);
    expect(await gauge()).toBe(expectGone(now));
    for (const n of now) ever.add(n);

    // A gone name comes back: it no longer counts.
    const away = [...ever].filter((n) => !now.has(n));
    for (let i = 0; i < 400 && away.every((n) => !now.has(n)); i++) {
      clock.t += STEP;
      now = await listed();
      await poller.pollAll();
      for (const n of now) ever.add(n);
    }
    expect(away.some((n) => now.has(n))).toBe(true);
    expect(await gauge()).toBe(expectGone(now));
    poller.stop();
  }, 120_000);
});

describe('exporter: whitebit_mining_worker_up', () => {
  it('is 1 for every worker listed now and 0 for every one remembered and missing, each poll; off with perWorker false', async () => {
    const at = { t: T0 + 40 * 24 * 3600_000 };
    clock.t = at.t;
    const make = (perWorker: boolean) => {
      const exposition = createExposition({ endpoints: ['mining_accounts'], thresholds: NO_THRESHOLDS, processMetrics: false, now: () => clock.t });
      const target = miningTargets(client.mining, exposition, () => clock.t, {
        stores: cachedSeenStores(async () => memorySeenStore()),
        afterS: 600,
        perWorker,
      });
      return { exposition, poller: createPoller([target], { record: () => undefined }) };
    };
    const { exposition, poller } = make(true);
    const ups = async () => {
      const out = new Map<string, number>();
      const re = new RegExp(`^whitebit_mining_worker_up\\{account="${account}",worker="([^"]+)"\\} (\\d)$`, 'gm');
      for (const m of (await exposition.text()).matchAll(re)) out.set(m[1]!, Number(m[2]));
      return out;
    };
    const ever = new Set<string>();
    let changed = 0;
    for (let i = 0; i < 24; i++) {
      await poller.pollAll();
      const now = await listed();
      for (const n of now) ever.add(n);
      const got = await ups();
      expect([...got.keys()].sort()).toEqual([...ever].sort());
      for (const [name, v] of got) expect(v, name).toBe(now.has(name) ? 1 : 0);
      if ([...got.values()].includes(0)) changed++;
      clock.t += STEP;
    }
    expect(changed).toBeGreaterThan(0); // some worker was seen missing: the test saw both values
    poller.stop();

    const off = make(false);
    await off.poller.pollAll();
    const text = await off.exposition.text();
    expect(text).not.toContain('whitebit_mining_worker_up');
    expect(text).toContain('whitebit_mining_workers_gone');
    off.poller.stop();
    clock.t = T0;
  });
});
