/**
 * The simulated Mining Pool accounts of the key: a pure function of (seed, the clock when the
 * service started, the number of accounts and of workers per account), served at the injected
 * clock's time. Accounts were created 380 days (a year of rewards and more) to years before the
 * start; their workers are a lazy Fleet (mining-fleet.ts); series are computed for the buckets asked, never stored.
 *
 * - Series points are complete buckets (start + interval ≤ now) with from ≤ start ≤ to, at most
 *   the latest 1000 (our choice). Without `from`, the window is the last 24 h (5m), 7 d (1h) or
 *   30 d (24h).
 * - The account series is the sum of its workers' bucket averages; an account of more than 64
 *   workers is summed over 64 evenly spread ones, scaled up (cheap at 20,000 workers).
 */
import { createFleet, type Fleet } from './mining-fleet.js';
import {
  btcAddress,
  FEES,
  hexString,
  LINK_LIFETIMES,
  LINK_NAMES,
  LINK_PERMISSIONS,
  MINING_ACCOUNT_NAMES,
  MINING_STRATUM_URLS,
  WATCHER_LINK_BASE,
} from './mining-names.js';
import { hash32, hashUnit, pickWeighted, valueNoise } from './random.js';

export const DAY = 86_400;
export const MAX_POINTS = 1000;
/** The newest account's least age in days; account `i` is 30·i to 30·i + 24 days older. */
export const ACCOUNT_MIN_AGE_DAYS = 380;
const SAMPLE_WORKERS = 64;
const DEFAULT_SPAN: Readonly<Record<number, number>> = { 300: DAY, 3600: 7 * DAY, [DAY]: 30 * DAY };

export interface SeriesPoint {
  timestamp: number;
  hashrate: string;
  rejectRate: number;
}

export interface WorkerPoint {
  time: number;
  /** TH/s, as the API sends it. */
  hashrate: string;
}

export interface WatcherLinkWire {
  id: string;
  accounts: string[];
  name: string;
  link: string;
  permissions: string[];
  liveUntil: number | null;
  createdAt: number;
}

export interface MiningAccountModel {
  readonly name: string;
  readonly index: number;
  readonly seed: number;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Percentage as the API writes it, e.g. "2.5". */
  readonly fee: string;
  readonly payout: { payoutDestination: 'main_balance' | 'external_address'; externalAddress: string | null };
  readonly fleet: Fleet;
  readonly stratumUrls: readonly string[];
  /** Average H/s of the whole account over [start, start + seconds). */
  averageRate(start: number, seconds: number): number;
  series(intervalSec: number, window: Window, nowSec: number): SeriesPoint[];
  workerSeries(worker: number, intervalSec: number, window: Window, nowSec: number): WorkerPoint[];
}

export interface Window {
  from?: number;
  to?: number;
}

export interface MiningModel {
  /** Newest first. */
  readonly accounts: readonly MiningAccountModel[];
  find(name: string): MiningAccountModel | undefined;
  /** Active watcher links (not expired at `nowSec`) that include the account. */
  links(name: string, nowSec: number): WatcherLinkWire[];
}

export interface MiningModelOptions {
  seed: number;
  accounts: number;
  workers: number;
  /** The clock (ms) when the service started: accounts and links were created before it. */
  startMs: number;
}

export function createMiningModel(options: MiningModelOptions): MiningModel {
  const seed = hash32(options.seed >>> 0, 0x6d696e65);
  const startSec = Math.floor(options.startMs / 1000);
  const names = accountNames(seed, options.accounts);
  const accounts = names.map((name, index) => createAccount(seed, name, index, options.workers, startSec));
  const links = createLinks(seed, accounts, startSec);
  const byName = new Map(accounts.map((a) => [a.name, a]));
  return {
    accounts,
    find: (name) => byName.get(name),
    links: (name, nowSec) =>
      links.filter((l) => l.accounts.includes(name) && (l.liveUntil === null || l.liveUntil > nowSec)),
  };
}

function accountNames(seed: number, count: number): string[] {
  const pool = [...MINING_ACCOUNT_NAMES];
  // Seeded Fisher–Yates, so each seed has its own names in its own order.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = hash32(seed, 1, i) % (i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return Array.from({ length: count }, (_, i) => {
    const stem = pool[i % pool.length]!;
    return i < pool.length ? stem : `${stem}_${Math.floor(i / pool.length) + 1}`;
  });
}

