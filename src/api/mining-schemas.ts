/**
 * Reading the eight Mining Pool answers by the parsing policy (parse-policy.ts, the same as for
 * every other answer), then normalising them into the models of mining-types.ts. Only `data`
 * of the list answers is required; every other field that is missing, null or unreadable
 * becomes `null` in the model (and is reported to the degradation sink). The unit and naming
 * quirks are settled here and nowhere else: the per-worker series is TH/s with `time`,
 * everything else H/s with `timestamp` (either name is read in either series);
 * payout-destination's answer is not wrapped in `data` (a wrapped one is read too).
 */
import * as v from 'valibot';
import type {
  AccountHashRate,
  AccountHashRateSample,
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
  objectList,
  optional,
  text,
  textList,
  unixSeconds,
} from './parse-policy.js';
import { parse } from './schemas.js';

const BODY = 'must be a JSON object';
const ignore: DegradationSink = () => {};

/** TH/s → H/s. */
const TERA = 12;

const pageEcho = { limit: optional(count()), offset: optional(count()) };

const accountsSchema = v.object(
  {
    data: objectList(
      { name: optional(text()), createdAt: optional(unixSeconds()) },
      { anyOf: ['name'], what: 'no name' },
    ),
    ...pageEcho,
  },
  BODY,
);

const minerInfoSchema = v.object(
  {
    data: optional(
      object({
        fee: optional(decimal()),
        workers: optional(
          object({ online: optional(count()), offline: optional(count()), low: optional(count()) }),
        ),
        stratum: optional(objectList({ url: optional(text()), workersCount: optional(count()) })),
      }),
    ),
  },
  BODY,
);

/** A series point under either time field name. */
const points = () =>
  optional(
    objectList(
      {
        timestamp: optional(unixSeconds()),
        time: optional(unixSeconds()),
        hashrate: optional(decimal()),
        rejectRate: optional(decimal()),
      },
      { anyOf: ['timestamp', 'time'], what: 'no time' },
    ),
  );

// A mining-disabled account answers "empty data": `[]`, `{}` or null all read as no points.
const hashrateSchema = v.object(
  { data: optional(object({ account: optional(text()), hashrate: points() })) },
  BODY,
);
const workerHashrateSchema = v.object({ data: optional(object({ hashrates: points() })) }, BODY);

const workerNamesSchema = v.object(
  { data: optional(object({ workers: optional(textList()) })), ...pageEcho },
  BODY,
);

const rewardsSchema = v.object(
  {
    data: objectList({
      miningAccountName: optional(text()),
      payoutDestination: optional(text()),
      payoutTransactionHash: optional(text()),
      payoutAddress: optional(text()),
      payoutTime: optional(unixSeconds()),
      rewardCurrency: optional(text()),
      totalReward: optional(decimal()),
      reward: optional(decimal()),
      fee: optional(decimal()),
      fppsRate: optional(decimal()),
      hashRate: optional(decimal()),
      date: optional(unixSeconds()),
      status: optional(text()),
    }),
    ...pageEcho,
  },
  BODY,
);

const payoutFields = { payoutDestination: optional(text()), externalAddress: optional(text()) };
const payoutSchema = v.object({ ...payoutFields, data: optional(object(payoutFields)) }, BODY);

const linksSchema = v.object(
  {
    data: objectList(
      {
        id: optional(text()),
        accounts: optional(textList()),
        name: optional(text()),
        link: optional(text()),
        permissions: optional(textList()),
        liveUntil: optional(unixSeconds()),
        createdAt: optional(unixSeconds()),
      },
      { anyOf: ['id', 'link'], what: 'neither an id nor a link' },
    ),
  },
  BODY,
);

/** Missing and null alike: the models say `null` for "not known". */
const known = <T>(value: T | null | undefined): T | null => value ?? null;

/** A decimal text as a number; `exponent` scales it decimal-exactly first (TH/s → H/s). */
function rate(value: string | null | undefined, exponent = 0): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(exponent === 0 ? value : `${value}e${exponent}`);
  return Number.isFinite(n) ? n : null;
}

/** The request's paging, for an answer that does not echo it. */
export interface AskedPage {
  limit: number;
  offset: number;
}

function page<T>(items: T[], echo: { limit?: number | null; offset?: number | null }, asked: AskedPage) {
  return {
    items,
    limit: echo.limit ?? asked.limit,
    offset: echo.offset ?? asked.offset,
  } satisfies MiningPage<T>;
}

