/**
 * The alert feed a view reads its WARN/CRIT from, for a view mounted alone: the dashboard's own
 * watcher and feed over the view's fake API (`watcherFeed`, as app.tsx makes them), or a feed
 * whose judgement the test sets (`scriptedFeed`).
 */
import type { Status } from '../../../src/alerts/evaluate.js';
import type { ThresholdSet } from '../../../src/alerts/thresholds.js';
import { DEFAULT_WATCH } from '../../../src/alerts/watch-settings.js';
import { createRequestQueue } from '../../../src/api/request-queue.js';
import type { ApiClient } from '../../../src/api/types.js';
import { cachedSeenStores, memorySeenStore } from '../../../src/config/seen-store.js';
import { GONE_AFTER_DEFAULT_S } from '../../../src/config/seen-workers.js';
import { DEFAULT_TERMINAL } from '../../../src/terminal/capabilities.js';
import {
  type AlertFeed,
  type AlertFeedState,
  createAlertFeed,
  EMPTY_FEED,
} from '../../../src/ui/alerts/alert-feed.js';
import { chartSeriesQuery } from '../../../src/ui/mining/mining-data.js';
import { createWatcher } from '../../../src/watch/watcher.js';

/** A watcher judging `thresholds` every `intervalS` over `client`, started; `stop` ends it. */
export function watcherFeed(
  client: ApiClient,
  thresholds: ThresholdSet,
  intervalS: number,
  now: () => number,
) {
  const queue = createRequestQueue();
  const watcher = createWatcher({
    client,
    queue,
    thresholds,
    // Thresholds only: no worker listings asked besides the view's.
    watch: { ...DEFAULT_WATCH, workers: { ...DEFAULT_WATCH.workers, offline: false } },
    intervalS,
    goneAfterS: GONE_AFTER_DEFAULT_S,
    mining: true,
    seenStores: cachedSeenStores(async () => memorySeenStore()),
    now,
    seriesQuery: (account, nowS) => chartSeriesQuery(account, '5m', nowS),
  });
  const feed = createAlertFeed(watcher, DEFAULT_TERMINAL, now);
  watcher.start();
  const stop = () => {
    feed.close();
    void watcher.stop();
    queue.close();
  };
  return { feed, watcher, stop };
}

/** A feed whose statuses (by alert id, `mining:ACCOUNT:KEY`) the test sets with `judge`. */
export function scriptedFeed() {
  let state: AlertFeedState = EMPTY_FEED;
  const listeners = new Set<() => void>();
  const feed: AlertFeed = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
  const judge = (statuses: Record<string, Status>) => {
    state = { ...state, statuses: new Map(Object.entries(statuses)) };
    for (const l of listeners) l();
  };
  return { feed, judge };
}
