/**
 * Every connected worker's name of a mining account: `workers/names` from offset 0, pages of
 * 100, until a short page. Only such a listing is complete; one that reaches the API's largest
 * offset with full pages may miss names, so it says so (and may then mark nothing gone). A page
 * that fails throws: a partial listing is never returned as a whole one. Through a request queue
 * the pages after the first go in waves of four at low priority; without one, one at a time.
 */
import type { WorkerListing } from '../config/seen-workers.js';
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
