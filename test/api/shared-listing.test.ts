/**
 * The Mining tab and the watcher list an account through one function (listAndRemember) and one
 * set of shared reads: when the worker counts change both list again, and the watcher's listing
 * joins the tab's pages in flight. Counted at a proxy in front of the embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createClient } from '../../src/api/client.js';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { shareReads } from '../../src/api/shared-reads.js';
import { listAndRemember } from '../../src/api/worker-listing.js';
import { memorySeenStore } from '../../src/config/seen-store.js';
import type { ServiceHandle } from '../../src/service/server.js';
import type { NamesProxy } from '../support/names-proxy.js';
import { startProxiedService } from '../support/proxied-service.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
let service: ServiceHandle;
let proxy: NamesProxy;
let client: ReturnType<typeof createClient>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ service, proxy, client, close } = await startProxiedService(T0, { seed: 3, workers: 450, miningAccounts: 1 }));
});
afterAll(() => close());

const pages = () => proxy.byPath.get(MINING_PATHS.workerNames) ?? 0;

describe('one listing for the Mining tab and the watcher', () => {
  it('the watcher joins the tab’s listing in flight: each page is asked once, and both remember the same names', async () => {
    const account = service.miningAccounts[0]!;
    const now = () => T0;
    const alone = pages();
    const once = await listAndRemember(client, account, memorySeenStore(), { now });
    const perListing = pages() - alone;
    expect(perListing).toBeGreaterThanOrEqual(4);

    // Each through its own client: twice the pages.
    let before = pages();
    await Promise.all([
      listAndRemember(client, account, memorySeenStore(), { now }),
      listAndRemember(client, account, memorySeenStore(), { now }),
    ]);
    expect(pages() - before).toBe(2 * perListing);

    // Through the dashboard's shared reads: the tab asks (age 0), the watcher accepts its interval.
    const shared = shareReads(client, now);
    const store = memorySeenStore();
    before = pages();
    const [tab, watcher] = await Promise.all([
      listAndRemember(shared.client(0), account, store, { now }),
      listAndRemember(shared.client(61_000), account, store, { now }),
    ]);
    expect(pages() - before).toBe(perListing);
    expect(watcher.listing.names).toEqual(tab.listing.names);
    expect(tab.listing.names).toEqual(once.listing.names);
    expect(tab.listing.complete && watcher.listing.complete).toBe(true);

    // The watcher first: a view's read always goes out, so nothing is saved.
    before = pages();
    await Promise.all([
      listAndRemember(shared.client(61_000), account, memorySeenStore(), { now }),
      listAndRemember(shared.client(0), account, memorySeenStore(), { now }),
    ]);
    expect(pages() - before).toBe(2 * perListing);
  });
});
