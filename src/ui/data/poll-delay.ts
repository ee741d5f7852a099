/** When a resource is asked for next: every interval, or slower for what changes slowly. */
import { alignedPollDelay } from './swr-options.js';

/** The slowest poll of `slow` resources' floor: once a minute. */
export const SLOW_POLL_MS = 60_000;
/** How long after a bucket closes its point is asked for. */
const BUCKET_MARGIN_MS = 3_000;

/**
 * Milliseconds until a resource's next poll: every interval; once a minute for `slow` ones, and
 * for series of `bucketMs` points also just after the current bucket closes, so a new point
 * shows within seconds rather than up to a minute. Never sooner than the interval allows.
 */
export function pollDelay(intervalMs: number, nowMs: number, slow: boolean, bucketMs?: number): number {
  const aligned = alignedPollDelay(intervalMs, nowMs);
  if (!slow) return aligned;
  const bucketCloses = bucketMs ? bucketMs - (nowMs % bucketMs) + BUCKET_MARGIN_MS : SLOW_POLL_MS;
  return Math.max(aligned, Math.min(SLOW_POLL_MS, bucketCloses));
}
