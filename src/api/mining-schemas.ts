/**
 * Reading the eight Mining Pool answers into the normalised models of mining-types.ts, under the
 * project's one parsing policy (parse-policy.ts, docs/design.md "Parsing policy"): every field is
 * read with the policy's pieces and each degradation goes to the sink; the models then write a
 * missing field as `null`. What is mining-specific is settled here and nowhere else:
 *
 * - `data` left out, null, or sent as `[]` or `{}` (PHP's empty) means "nothing";
 * - series points are called `time` in the per-worker series (renamed `timestamp` before
 *   validation), which is in TH/s (scaled to H/s); a time may come in milliseconds;
 * - payout-destination's answer is not wrapped in `data` (a wrapped one is read too);
 * - the models have no placeholder rows: a list item that is not an object is left out, and a
 *   null item, an account without a name or a point without a time is dropped.
 */
import * as v from 'valibot';
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
import {
  count,
  type DegradationSink,
  decimal,
  object,
  optional,
  plainDecimal,
  plainUnixSeconds,
  text,
  textList,
  unixSeconds,
} from './parse-policy.js';
import { isObject, parse, renamed } from './schemas.js';

/** TH/s → H/s. */
const TERA = 12;

/** Unix seconds, or milliseconds brought back to seconds. */
const seconds = () =>
  v.union(
    [
      unixSeconds(),
      v.pipe(
        count(),
        v.maxValue(1e14),
        v.transform((ms) => Math.floor(ms / 1000)),
      ),
    ],
    'must be Unix seconds',
  );

/** The answer's `data` object: a list there (other than PHP's empty one) fails the answer. */
const dataObject = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.unknown(),
    v.check((data) => !Array.isArray(data), 'must be an object'),
    object(entries),
  );

/** A list of objects: an item that is not an object is left out, a null one kept for dropping. */
const list = <E extends v.ObjectEntries>(entries: E) => v.array(optional(object(entries)), 'must be a list');

const pageEcho = { limit: optional(count()), offset: optional(count()) };

const accountEntries = { name: optional(text()), createdAt: optional(seconds()) };
const accountsSchema = v.object({ data: list(accountEntries), ...pageEcho });

const workerCounts = { online: optional(count()), offline: optional(count()), low: optional(count()) };
const stratumEntries = { url: optional(text()), workersCount: optional(count()) };
const minerInfoSchema = v.object({
  data: dataObject({
    fee: optional(decimal()),
    workers: optional(object(workerCounts)),
    stratum: optional(list(stratumEntries)),
  }),
});

const point = { timestamp: optional(seconds()), hashrate: optional(decimal()) };
const hashrateSchema = v.object({
  data: dataObject({
    account: optional(text()),
    hashrate: optional(list({ ...point, rejectRate: optional(decimal()) })),
  }),
});
const workerHashrateSchema = v.object({ data: dataObject({ hashrates: optional(list(point)) }) });

const workerNamesSchema = v.object({ data: dataObject({ workers: optional(textList()) }), ...pageEcho });

const rewardEntries = {
  miningAccountName: optional(text()),
  payoutDestination: optional(text()),
  payoutTransactionHash: optional(text()),
  payoutAddress: optional(text()),
  payoutTime: optional(seconds()),
  rewardCurrency: optional(text()),
  totalReward: optional(decimal()),
  reward: optional(decimal()),
  fee: optional(decimal()),
  fppsRate: optional(decimal()),
  hashRate: optional(decimal()),
  date: optional(seconds()),
  status: optional(text()),
};
const rewardsSchema = v.object({ data: list(rewardEntries), ...pageEcho });

const payoutEntries = { payoutDestination: optional(text()), externalAddress: optional(text()) };
const payoutSchema = v.object(payoutEntries);

const linkEntries = {
  id: optional(text()),
  accounts: optional(textList()),
  name: optional(text()),
  link: optional(text()),
  permissions: optional(textList()),
  liveUntil: optional(seconds()),
  createdAt: optional(seconds()),
};
const linksSchema = v.object({ data: list(linkEntries) });

