/**
 * Reading the eight Mining Pool answers into the normalised models of mining-types.ts, under the
 * lenient policy of lenient.ts. The unit and naming quirks are settled here and nowhere else:
 * the per-worker series is TH/s with `time`, everything else H/s with `timestamp` (either name is
 * accepted in either series); payout-destination's answer is not wrapped in `data` (a wrapped
 * one is read too); `data` sent as `[]` or `{}` (PHP's empty) means "nothing".
 */
import * as v from 'valibot';
import {
  lenientCount,
  lenientDecimal,
  lenientList,
  lenientNonNegative,
  lenientNumber,
  lenientObject,
  lenientString,
  lenientStringList,
  lenientUnixSeconds,
  scaleDecimal,
} from './lenient.js';
import type {
  AccountHashRate,
  AccountHashRateSample,
  HashRateSample,
  MinerInfo,
  MiningAccount,
  MiningPage,
  MiningReward,
  PayoutDestination,
  WatcherLink,
  WorkerHashRate,
} from './mining-types.js';
import { parse } from './schemas.js';

/** TH/s → H/s. */
const TERA = 12;

const pageEcho = { limit: lenientCount(), offset: lenientCount() };

const accountsSchema = v.object({
  data: lenientList(v.object({ name: lenientString(), createdAt: lenientUnixSeconds() })),
  ...pageEcho,
});

const workerCounts = { online: lenientCount(), offline: lenientCount(), low: lenientCount() };
const minerInfoSchema = v.object({
  data: lenientObject({
    fee: lenientNumber(),
    workers: v.fallback(lenientObject(workerCounts), { online: null, offline: null, low: null }),
    stratum: v.fallback(lenientList(v.object({ url: lenientString(), workersCount: lenientCount() })), []),
  }),
});

/** A series point under either time field name. */
const point = v.object({
  timestamp: lenientUnixSeconds(),
  time: lenientUnixSeconds(),
  hashrate: lenientNonNegative(),
  rejectRate: lenientNonNegative(),
});
type RawPoint = v.InferOutput<typeof point>;

const hashrateSchema = v.object({
  data: lenientObject({ account: lenientString(), hashrate: v.fallback(lenientList(point), []) }),
});

const workerHashrateSchema = v.object({
  data: lenientObject({ hashrates: v.fallback(lenientList(point), []) }),
});

const workerNamesSchema = v.object({
  data: lenientObject({ workers: lenientStringList() }),
  ...pageEcho,
});

const rewardSchema = v.object({
  miningAccountName: lenientString(),
  payoutDestination: lenientString(),
  payoutTransactionHash: lenientString(),
  payoutAddress: lenientString(),
  payoutTime: lenientUnixSeconds(),
  rewardCurrency: lenientString(),
  totalReward: lenientDecimal(),
  reward: lenientDecimal(),
  fee: lenientDecimal(),
  fppsRate: lenientDecimal(),
  hashRate: lenientNonNegative(),
  date: lenientUnixSeconds(),
  status: lenientString(),
});
const rewardsSchema = v.object({ data: lenientList(rewardSchema), ...pageEcho });

const payoutFields = { payoutDestination: lenientString(), externalAddress: lenientString() };
const payoutSchema = v.object({
  ...payoutFields,
  data: v.fallback(lenientObject(payoutFields), { payoutDestination: null, externalAddress: null }),
});

const linksSchema = v.object({
  data: lenientList(
    v.object({
      id: lenientString(),
      accounts: lenientStringList(),
      name: lenientString(),
      link: lenientString(),
      permissions: lenientStringList(),
      liveUntil: lenientUnixSeconds(),
      createdAt: lenientUnixSeconds(),
    }),
  ),
});

/** The request's paging, for an answer that does not echo it. */
export interface AskedPage {
  limit: number;
  offset: number;
}

function page<T>(items: T[], echo: { limit: number | null; offset: number | null }, asked: AskedPage) {
  return {
    items,
    limit: echo.limit ?? asked.limit,
    offset: echo.offset ?? asked.offset,
  } satisfies MiningPage<T>;
}

export function parseMiningAccounts(body: unknown, asked: AskedPage): MiningPage<MiningAccount> {
  const out = parse(accountsSchema, body);
  const accounts = out.data.flatMap((a) => (a.name ? [{ name: a.name, createdAt: a.createdAt }] : []));
  return page(accounts, out, asked);
}

export function parseMinerInfo(body: unknown): MinerInfo {
  const { fee, workers, stratum } = parse(minerInfoSchema, body).data;
  return { fee, workers, stratum };
}

/** Oldest first; points without a readable time are dropped. */
function samples(points: RawPoint[], scale: number): AccountHashRateSample[] {
  const out: AccountHashRateSample[] = [];
  for (const p of points) {
    const timestamp = p.timestamp ?? p.time;
    if (timestamp === null) continue;
    const hashrate = p.hashrate === null ? null : scale === 0 ? p.hashrate : scaleDecimal(p.hashrate, scale);
    out.push({ timestamp, hashrate, rejectRate: p.rejectRate });
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

export function parseAccountHashRate(body: unknown): AccountHashRate {
  const data = parse(hashrateSchema, body).data;
  return { account: data.account, hashrate: samples(data.hashrate, 0) };
}

export function parseWorkerHashRate(
  body: unknown,
  asked: { account: string; worker: string },
): WorkerHashRate {
  const data = parse(workerHashrateSchema, body).data;
  const hashrate: HashRateSample[] = samples(data.hashrates, TERA).map(({ timestamp, hashrate }) => ({
    timestamp,
    hashrate,
  }));
  return { account: asked.account, worker: asked.worker, hashrate };
}

export function parseWorkerNames(body: unknown, asked: AskedPage): MiningPage<string> {
  const out = parse(workerNamesSchema, body);
  return page(
    out.data.workers.filter((name) => name !== ''),
    out,
    asked,
  );
}

export function parseMiningRewards(body: unknown, asked: AskedPage): MiningPage<MiningReward> {
  const out = parse(rewardsSchema, body);
  return page(out.data, out, asked);
}

export function parsePayoutDestination(body: unknown): PayoutDestination {
  const out = parse(payoutSchema, body);
  const wrapped =
    out.payoutDestination === null && out.data.payoutDestination !== null ? out.data : undefined;
  const source = wrapped ?? out;
  return { payoutDestination: source.payoutDestination, externalAddress: source.externalAddress };
}

export function parseWatcherLinks(body: unknown): WatcherLink[] {
  return parse(linksSchema, body).data;
}