function createAccount(
  root: number,
  name: string,
  index: number,
  workers: number,
  startSec: number,
): MiningAccountModel {
  const seed = hash32(root, 2, index);
  // Index 0 is the newest: ages grow with the index. Over a year, so each has a year of rewards.
  const ageDays = ACCOUNT_MIN_AGE_DAYS + index * 30 + Math.floor(hashUnit(seed, 1) * 25);
  const createdAt = (Math.floor(startSec / DAY) - ageDays) * DAY + Math.floor(hashUnit(seed, 2) * DAY);
  const fleet = createFleet(seed, workers, startSec);
  const external = hashUnit(seed, 3) < 0.4;
  const stratumUrls = MINING_STRATUM_URLS.slice(0, 2 + (hash32(seed, 4) % 2));
  const baseReject = 0.002 + 0.004 * hashUnit(seed, 5);
  const sample = sampleIndices(workers);
  const scale = sample.length === 0 ? 0 : workers / sample.length;

  const averageRate = (start: number, seconds: number): number => {
    let sum = 0;
    for (const i of sample) sum += fleet.averageRate(i, start, seconds);
    return sum * scale;
  };
  const rejectAt = (start: number, seconds: number): number => {
    const mid = Math.floor(start + seconds / 2);
    let low = 0;
    for (const i of sample) if (fleet.stateAt(i, mid) === 'low') low++;
    const share = sample.length === 0 ? 0 : low / sample.length;
    const noise = (valueNoise(seed, 6, start / (6 * 3600)) + 1) / 2;
    return Math.round((baseReject + 0.004 * noise + 0.03 * share) * 1e4) / 1e4;
  };
  const bucketsFor = (intervalSec: number, window: Window, nowSec: number) =>
    buckets(intervalSec, window, nowSec, createdAt);

  return {
    name,
    index,
    seed,
    createdAt,
    fee: pickWeighted(FEES, hashUnit(seed, 7)),
    payout: external
      ? { payoutDestination: 'external_address', externalAddress: btcAddress((k) => hashUnit(seed, 8, k)) }
      : { payoutDestination: 'main_balance', externalAddress: null },
    fleet,
    stratumUrls,
    averageRate,
    series: (intervalSec, window, nowSec) =>
      bucketsFor(intervalSec, window, nowSec).map((start) => ({
        timestamp: start,
        hashrate: averageRate(start, intervalSec).toFixed(4),
        rejectRate: rejectAt(start, intervalSec),
      })),
    workerSeries: (worker, intervalSec, window, nowSec) =>
      bucketsFor(intervalSec, window, nowSec).map((start) => ({
        time: start,
        hashrate: workerBucket(fleet, worker, start, intervalSec),
      })),
  };
}

/** A worker's point of the bucket [start, start + intervalSec) as the API sends it: TH/s, "0" when down throughout. */
export function workerBucket(fleet: Fleet, worker: number, start: number, intervalSec: number): string {
  return String(Number((fleet.averageRate(worker, start, intervalSec) / 1e12).toFixed(3)));
}

/** Up to 64 worker indices spread evenly over the fleet (all of them when it is smaller). */
function sampleIndices(workers: number): number[] {
  const n = Math.min(workers, SAMPLE_WORKERS);
  return Array.from({ length: n }, (_, k) => Math.floor((k * workers) / n));
}

/** Starts of the complete buckets in the window, oldest first, at most MAX_POINTS (the latest). */
export function buckets(intervalSec: number, window: Window, nowSec: number, createdAt: number): number[] {
  const to = Math.min(window.to ?? nowSec, nowSec - intervalSec);
  const last = Math.floor(to / intervalSec) * intervalSec;
  const span = DEFAULT_SPAN[intervalSec] ?? DAY;
  const from = Math.max(window.from ?? last - span + intervalSec, createdAt - intervalSec);
  const first = Math.max(Math.ceil(from / intervalSec) * intervalSec, last - (MAX_POINTS - 1) * intervalSec);
  const out: number[] = [];
  for (let start = first; start <= last; start += intervalSec) out.push(start);
  return out;
}

/** One link shared by the two newest accounts, then 0–2 of each account's own. */
function createLinks(
  seed: number,
  accounts: readonly MiningAccountModel[],
  startSec: number,
): WatcherLinkWire[] {
  const links: WatcherLinkWire[] = [];
  const make = (members: string[], k: number): WatcherLinkWire => {
    const lifetime = LINK_LIFETIMES[hash32(seed, 10, k) % LINK_LIFETIMES.length] ?? null;
    const age = Math.floor(hashUnit(seed, 11, k) * (lifetime === null ? 60 * DAY : lifetime / 2));
    const createdAt = startSec - age;
    const hex = hexString(32, (j) => hashUnit(seed, 12, k, j));
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return {
      id,
      accounts: members,
      name: LINK_NAMES[k % LINK_NAMES.length]!,
      link: `${WATCHER_LINK_BASE}${id}`,
      permissions: [...LINK_PERMISSIONS[hash32(seed, 13, k) % LINK_PERMISSIONS.length]!],
      liveUntil: lifetime === null ? null : createdAt + lifetime,
      createdAt,
    };
  };
  if (accounts.length >= 2) links.push(make([accounts[0]!.name, accounts[1]!.name], 0));
  for (const account of accounts) {
    const own = hash32(seed, 14, account.index) % 3;
    for (let j = 0; j < own; j++) links.push(make([account.name], links.length));
  }
  return links;
}