/** Accounts without a name cannot be asked about, so they are left out. */
export function parseMiningAccounts(
  body: unknown,
  asked: AskedPage,
  report: DegradationSink = ignore,
): MiningPage<MiningAccount> {
  const out = parse(accountsSchema, body, report);
  const accounts = out.data.flatMap((a) => (a.name ? [{ name: a.name, createdAt: known(a.createdAt) }] : []));
  return page(accounts, out, asked);
}

export function parseMinerInfo(body: unknown, report: DegradationSink = ignore): MinerInfo {
  const data = parse(minerInfoSchema, body, report).data;
  const workers = data?.workers;
  return {
    fee: rate(data?.fee),
    workers: { online: known(workers?.online), offline: known(workers?.offline), low: known(workers?.low) },
    stratum: (data?.stratum ?? []).map((s) => ({ url: known(s.url), workersCount: known(s.workersCount) })),
  };
}

type RawPoint = {
  timestamp?: number | null;
  time?: number | null;
  hashrate?: string | null;
  rejectRate?: string | null;
};

/** Oldest first; points without a readable time are left out (they cannot be placed). */
function samples(raw: RawPoint[] | null | undefined, exponent: number): AccountHashRateSample[] {
  const out: AccountHashRateSample[] = [];
  for (const p of raw ?? []) {
    const timestamp = p.timestamp ?? p.time;
    if (timestamp === null || timestamp === undefined) continue;
    out.push({ timestamp, hashrate: rate(p.hashrate, exponent), rejectRate: rate(p.rejectRate) });
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

export function parseAccountHashRate(body: unknown, report: DegradationSink = ignore): AccountHashRate {
  const data = parse(hashrateSchema, body, report).data;
  return { account: known(data?.account), hashrate: samples(data?.hashrate, 0) };
}

export function parseWorkerHashRate(
  body: unknown,
  asked: { account: string; worker: string },
  report: DegradationSink = ignore,
): WorkerHashRate {
  const data = parse(workerHashrateSchema, body, report).data;
  const hashrate = samples(data?.hashrates, TERA).map(({ timestamp, hashrate }) => ({ timestamp, hashrate }));
  return { account: asked.account, worker: asked.worker, hashrate };
}

export function parseWorkerNames(
  body: unknown,
  asked: AskedPage,
  report: DegradationSink = ignore,
): MiningPage<string> {
  const out = parse(workerNamesSchema, body, report);
  return page(
    (out.data?.workers ?? []).filter((name) => name !== ''),
    out,
    asked,
  );
}

/** Every row is kept, a malformed one as a row of nulls, so a short page still means the last one. */
export function parseMiningRewards(
  body: unknown,
  asked: AskedPage,
  report: DegradationSink = ignore,
): MiningPage<MiningReward> {
  const out = parse(rewardsSchema, body, report);
  const rewards = out.data.map((r) => ({
    miningAccountName: known(r.miningAccountName),
    payoutDestination: known(r.payoutDestination),
    payoutTransactionHash: known(r.payoutTransactionHash),
    payoutAddress: known(r.payoutAddress),
    payoutTime: known(r.payoutTime),
    rewardCurrency: known(r.rewardCurrency),
    totalReward: known(r.totalReward),
    reward: known(r.reward),
    fee: known(r.fee),
    fppsRate: known(r.fppsRate),
    hashRate: rate(r.hashRate),
    date: known(r.date),
    status: known(r.status),
  }));
  return page(rewards, out, asked);
}

export function parsePayoutDestination(body: unknown, report: DegradationSink = ignore): PayoutDestination {
  const out = parse(payoutSchema, body, report);
  const source = out.payoutDestination == null && out.data?.payoutDestination != null ? out.data : out;
  return {
    payoutDestination: known(source.payoutDestination),
    externalAddress: known(source.externalAddress),
  };
}

export function parseWatcherLinks(body: unknown, report: DegradationSink = ignore): WatcherLink[] {
  return parse(linksSchema, body, report).data.map((l) => ({
    id: known(l.id),
    accounts: l.accounts ?? [],
    name: known(l.name),
    link: known(l.link),
    permissions: l.permissions ?? [],
    liveUntil: known(l.liveUntil),
    createdAt: known(l.createdAt),
  }));
}