/** The request's paging, for an answer that does not echo it. */
export interface AskedPage {
  limit: number;
  offset: number;
}

type Filled<E extends v.ObjectEntries> = { [K in keyof E]: v.InferOutput<E[K]> | null };

/** The fields of `entries`, in their order, a missing one as null (the mining models' way). */
function nulls<E extends v.ObjectEntries>(entries: E, value: object | null | undefined): Filled<E> {
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(entries).map((key) => [key, record[key] ?? null])) as Filled<E>;
}

const present = <T>(item: T | null | undefined): item is T => item != null;

/** A decimal as a number, scaled by 10^exponent decimal-exactly before the one rounding to a double. */
const asNumber = (d: string | null | undefined, exponent = 0) =>
  d == null ? null : Number(`${d}e${exponent}`);

/** `body` as validation expects it: an empty `data` as `empty`, series points' `time` as `timestamp`. */
function prepared(body: unknown, empty: object, series?: string): unknown {
  if (!isObject(body)) return body;
  let data = body.data;
  if (data == null || (typeof data === 'object' && Object.keys(data).length === 0)) data = empty;
  if (series && isObject(data) && Array.isArray(data[series])) {
    data = { ...data, [series]: data[series].map((p) => renamed(p, { time: 'timestamp' })) };
  }
  return { ...body, data };
}

/** `sent`: the request carried `asked` (the accounts list sends no paging; its echo stands). */
function page<T>(
  items: T[],
  echo: { limit?: number | null; offset?: number | null },
  asked: AskedPage,
  sent = true,
) {
  const limit = echo.limit ?? asked.limit;
  return {
    items,
    // An echoed limit above the one asked for is a server ignoring it: the page held no more.
    limit: sent ? Math.min(limit, asked.limit) : limit,
    offset: echo.offset ?? asked.offset,
  } satisfies MiningPage<T>;
}

/** Oldest first; a point without a readable time is dropped. */
function byTime<P extends { timestamp?: number | null }>(points: readonly (P | null)[] | null | undefined) {
  return (points ?? [])
    .filter((p): p is P & { timestamp: number } => p?.timestamp != null)
    .sort((a, b) => a.timestamp - b.timestamp);
}

export function parseMiningAccounts(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): MiningPage<MiningAccount> {
  const out = parse(accountsSchema, prepared(body, []), report);
  const accounts = out.data.flatMap((a) =>
    a?.name ? [{ name: a.name, createdAt: a.createdAt ?? null }] : [],
  );
  return page(accounts, out, asked, false);
}

export function parseMinerInfo(body: unknown, report?: DegradationSink): MinerInfo {
  const data = parse(minerInfoSchema, prepared(body, {}), report).data;
  return {
    fee: asNumber(data.fee),
    workers: nulls(workerCounts, data.workers),
    stratum: (data.stratum ?? []).filter(present).map((s) => nulls(stratumEntries, s)),
  };
}

/**
 * A series answer as the pool nearly always sends it, read without the schema: `data[series]` a
 * list of objects, each with its time as whole Unix seconds (a JSON number, under `timestamp` or
 * `time`) and what `point` reads of it, oldest first. Undefined as soon as anything is not so
 * plain (a missing or null value, a time as text or in milliseconds, an item that is not an
 * object): then the whole answer goes through the schema, which reports as it always has. Through
 * valibot a point costs ~3 KB of short-lived objects in baseline code (no TurboFan,
 * launch/dashboard-heap.ts): a worker's back-fill of ~2,900 points was ~9 MB, the bulk of what
 * lifted `watch`'s RSS while it ran.
 */
