/**
 * A demo worker's presence straight from the model, without the HTTP layer: whether it is up at
 * a second, and its up and down time over a window as its own series shows it (a bucket whose
 * point is zero is down for the whole bucket, any other is up). This is the independent
 * reckoning a history store's uptime, back-filled from `workers/hashrate`, is compared with.
 */
import { type MiningAccountModel, workerBucket } from './mining-model.js';

export interface Uptime {
  upS: number;
  downS: number;
}

/** Up: connected (online or low), so listed by `workers/names`; an unknown name is never up. */
export function workerUpAt(account: MiningAccountModel, worker: string, sec: number): boolean {
  const i = account.fleet.indexOf(worker);
  return i !== undefined && account.fleet.stateAt(i, sec) !== 'offline';
}

/**
 * Up and down seconds of `worker` over [from, to) at `intervalSec` (300, 3600 or 86,400): every
 * bucket that starts at or after `from` and is complete by both `to` and `nowSec`, as the series
 * has them (none before the account's creation); no page limit. An unknown name has none.
 */
export function workerUptime(
  account: MiningAccountModel,
  worker: string,
  window: { from: number; to: number; intervalSec: number },
  nowSec: number,
): Uptime {
  const i = account.fleet.indexOf(worker);
  const out: Uptime = { upS: 0, downS: 0 };
  if (i === undefined) return out;
  const step = window.intervalSec;
  const first = Math.ceil(Math.max(window.from, account.createdAt - step) / step) * step;
  const end = Math.min(window.to, nowSec);
  for (let start = first; start + step <= end; start += step) {
    if (Number(workerBucket(account.fleet, i, start, step)) === 0) out.downS += step;
    else out.upS += step;
  }
  return out;
}
