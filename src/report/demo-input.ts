/**
 * The demo's history for a window, as the history store would hold it for the embedded
 * service's accounts (service/mining-model.ts, the same seed and sizes as `--demo`): what a
 * `watch` polling every two minutes would have recorded, and before it what the back-fill of the
 * pool's hourly per-worker series would have filled in.
 *
 * - The first two days of the window are filled from the series: an hourly bucket of zero is
 *   down, any other up.
 * - From then on each worker is looked at every WATCH_STEP_S seconds: present unless the model
 *   has it offline. A down span runs from the first look that finds it missing to the first
 *   that finds it back, with those two looks as its evidence.
 * - One afternoon (the 17th, 09:00–15:30) nothing was watching: not watched.
 * Rewards, hash rates and watcher links are the service's own.
 */
import type { MiningAccountModel, MiningModel } from '../service/mining-model.js';
import { rewardsPage } from '../service/mining-rewards.js';
import type { TermsTable } from './terms.js';
import type { AccountHistory, PresenceSpan, RateSeries, StatementWindow, WorkerHistory } from './types.js';

export const WATCH_STEP_S = 120;
const HOUR = 3600;
const DAY = 86_400;
export const FILLED_DAYS = 2;
/** The afternoon nothing was watching: day 17 of the window, 09:00 to 15:30 UTC. */
export const UNWATCHED = { day: 16, from: 9 * HOUR, to: 15.5 * HOUR } as const;

/**
 * The demo's contract terms: one account held to an SLA it misses, one to one it meets. The
 * model's accounts run near 89–90 % by worker-hours (its site of six workers is away 6 minutes
 * in 20, and a few workers go away for hours), so 95 % is missed and 85 % met.
 */
export function demoTerms(model: MiningModel): TermsTable {
  const [first, second, third] = model.accounts;
  const accounts: Record<string, TermsTable['defaults']> = {};
  if (first) {
    accounts[first.name] = { sla: '95', monthlyFee: '1200', currency: 'USDT', contractedHashrate: 4.2e15 };
  }
  if (second) {
    accounts[second.name] = { sla: '85', monthlyFee: '850', currency: 'USDT', contractedHashrate: 3.5e15 };
  }
  if (third) {
    accounts[third.name] = {
      sla: '95',
      monthlyFee: '2400.50',
      currency: 'USDT',
      creditRule: 'tiered',
      creditTiers: [
        { below: '99', credit: '5' },
        { below: '95', credit: '10' },
        { below: '90', credit: '25' },
      ],
    };
  }
  return { defaults: { outageThreshold: 1800 }, accounts };
}

function hourly(from: number, to: number, rateOf: (start: number) => number): RateSeries {
  const start = Math.floor(from / HOUR) * HOUR;
  const count = Math.max(0, Math.ceil((to - start) / HOUR));
  const rates = new Float64Array(count);
  for (let i = 0; i < count; i++) rates[i] = rateOf(start + i * HOUR);
  return { start, step: HOUR, rates };
}

function workerSpans(
  account: MiningAccountModel,
  index: number,
  window: StatementWindow,
  nowSec: number,
): PresenceSpan[] {
  const { fleet } = account;
  const end = Math.min(window.to, nowSec);
  const spans: PresenceSpan[] = [];
  const push = (span: PresenceSpan) => {
    const last = spans.at(-1);
    if (
      last &&
      last.state === span.state &&
      last.filled === span.filled &&
      last.end === span.start &&
      span.state !== 'down'
    ) {
      last.end = span.end;
    } else {
      spans.push(span);
    }
  };
  const watchFrom = Math.min(end, window.from + FILLED_DAYS * DAY);
  for (let t = window.from; t < watchFrom; t += HOUR) {
    const rate = fleet.averageRate(index, t, HOUR);
    const stop = Math.min(t + HOUR, watchFrom);
    if (rate > 0) push({ state: 'up', start: t, end: stop, filled: true });
    else {
      const last = spans.at(-1);
      if (last?.state === 'down' && last.end === t) last.end = stop;
      else push({ state: 'down', start: t, end: stop, filled: true, lastPresentAt: null, firstMissingAt: t });
    }
  }
  const gapFrom = window.from + UNWATCHED.day * DAY + UNWATCHED.from;
  const gapTo = window.from + UNWATCHED.day * DAY + UNWATCHED.to;
  let down: PresenceSpan | undefined;
  let upFrom = watchFrom;
  let lastLook = Number.NaN;
  const close = (at: number) => {
    if (down) {
      down.end = at;
      spans.push(down);
      down = undefined;
    } else if (at > upFrom) push({ state: 'up', start: upFrom, end: at, filled: false });
  };
  for (let t = watchFrom; t < end; t += WATCH_STEP_S) {
    if (t >= gapFrom && t < gapTo) {
      close(gapFrom);
      push({ state: 'unwatched', start: gapFrom, end: gapTo, filled: false });
      t = gapTo - WATCH_STEP_S;
      upFrom = gapTo;
      lastLook = Number.NaN;
      continue;
    }
    const present = fleet.stateAt(index, t) !== 'offline';
    if (!present && !down) {
      if (t > upFrom) push({ state: 'up', start: upFrom, end: t, filled: false });
      down = {
        state: 'down',
        start: t,
        end: t,
        filled: false,
        lastPresentAt: Number.isNaN(lastLook) ? null : lastLook,
        firstMissingAt: t,
      };
    } else if (present && down) {
      close(t);
      upFrom = t;
    }
    if (present) lastLook = t;
  }
  close(end);
  return spans;
}

/** One account's history over the window, as the store would answer it at `nowSec`. */
export function demoAccountHistory(
  model: MiningModel,
  account: MiningAccountModel,
  window: StatementWindow,
  nowSec: number,
): AccountHistory {
  const end = Math.min(window.to, nowSec);
  const workers: WorkerHistory[] = [];
  for (let i = 0; i < account.fleet.size; i++) {
    workers.push({
      name: account.fleet.nameOf(i),
      spans: workerSpans(account, i, window, nowSec),
      hashrate: hourly(window.from, end, (t) => account.fleet.averageRate(i, t, HOUR)),
    });
  }
  const rewards = rewardsPage(
    [account],
    { from: window.from, to: window.to - 1, limit: 100, offset: 0 },
    nowSec,
  );
  return {
    account: account.name,
    workers,
    hashrate: hourly(window.from, end, (t) => account.averageRate(t, HOUR)),
    rewards: rewards.map((r) => ({
      date: new Date(r.date * 1000).toISOString().slice(0, 10),
      currency: r.rewardCurrency,
      total: r.totalReward,
      fee: r.fee,
      reward: r.reward,
      hashRate: Number(r.hashRate),
      status: r.status,
    })),
    links: model.links(account.name, nowSec).map((l) => ({
      name: l.name,
      link: l.link,
      permissions: l.permissions,
      liveUntil: l.liveUntil,
    })),
  };
}

/** Every named account (all of them when `names` is empty), one at a time. */
export function* demoHistory(
  model: MiningModel,
  names: readonly string[],
  window: StatementWindow,
  nowSec: number,
): Generator<AccountHistory> {
  const chosen =
    names.length === 0 ? model.accounts : names.map((n) => model.find(n)).filter((a) => a !== undefined);
  for (const account of chosen) yield demoAccountHistory(model, account, window, nowSec);
}
