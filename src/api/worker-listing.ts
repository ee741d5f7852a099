/**
 * Every connected worker's name of a mining account: `workers/names` from offset 0, a page of 100
 * at a time, until a short page. Only such a listing is complete; one that reaches the API's
 * largest offset with full pages may miss names, so it says so (and may then mark nothing gone).
 * A page that fails throws: a partial listing is never returned as a whole one.
 */
import type { WorkerListing } from '../config/seen-workers.js';
import type { RequestQueue } from './request-queue.js';
import { LIMIT_MAX, OFFSET_MAX } from './types.js';
import type { ApiClient } from './types.js';

export async function listWorkerNames(
  client: ApiClient,
  account: string,
  opts: { signal?: AbortSignal; queue?: RequestQueue } = {},
): Promise<WorkerListing> {
  const names: string[] = [];
  const { signal, queue } = opts;
  for (let offset = 0; offset <= OFFSET_MAX; offset += LIMIT_MAX) {
    const ask = () => client.mining.workerNames({ account, offset, limit: LIMIT_MAX }, { signal });
    const page = queue ? await queue.run(ask, { priority: 'low', signal }) : await ask();
    names.push(...page.items);
    if (page.items.length < LIMIT_MAX) return { complete: true, names };
  }
  return { complete: false, names };
}
