/**
 * One mining account's workers, never materialised: worker `i` is a pure function of (account
 * seed, i) — its name, its hardware's nominal rate, its stratum URL — and its state at second t
 * a pure function of (seed, i, t). State drifts: a slow per-worker "health" noise (periods of
 * 1–6 h) puts a worker offline below one threshold and low below another, so any worker goes
 * online → low → offline and back over hours. Besides, a few workers per account go away
 * altogether for minutes to hours at a time (each on its own cycle), so a name drops out of the
 * listing and comes back, as a machine that is unplugged does; one worker flaps (gone for well
 * under a minute every few minutes, shorter than an alert's hold), and a "site" of several
 * workers loses power together for a few minutes every twenty (one grouped alert, then its
 * resolve). 20,000 workers cost nothing
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

export interface FleetSnapshot {
  online: number;
  low: number;
  offline: number;
  /** Indices of connected workers (online or low), ascending (so names ascending). */
  connected: number[];
}

export function createFleet(seed: number, size: number): Fleet {
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
  const site = new Set(Array.from({ length: Math.min(SITE_WORKERS, size) }, (_, k) => (siteStart + k) % size));
  const flapper = size > SITE_WORKERS ? (siteStart + SITE_WORKERS) % size : -1;
  const away = (i: number, sec: number): boolean => {
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
