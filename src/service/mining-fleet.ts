/**
 * One mining account's workers, never materialised: worker `i` is a pure function of (account
 * seed, i) — its name, its hardware's nominal rate, its stratum URL — and its state at second t
 * a pure function of (seed, the start's day, i, t). State drifts: a slow per-worker "health" noise (periods of
 * 1–6 h) puts a worker offline below one threshold and low below another, so any worker goes
 * online → low → offline and back over hours. Besides, a few workers per account go away
 * altogether for minutes to hours at a time (each on its own cycle), so a name drops out of the
 * listing and comes back, as a machine that is unplugged does; one worker flaps (gone for well
 * under a minute every few minutes, shorter than an alert's hold), and a "site" of several
 * workers loses power together for a few minutes every twenty (one grouped alert, then its
 * resolve). In the 90 days before the start, a rig is dead for whole days and the whole account
 * drops for an hour or two now and then (DEAD_DAYS, SITE_DROP_DAYS). 20,000 workers cost nothing
 * until asked; the counts at one second take one pass over them (cached per second), a series
 * only the workers it covers.
 */
import { hash32, hashUnit, valueNoise } from './random.js';

export type WorkerState = 'online' | 'low' | 'offline';

/** Hardware classes: nominal TH/s and weight. */
const MODELS: readonly (readonly [number, number])[] = [
  [14, 1], // Antminer S9
  [100, 5], // S19
  [140, 3], // S19 XP
  [200, 2], // S21
];
const MODEL_WEIGHT = MODELS.reduce((sum, [, w]) => sum + w, 0);

const OFFLINE_BELOW = -0.8;
/** Workers per account that go away and come back; away 10 min to 3 h once every 4 to 12 h. */
const AWAY_WORKERS = 3;
const AWAY_MIN_S = 600;
const AWAY_MAX_S = 3 * 3600;
const LOW_BELOW = -0.6;
/** The flapping worker: gone FLAP_S seconds every FLAP_EVERY_S. */
const FLAP_S = 45;
const FLAP_EVERY_S = 240;
/** The site: SITE_WORKERS workers gone together SITE_DOWN_S seconds every SITE_EVERY_S. */
const SITE_WORKERS = 6;
const SITE_DOWN_S = 360;
const SITE_EVERY_S = 1200;

/**
 * Dated outages, placed in the 90 days before the day the service started (so the present never
 * sits in one, and a 90-day window holds all of them): one rig dead for whole UTC days, DEAD_DAYS
 * days before the start (plus a seeded 0–11); and the site drop, every worker of the account down
 * together for 1–2 hours, SITE_DROP_DAYS days before the start (plus a seeded 0–19).
 */
const DEAD_DAYS = [2, 31, 60];
const SITE_DROP_DAYS = [5, 35, 65];
const DAY_S = 86_400;

/** Worker-name styles: prefix and separator; numbers are zero-padded so names sort in index order. */
const NAME_STYLES: readonly (readonly [string, string])[] = [
  ['rig', '-'],
  ['worker', '_'],
  ['s19', '.'],
  ['antminer', '_'],
  ['asic', '-'],
];

export interface Fleet {
  readonly size: number;
  /** The worker that flaps (gone FLAP_S seconds every FLAP_EVERY_S), or -1 in a fleet too small for one. */
  readonly flapper: number;
  /** The rig dead for whole days, and those days' and the site drops' [from, to) (Unix seconds). */
  readonly outages: { deadRig: number; deadDays: readonly Span[]; siteDrops: readonly Span[] };
  nameOf(index: number): string;
  /** The index of a worker name, or undefined. */
  indexOf(name: string): number | undefined;
  stateAt(index: number, sec: number): WorkerState;
  /** H/s at second `sec` (0 when offline). */
  rateAt(index: number, sec: number): number;
  /** Average H/s over [start, start + seconds), from evenly spaced samples. */
  averageRate(index: number, start: number, seconds: number): number;
  /** Counts and connected workers (online or low) at second `sec`, cached for the last second asked. */
  snapshot(sec: number): FleetSnapshot;
  /** Index of the stratum URL (of `urls`) worker `index` connects to. */
  urlOf(index: number, urls: number): number;
}

export type Span = readonly [from: number, to: number];

export interface FleetSnapshot {
  online: number;
  low: number;
  offline: number;
  /** Indices of connected workers (online or low), ascending (so names ascending). */
  connected: number[];
}

