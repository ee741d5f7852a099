/**
 * Every connected worker's name of a mining account: `workers/names` from offset 0, pages of
 * 100, until a short page. Only such a listing is complete; one that reaches the API's largest
 * offset with full pages may miss names, so it says so (and may then mark nothing gone). A page
 * that fails throws: a partial listing is never returned as a whole one. Through a request queue
 * the pages after the first go in waves of four at low priority; without one, one at a time.
 * `listAndRemember` is the one way every reader (the Mining tab, the watcher, the exporter,
 * `mining workers --gone`) lists an account and updates the names it remembers.
 */
import type { SeenStore } from '../config/seen-store.js';
import { type SeenState, updateSeen, type WorkerListing } from '../config/seen-workers.js';
import { readPages } from './page-waves.js';
import type { RequestQueue } from './request-queue.js';
import type { ApiClient } from './types.js';

export async function listWorkerNames(
  client: Pick<ApiClient, 'mining'>,
  account: string,
  opts: { signal?: AbortSignal; queue?: RequestQueue } = {},
): Promise<WorkerListing> {
  const { signal } = opts;
  const { items, complete } = await readPages(
    (offset, limit) => client.mining.workerNames({ account, offset, limit }, { signal }),
    opts,
  );
  return { complete, names: items };
}

export interface RememberedListing {
  listing: WorkerListing;
  /** The remembered workers after the listing (as they were, when it is not complete). */
  seen: SeenState;
  /** When the listing was made, milliseconds. */
  atMs: number;
}

/**
 * The account's whole listing folded into the names `store` remembers (config/seen-workers.ts),
 * written only when complete. The store is read after the listing, so what another reader wrote
 * meanwhile (the Mining tab and the watcher share one memory) is kept.
 */
export async function listAndRemember(
  client: Pick<ApiClient, 'mining'>,
  account: string,
  store: SeenStore,
  opts: { signal?: AbortSignal; queue?: RequestQueue; now: () => number },
): Promise<RememberedListing> {
  const listing = await listWorkerNames(client, account, opts);
  const atMs = opts.now();
  const seen = updateSeen(await store.read(), listing, Math.floor(atMs / 1000));
  if (listing.complete) await store.write(seen);
  return { listing, seen, atMs };
}
