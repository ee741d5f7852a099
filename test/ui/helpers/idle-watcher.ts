/**
 * The queue and watcher a hand-built dashboard context carries: a watcher that watches nothing
 * (no thresholds, no key), never started, for tests that mount one view without the App.
 */
import { NO_THRESHOLDS } from '../../../src/alerts/thresholds.js';
import { DEFAULT_WATCH } from '../../../src/alerts/watch-settings.js';
import { createRequestQueue } from '../../../src/api/request-queue.js';
import type { ApiClient } from '../../../src/api/types.js';
import { cachedSeenStores, memorySeenStore } from '../../../src/config/seen-store.js';
import { createWatcher } from '../../../src/watch/watcher.js';

export function idleWatcher(client: ApiClient) {
  const queue = createRequestQueue();
  const watcher = createWatcher({
    client,
    queue,
    thresholds: NO_THRESHOLDS,
    watch: DEFAULT_WATCH,
    intervalS: 3600,
    goneAfterS: 600,
    mining: false,
    seenStores: cachedSeenStores(async () => memorySeenStore()),
  });
  return { queue, watcher };
}
