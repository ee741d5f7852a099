/**
 * The dashboard's first pool poll, sent before Ink draws anything: by cli.ts before the
 * dashboard's modules even load, else by run-dashboard.tsx. Drawn first, a "loading" frame costs
 * a whole cold render, and the request waits behind it; sent first, the request is answered
 * while the dashboard starts, and — when the answer comes within FIRST_DATA_WAIT_MS — the first
 * frame already shows the pool. A slower answer never holds the screen back longer than that:
 * the loading frame is drawn, and SWR's first fetch of the pool takes over the request in
 * flight instead of sending another.
 */
import type { ApiClient, PoolOverview } from '../api/types.js';
import { firstPoolSnapshot, POOL_OVERVIEW_KEY } from './hooks/use-pool-overview.js';

/** Longest wait for the first poll before the first frame is drawn without it. */
export const FIRST_DATA_WAIT_MS = 100;

export interface FirstPoll {
  /** The client for the dashboard. */
  client: ApiClient;
  /** SWR data to start with (the pool overview, when it arrived in time). */
  initialData?: Readonly<Record<string, unknown>>;
}

/**
 * Waits up to `waitMs` for the first poll (`request`, a getMiningPool() call already made on
 * `client`) and tells the dashboard how to start. Never rejects: a failed first poll is handed
 * to SWR like a slow one, and reported there.
 */
export async function startFirstPoll(
  client: ApiClient,
  request: Promise<PoolOverview>,
  { waitMs = FIRST_DATA_WAIT_MS, now = Date.now }: { waitMs?: number; now?: () => number } = {},
): Promise<FirstPoll> {
  let arrived: PoolOverview | undefined;
  let fetchedAt = 0;
  const answered = request.then(
    (overview) => {
      arrived = overview;
      fetchedAt = now();
    },
    () => {}, // handed to SWR below, which reports it
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([answered, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  if (arrived) return { client, initialData: { [POOL_OVERVIEW_KEY]: firstPoolSnapshot(arrived, fetchedAt) } };
  return { client: answeringFirstPoll(client, request) };
}

/** `client`, except that its first getMiningPool() returns `first` instead of a new request. */
function answeringFirstPoll(client: ApiClient, first: Promise<PoolOverview>): ApiClient {
  let pending: Promise<PoolOverview> | undefined = first;
  return {
    baseUrl: client.baseUrl,
    getMiningPool(opts) {
      const answer = pending ?? client.getMiningPool(opts);
      pending = undefined;
      return answer;
    },
    listSubAccounts: (query, opts) => client.listSubAccounts(query, opts),
    refreshToken: (params, opts) => client.refreshToken(params, opts),
    mining: client.mining,
    close: () => client.close(),
  };
}
