/**
 * A listing read page by page from offset 0, pages of 100, until a short page or the API's reach
 * (offset 10,000). Through a request queue the pages after the first go in waves of four at low
 * priority; without one, one at a time. A page that fails throws: what was read is never handed
 * on as a whole listing.
 */
import type { RequestQueue } from './request-queue.js';
import { LIMIT_MAX, OFFSET_MAX } from './types.js';

const WAVE = 4;

export interface PagedRead<T> {
  items: T[];
  /** A short page ended the listing (false: the reach ended it with full pages). */
  complete: boolean;
}

export async function readPages<T>(
  ask: (offset: number, limit: number) => Promise<{ items: T[] }>,
  opts: { signal?: AbortSignal; queue?: RequestQueue; onPage?: (items: number) => void } = {},
): Promise<PagedRead<T>> {
  const { signal, queue } = opts;
  const items: T[] = [];
  for (let offset = 0; offset <= OFFSET_MAX; ) {
    // The first page alone: most listings fit in it.
    const wave = queue && offset > 0 ? WAVE : 1;
    const offsets: number[] = [];
    for (let i = 0; i < wave && offset <= OFFSET_MAX; i++, offset += LIMIT_MAX) offsets.push(offset);
    const pages = await Promise.all(
      offsets.map((o) =>
        queue ? queue.run(() => ask(o, LIMIT_MAX), { priority: 'low', signal }) : ask(o, LIMIT_MAX),
      ),
    );
    for (const page of pages) {
      items.push(...page.items);
      opts.onPage?.(items.length);
      if (page.items.length < LIMIT_MAX) return { items, complete: true };
    }
  }
  return { items, complete: false };
}
