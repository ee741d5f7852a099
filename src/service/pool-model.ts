/**
 * The simulated mining pool: a pure function of (seed, whole second of the injected clock), so
 * the same seed and clock always give the same overview, and the overview changes at most once
 * a second (the vendor's "shared time-based cache").
 *
 * - Hash rate ~1.8e17 H/s (seed-dependent level) with a daily and a weekly swing plus smooth
 *   noise; carried as decimal strings with 16 fractional digits, computed exactly as
 *   work / seconds in BigInt, so the digits look like the vendor's.
 * - History: 169 hourly points (7 days span) ending at the start of the current hour.
 * - Blocks: time is cut into slots of `blockInterval` seconds with exactly one block at a
 *   seeded offset inside each slot. The mean gap is `blockInterval`, the longest gap is under
 *   twice that (under 90 s by default), and heights rise by one per block.
 */
import { hash32, hashSigned, hashUnit, valueNoise } from './random.js';

/** The overview as the spec shows it, every field present (the client's model is looser). */
export interface SimulatedOverview {
  connection_links: string[];
  location: string;
  assets: string[];
  reward_schemes: string[];
  workers: number;
  current_hash_rate: string;
  last7days_hash_rate: HashRatePoint[];
  blocks: FoundBlock[];
}

interface HashRatePoint {
  timestamp: number;
  hashrate: string;
}

interface FoundBlock {
  block_found_at: number;
  block_height: number;
}

export interface PoolModelOptions {
  seed: number;
  /** Mean seconds between blocks (at least 1). */
  blockInterval: number;
}

export interface PoolModel {
  /** The overview at clock time `nowMs` (served from a one-second cache). */
  overview(nowMs: number): SimulatedOverview;
}

export const HISTORY_POINTS = 169;
export const BLOCKS_SHOWN = 20;
export const HOUR = 3600;
const DAY = 86_400;
const WEEK = 7 * DAY;
const FRACTION_DIGITS = 16;
/** Height 840000 at the 2024 halving; the simulated chain counts one height per pool block. */
const HEIGHT_BASE = 840_000;
const HEIGHT_EPOCH_MS = 1_713_571_200_000;

const CONNECTION_LINKS = [
  'stratum+tcp://eu1.pool.whitebit.test:3333',
  'stratum+tcp://us1.pool.whitebit.test:3333',
  'stratum+tcp://asia1.pool.whitebit.test:443',
];

export function createPoolModel(options: PoolModelOptions): PoolModel {
  const seed = options.seed >>> 0;
  const slotMs = Math.max(1000, Math.round(options.blockInterval * 1000));
  const level = 1.8e17 * (0.85 + 0.3 * hashUnit(seed, 1));
  const workerLevel = 1500 + Math.floor(700 * hashUnit(seed, 2));
  const phaseDay = hashUnit(seed, 3) * 2 * Math.PI;
  const phaseWeek = hashUnit(seed, 4) * 2 * Math.PI;

  /** Instantaneous pool hash rate (H/s) at Unix second t: smooth, seed-dependent. */
  const rateAt = (t: number): number =>
    level *
    (1 +
      0.05 * Math.sin((2 * Math.PI * t) / DAY + phaseDay) +
      0.07 * Math.sin((2 * Math.PI * t) / WEEK + phaseWeek) +
      0.03 * valueNoise(seed, 10, t / 900));

  const hourPoint = (hour: number): HashRatePoint => {
    const start = hour * HOUR;
    const avg = rateAt(start + HOUR / 2) * (1 + 0.012 * hashSigned(seed, 11, hour));
    const extra = hash32(seed, 12, hour) % HOUR;
    return { timestamp: start, hashrate: averageOver(avg, HOUR, extra) };
  };

  const currentRate = (sec: number): string => {
    const rate = rateAt(sec) * (1 + 0.004 * hashSigned(seed, 13, sec));
    return averageOver(rate, 60, hash32(seed, 14, sec) % 60);
  };

  const workersAt = (sec: number): number => {
    const drift =
      0.03 * Math.sin((2 * Math.PI * sec) / DAY + phaseDay) + 0.015 * valueNoise(seed, 15, sec / 120);
    return Math.max(0, Math.round(workerLevel * (1 + drift) + 3 * hashSigned(seed, 16, Math.floor(sec / 5))));
  };

  const blockAt = (slot: number): number => slot * slotMs + Math.floor(hashUnit(seed, 17, slot) * slotMs);

  const blocksAt = (nowMs: number): FoundBlock[] => {
    let slot = Math.floor(nowMs / slotMs);
    if (blockAt(slot) > nowMs) slot -= 1;
    const epochSlot = Math.floor(HEIGHT_EPOCH_MS / slotMs);
    const blocks: FoundBlock[] = [];
    for (let i = 0; i < BLOCKS_SHOWN; i++) {
      const height = HEIGHT_BASE + (slot - i - epochSlot);
      if (height < 1) break;
      blocks.push({ block_found_at: Math.floor(blockAt(slot - i) / 1000), block_height: height });
    }
    return blocks;
  };

  const compute = (sec: number): SimulatedOverview => {
    const hourNow = Math.floor(sec / HOUR);
    const history: HashRatePoint[] = [];
    for (let h = hourNow - (HISTORY_POINTS - 1); h <= hourNow; h++) history.push(hourPoint(h));
    return {
      connection_links: [...CONNECTION_LINKS],
      location: 'global',
      assets: ['BTC'],
      reward_schemes: ['FPPS'],
      workers: workersAt(sec),
      current_hash_rate: currentRate(sec),
      last7days_hash_rate: history,
      blocks: blocksAt(sec * 1000),
    };
  };

  let cachedSec = Number.NaN;
  let cached: SimulatedOverview | undefined;
  return {
    overview(nowMs) {
      const sec = Math.floor(nowMs / 1000);
      if (cached === undefined || sec !== cachedSec) {
        cached = compute(sec);
        cachedSec = sec;
      }
      return cached;
    },
  };
}

/**
 * The average rate over `seconds` as an exact decimal string: (round(rate) * seconds + extra) /
 * seconds with FRACTION_DIGITS digits, e.g. "184425100325925925.9259259259259259".
 */
export function averageOver(rate: number, seconds: number, extra: number): string {
  const work = BigInt(Math.max(0, Math.round(rate))) * BigInt(seconds) + BigInt(extra);
  return formatRatio(work, BigInt(seconds), FRACTION_DIGITS);
}

export function formatRatio(numerator: bigint, denominator: bigint, digits: number): string {
  const whole = numerator / denominator;
  const scale = 10n ** BigInt(digits);
  const fraction = ((numerator % denominator) * scale) / denominator;
  return `${whole}.${fraction.toString().padStart(digits, '0')}`;
}
