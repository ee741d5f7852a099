import { useCallback } from 'react';
import type { FoundBlock, HashRatePoint, PoolOverview } from '../../api/types.js';
import { useDashboard } from '../dashboard-context.js';
import { type Seed, seed } from '../data/seed.js';
import { type Resource, useResource } from '../data/use-resource.js';
import { POOL_OVERVIEW_KEY } from '../hooks/resource-keys.js';

export { POOL_OVERVIEW_KEY };

type List<T> = readonly T[] | null | undefined;

function sameSeries(a: List<HashRatePoint>, b: List<HashRatePoint>): boolean {
  if (!a || !b) return a === b;
  return (
    a.length === b.length &&
    a.every((p, i) => p.timestamp === b[i]?.timestamp && p.hashrate === b[i]?.hashrate)
  );
}

function sameBlocks(a: List<FoundBlock>, b: List<FoundBlock>): boolean {
  if (!a || !b) return a === b;
  return (
    a.length === b.length &&
    a.every((x, i) => x.blockHeight === b[i]?.blockHeight && x.blockFoundAt === b[i]?.blockFoundAt)
  );
}

/** Keeps the previous arrays when unchanged, so views can memoise the chart and table by identity. */
function share(prev: PoolOverview | undefined, next: PoolOverview): PoolOverview {
  if (!prev) return next;
  return {
    ...next,
    last7daysHashRate: sameSeries(prev.last7daysHashRate, next.last7daysHashRate)
      ? prev.last7daysHashRate
      : next.last7daysHashRate,
    blocks: sameBlocks(prev.blocks, next.blocks) ? prev.blocks : next.blocks,
  };
}

/**
 * The dashboard's first pool poll, sent before its modules load (cli.ts) so it travels while
 * they do, and handed to the SWR cache as a seed (data/seed.ts).
 */
export function firstPoll(request: Promise<PoolOverview>, now: () => number = Date.now): Seed<PoolOverview> {
  return seed(POOL_OVERVIEW_KEY, request, now);
}

/**
 * The public mining-pool overview, polled every interval while shown; the latest kept while a
 * later poll fails (then it is stale).
 */
export function usePoolOverview(hidden = false): Resource<PoolOverview> {
  const { client, queue } = useDashboard();
  const fetch = useCallback(
    (_key: string, signal: AbortSignal) => client.getMiningPool({ signal }),
    [client],
  );
  return useResource(POOL_OVERVIEW_KEY, fetch, { hidden, share, queue });
}
