/**
 * The status of a value on screen, as the dashboard's watcher judged it in its last round: one
 * path for every tab (the Pool headline, a mining account's headline, the fleet table). Views
 * never judge thresholds themselves. The statuses change only when one of them does, so a round
 * that changes nothing, and the clock's tick, re-render no view.
 */
import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { Status } from '../../alerts/evaluate.js';
import type { Scope } from '../../alerts/metrics.js';
import { type AlertStatuses, EMPTY_FEED } from './alert-feed.js';
import { alertId } from './alert-state.js';
import { AlertFeedContext } from './use-alerts.js';

const noop = () => () => undefined;
const none = (): AlertStatuses => EMPTY_FEED.statuses;

/** Every judged threshold's status by alert id. */
export function useAlertStatuses(): AlertStatuses {
  const feed = useContext(AlertFeedContext);
  const get = useCallback(() => feed?.get().statuses ?? EMPTY_FEED.statuses, [feed]);
  return useSyncExternalStore(feed?.subscribe ?? noop, feed ? get : none);
}

/**
 * The status of one value (undefined: no thresholds on it, or not judged yet). UNKNOWN (no value
 * to judge) and OK are statuses too; views show words for WARNING and CRITICAL only.
 */
export function useAlertStatus(): (scope: Scope, key: string, account?: string) => Status | undefined {
  const statuses = useAlertStatuses();
  return useCallback(
    (scope: Scope, key: string, account?: string) => statuses.get(alertId(scope, key, account)),
    [statuses],
  );
}
