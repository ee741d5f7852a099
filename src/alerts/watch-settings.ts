/**
 * The `[watch]` table of the preferences file: how often the watcher reads, how long a condition
 * holds before it fires (and stays clear before it resolves), how often a firing alert is sent
 * again, and the worker rules.
 *
 *   [watch]
 *   interval = "60s"
 *   for      = "2m"
 *   repeat   = "4h"
 *   [watch.workers]
 *   offline = true
 *   drop    = "50%"
 *   ignore  = ["test-*"]
 *
 * Every problem is one line naming the file and the key.
 */
import { DURATION_EXAMPLES, parseDurationS } from '../config/duration.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { globMatcher } from './glob.js';

export interface WatchSettings {
  /** Seconds between reads; undefined when the file does not say (the dashboard then uses its own). */
  intervalS: number | undefined;
  /** Hold time, seconds. */
  forS: number;
  /** Re-send a firing alert this often, seconds; 0 never. */
  repeatS: number;
  workers: {
    offline: boolean;
    /** Share of the worker's own 6-hour median below which it counts as dropping; undefined: off. */
    drop: number | undefined;
    ignore: readonly string[];
    /** True for a worker name the ignore globs silence. */
    ignored: (name: string) => boolean;
  };
}

export const WATCH_INTERVAL_DEFAULT_S = 60;
export const WATCH_INTERVAL_MIN_S = 1;
export const WATCH_FOR_DEFAULT_S = 120;
export const WATCH_REPEAT_DEFAULT_S = 4 * 3600;

export const DEFAULT_WATCH: WatchSettings = {
  intervalS: undefined,
  forS: WATCH_FOR_DEFAULT_S,
  repeatS: WATCH_REPEAT_DEFAULT_S,
  workers: { offline: true, drop: undefined, ignore: [], ignored: () => false },
};

const KEYS = ['interval', 'for', 'repeat', 'workers'] as const;
const WORKER_KEYS = ['offline', 'drop', 'ignore'] as const;

const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

const problem = (at: string, key: string, what: string) => new PooltopError('config', `${at}: ${key}: ${what}`);

function duration(at: string, key: string, value: unknown, minS = 0): number {
  const seconds = typeof value === 'string' ? parseDurationS(value) : undefined;
  if (seconds === undefined) throw problem(at, key, `must be a duration such as ${DURATION_EXAMPLES}`);
  if (seconds < minS) throw problem(at, key, `must be at least ${minS}s`);
  return seconds;
}

function unknownKeys(at: string, prefix: string, table: Record<string, unknown>, known: readonly string[]) {
  for (const key of Object.keys(table)) {
    if (!known.includes(key)) throw problem(at, `${prefix}${key}`, `unknown key (known: ${known.join(', ')})`);
  }
}

/** `50%` or `0.5`: a share strictly between 0 and 1. */
function share(at: string, key: string, value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text);
  const n = m ? Number(m[1]) / (m[2] ? 100 : 1) : Number.NaN;
  if (!(n > 0 && n < 1)) throw problem(at, key, 'must be a share such as "50%" (more than 0, less than 100%)');
  return n;
}

export function watchFromToml(value: unknown, at: string): WatchSettings {
  if (!isTable(value)) throw problem(at, 'watch', 'must be a table ([watch])');
  unknownKeys(at, 'watch.', value, KEYS);
  const out: WatchSettings = { ...DEFAULT_WATCH, workers: { ...DEFAULT_WATCH.workers } };
  if (value.interval !== undefined) {
    out.intervalS = duration(at, 'watch.interval', value.interval, WATCH_INTERVAL_MIN_S);
  }
  if (value.for !== undefined) out.forS = duration(at, 'watch.for', value.for);
  if (value.repeat !== undefined) out.repeatS = duration(at, 'watch.repeat', value.repeat);
  const workers = value.workers;
  if (workers !== undefined) {
    if (!isTable(workers)) throw problem(at, 'watch.workers', 'must be a table ([watch.workers])');
    unknownKeys(at, 'watch.workers.', workers, WORKER_KEYS);
    if (workers.offline !== undefined) {
      if (typeof workers.offline !== 'boolean') throw problem(at, 'watch.workers.offline', 'must be true or false');
      out.workers.offline = workers.offline;
    }
    if (workers.drop !== undefined && workers.drop !== false) {
      out.workers.drop = share(at, 'watch.workers.drop', workers.drop);
    }
    if (workers.ignore !== undefined) {
      const list = workers.ignore;
      if (!Array.isArray(list) || !list.every((g) => typeof g === 'string' && g !== '')) {
        throw problem(at, 'watch.workers.ignore', 'must be a list of name patterns such as ["test-*"]');
      }
      out.workers.ignore = list as string[];
      out.workers.ignored = globMatcher(list as string[]);
    }
  }
  return out;
}