/** `epochSec`: when the service started; the dated outages are counted back from its day. */
export function createFleet(seed: number, size: number, epochSec: number): Fleet {
  const [prefix, sep] = NAME_STYLES[hash32(seed, 1) % NAME_STYLES.length] ?? ['rig', '-'];
  const width = Math.max(3, String(size).length);
  const pattern = new RegExp(`^${prefix.replace('.', '\\.')}${sep.replace('.', '\\.')}(\\d{${width}})$`);
  const healthSeed = hash32(seed, 2);
  const jitterSeed = hash32(seed, 3);

  const nominal = (i: number): number => {
    let at = hashUnit(seed, 4, i) * MODEL_WEIGHT;
    let th = MODELS[0]![0];
    for (const [rate, weight] of MODELS) {
      th = rate;
      if (at < weight) break;
      at -= weight;
    }
    return th * 1e12 * (0.95 + 0.1 * hashUnit(seed, 5, i));
  };
  const health = (i: number, sec: number): number => {
    const period = 3600 * (1 + 5 * hashUnit(seed, 6, i));
    return valueNoise(healthSeed, i, sec / period + hashUnit(seed, 7, i) * 1000);
  };
  const stateOf = (h: number): WorkerState =>
    h < OFFLINE_BELOW ? 'offline' : h < LOW_BELOW ? 'low' : 'online';
  const awayWorkers = new Set(
    Array.from({ length: Math.min(AWAY_WORKERS, size) }, (_, k) => hash32(seed, 9, k) % size),
  );
  const inCycle = (sec: number, every: number, length: number, salt: number): boolean => {
    const phase = Math.floor(hashUnit(seed, salt, 0) * every);
    return (((sec + phase) % every) + every) % every < length;
  };
  // The site and the flapper sit apart from the workers that go away on their own cycles.
  const siteStart = size > 0 ? hash32(seed, 13) % size : 0;
  const site = new Set(
    Array.from({ length: Math.min(SITE_WORKERS, size) }, (_, k) => (siteStart + k) % size),
  );
  const flapper = size > SITE_WORKERS ? (siteStart + SITE_WORKERS) % size : -1;
  const epochDay = Math.floor(epochSec / DAY_S);
  const deadRig = size > 0 ? hash32(seed, 16) % size : -1;
  const deadFrom = (epochDay - (hash32(seed, 17) % 12)) * DAY_S;
  const deadDays: Span[] = DEAD_DAYS.map((d) => [deadFrom - d * DAY_S, deadFrom - (d - 1) * DAY_S]);
  const dropFrom = (epochDay - (hash32(seed, 18) % 20)) * DAY_S;
  const siteDrops = SITE_DROP_DAYS.map((d, k): Span => {
    const length = 3600 + Math.floor(hashUnit(seed, 19, k) * 3600);
    const start = dropFrom - d * DAY_S + Math.floor(hashUnit(seed, 20, k) * (DAY_S - length));
    return [start, start + length];
  });
  const within = (spans: readonly Span[], sec: number) =>
    spans.some(([from, to]) => sec >= from && sec < to);
  const away = (i: number, sec: number): boolean => {
    if (within(siteDrops, sec)) return true;
    if (i === deadRig && within(deadDays, sec)) return true;
    if (site.has(i) && inCycle(sec, SITE_EVERY_S, SITE_DOWN_S, 14)) return true;
    if (i === flapper && inCycle(sec, FLAP_EVERY_S, FLAP_S, 15)) return true;
    if (!awayWorkers.has(i)) return false;
    const period = 3600 * (4 + 8 * hashUnit(seed, 10, i));
    const length = AWAY_MIN_S + (AWAY_MAX_S - AWAY_MIN_S) * hashUnit(seed, 11, i);
    const phase = hashUnit(seed, 12, i) * period;
    return (((sec + phase) % period) + period) % period < length;
  };
  const stateAt = (i: number, sec: number): WorkerState =>
    away(i, sec) ? 'offline' : stateOf(health(i, sec));

  const rateAt = (i: number, sec: number): number => {
    if (away(i, sec)) return 0;
    const h = health(i, sec);
    const state = stateOf(h);
    if (state === 'offline') return 0;
    const jitter = 1 + 0.03 * valueNoise(jitterSeed, i, sec / 600);
    // Low: 20–60 % of nominal, less the nearer the worker is to dropping off.
    const share = state === 'low' ? 0.2 + (0.4 * (h - OFFLINE_BELOW)) / (LOW_BELOW - OFFLINE_BELOW) : 1;
    return nominal(i) * share * jitter;
  };

  let cachedSec = Number.NaN;
  let cached: FleetSnapshot | undefined;

  return {
    size,
    flapper,
    outages: { deadRig, deadDays, siteDrops },
    nameOf: (i) => `${prefix}${sep}${String(i + 1).padStart(width, '0')}`,
    indexOf(name) {
      const m = pattern.exec(name);
      const i = m ? Number(m[1]) - 1 : -1;
      return i >= 0 && i < size ? i : undefined;
    },
    stateAt,
    rateAt,
    averageRate(i, start, seconds) {
      const samples = seconds <= 300 ? 1 : seconds <= 3600 ? 4 : 12;
      const step = seconds / samples;
      let sum = 0;
      for (let k = 0; k < samples; k++) sum += rateAt(i, Math.floor(start + step * (k + 0.5)));
      return sum / samples;
    },
    snapshot(sec) {
      if (cached && sec === cachedSec) return cached;
      const snap: FleetSnapshot = { online: 0, low: 0, offline: 0, connected: [] };
      for (let i = 0; i < size; i++) {
        const state = stateAt(i, sec);
        snap[state]++;
        if (state !== 'offline') snap.connected.push(i);
      }
      cachedSec = sec;
      cached = snap;
      return snap;
    },
    urlOf: (i, urls) => hash32(seed, 8, i) % Math.max(1, urls),
  };
}
