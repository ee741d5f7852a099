/**
 * Every reward of a window: `rewards` pages of 100 from offset 0, newest first, until a short
 * page. The API reads no further than offset 10,000, so a window with more rows is read in
 * windows: once the reach is used up, the rows of the oldest day read so far are dropped (that
 * day may go on past the reach) and the window starts again at that day, `to` = its date. A page
 * that fails throws: a partial listing is never returned as a whole one. Through a request
 * queue the pages after a window's first go in waves of four; without one, one at a time.
 */
import type { MiningReward, MiningWindow } from './mining-types.js';
import { readPages } from './page-waves.js';
import type { RequestQueue } from './request-queue.js';
import { type ApiClient, LIMIT_MAX, OFFSET_MAX } from './types.js';
import { PooltopError } from '../errors/pooltop-error.js';

export interface RewardsListingQuery extends MiningWindow {
  /** One account; every account of the key when left out. */
  account?: string;
}

export interface RewardsListingOptions {
  signal?: AbortSignal;
  queue?: RequestQueue;
  /** After each page, the rows read so far (progress for a long read). */
  onPage?: (rows: number) => void;
}

export async function listRewards(
  client: Pick<ApiClient, 'mining'>,
  query: RewardsListingQuery,
  opts: RewardsListingOptions = {},
): Promise<MiningReward[]> {
  const out: MiningReward[] = [];
  let to = query.to;
  for (;;) {
    const before = out.length;
    const { items: rows, complete } = await readPages(
      (offset, limit) => client.mining.rewards({ ...query, to, offset, limit }, { signal: opts.signal }),
      { ...opts, onPage: (n) => opts.onPage?.(before + n) },
    );
    if (complete) return out.concat(rows);
    // The reach is used up: keep the days before the oldest one, read again from that day.
    const oldest = rows.at(-1)?.date ?? null;
    const kept = rows.filter((r) => r.date !== oldest);
    // Each window must end on an older day than the one before, or no window would end the listing
    // (a server that ignores `to` or `offset` too).
    if (oldest === null || kept.length === 0 || (to !== undefined && oldest >= to)) {
      throw new PooltopError(
        'api',
        `rewards past the API's reach (offset ${OFFSET_MAX}) that a narrower window does not reach: more than ${OFFSET_MAX + LIMIT_MAX} on one day, or a server that ignores 'to'`,
      );
    }
    out.push(...kept);
    to = oldest;
  }
}
