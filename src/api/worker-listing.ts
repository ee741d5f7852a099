/**
 * Every connected worker's name of a mining account: `workers/names` from offset 0, pages of
 * 100, until a short page. Only such a listing is complete; one that reaches the API's largest
 * offset with full pages may miss names, so it says so (and may then mark nothing gone). A page
 * that fails throws: a partial listing is never returned as a whole one. Through a request queue
 * the pages after the first go in waves of four at low priority; without one, one at a time.
 */
import type { WorkerListing } from '../config/seen-workers.js';
import type { RequestQueue } from './request-queue.js';
import { LIMIT_MAX, OFFSET_MAX } from './types.js';
import type { ApiClient } from './types.js';

const WAVE = 4;

export async function listWorkerNames(
  client: Pick<ApiClient, 'mining'>,
  account: string,
  opts: { signal?: AbortSignal; queue?: RequestQueue } = {},
): Promise<WorkerListing> {
  const names: string[] = [];
  const { signal, queue } = opts;
  for (let offset = 0; offset <= OFFSET_MAX; ) {
    // The first page alone: most accounts fit in it.
    const wave = queue && offset > 0 ? WAVE : 1;
    const offsets: number[] = [];
    for (let i = 0; i < wave && offset <= OFFSET_MAX; i++, offset += LIMIT_MAX) offsets.push(offset);
    const pages = await Promise.all(
      offsets.map((o) => {
        const ask = () => client.mining.workerNames({ account, offset: o, limit: LIMIT_MAX }, { signal });
        return queue ? queue.run(ask, { priority: 'low', signal }) : ask();
      }),
    );
    for (const page of pages) {
      names.push(...page.items);
      if (page.items.length < LIMIT_MAX) return { complete: true, names };
    }
  }
  return { complete: false, names };
}