function plainSeries<T extends { timestamp: number }>(
  body: unknown,
  series: string,
  point: (p: Record<string, unknown>, timestamp: number) => T | undefined,
): T[] | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  const items = body.data[series];
  if (!Array.isArray(items)) return undefined;
  const out: T[] = [];
  let sorted = true;
  // Indexed: in baseline code each step of `for…of` allocates.
  for (let i = 0; i < items.length; i++) {
    const p: unknown = items[i];
    if (!isObject(p)) return undefined;
    // As `prepared` renames: `timestamp` wins over `time`.
    const timestamp = plainUnixSeconds('timestamp' in p ? p.timestamp : p.time);
    if (timestamp === undefined) return undefined;
    const read = point(p, timestamp);
    if (read === undefined) return undefined;
    const last = out[out.length - 1];
    if (last && last.timestamp > timestamp) sorted = false;
    out.push(read);
  }
  // Stable, as byTime's.
  return sorted ? out : out.sort((a, b) => a.timestamp - b.timestamp);
}

/** The account's point without the schema: both values plain decimals. */
function plainAccountPoint(p: Record<string, unknown>, timestamp: number): AccountHashRateSample | undefined {
  const hashrate = plainDecimal(p.hashrate);
  const rejectRate = plainDecimal(p.rejectRate);
  if (hashrate === undefined || rejectRate === undefined) return undefined;
  return { timestamp, hashrate: asNumber(hashrate), rejectRate: asNumber(rejectRate) };
}

/** The worker's point without the schema: a plain decimal of TH/s. */
function plainWorkerPoint(p: Record<string, unknown>, timestamp: number): HashRateSample | undefined {
  const hashrate = plainDecimal(p.hashrate);
  return hashrate === undefined ? undefined : { timestamp, hashrate: asNumber(hashrate, TERA) };
}

export function parseAccountHashRate(body: unknown, report?: DegradationSink): AccountHashRate {
  const account = isObject(body) && isObject(body.data) ? body.data.account : undefined;
  if (typeof account === 'string') {
    const hashrate = plainSeries(body, 'hashrate', plainAccountPoint);
    if (hashrate) return { account, hashrate };
  }
  const data = parse(hashrateSchema, prepared(body, {}, 'hashrate'), report).data;
  const hashrate: AccountHashRateSample[] = byTime(data.hashrate).map((p) => ({
    timestamp: p.timestamp,
    hashrate: asNumber(p.hashrate),
    rejectRate: asNumber(p.rejectRate),
  }));
  return { account: data.account ?? null, hashrate };
}

export function parseWorkerHashRate(
  body: unknown,
  asked: { account: string; worker: string },
  report?: DegradationSink,
): WorkerHashRate {
  const plain = plainSeries(body, 'hashrates', plainWorkerPoint);
  if (plain) return { account: asked.account, worker: asked.worker, hashrate: plain };
  const data = parse(workerHashrateSchema, prepared(body, {}, 'hashrates'), report).data;
  const hashrate = byTime(data.hashrates).map((p) => ({
    timestamp: p.timestamp,
    hashrate: asNumber(p.hashrate, TERA),
  }));
  return { account: asked.account, worker: asked.worker, hashrate };
}

export function parseWorkerNames(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): MiningPage<string> {
  const out = parse(workerNamesSchema, prepared(body, {}), report);
  return page(
    (out.data.workers ?? []).filter((name) => name !== ''),
    out,
    asked,
  );
}

export function parseMiningRewards(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): MiningPage<MiningReward> {
  const out = parse(rewardsSchema, prepared(body, []), report);
  const rewards = out.data
    .filter(present)
    .map((r) => ({ ...nulls(rewardEntries, r), hashRate: asNumber(r.hashRate) }));
  return page(rewards, out, asked);
}

export function parsePayoutDestination(body: unknown, report?: DegradationSink): PayoutDestination {
  // Read unwrapped, unless only a wrapped answer names the destination.
  const wrapped =
    isObject(body) &&
    body.payoutDestination == null &&
    isObject(body.data) &&
    body.data.payoutDestination != null;
  const answer = wrapped ? (body.data as object) : body;
  return nulls(payoutEntries, parse(payoutSchema, answer, report));
}

export function parseWatcherLinks(body: unknown, report?: DegradationSink): WatcherLink[] {
  const out = parse(linksSchema, prepared(body, []), report);
  return out.data.filter(present).map((l) => ({
    ...nulls(linkEntries, l),
    accounts: l.accounts ?? [],
    permissions: l.permissions ?? [],
  }));
}
