/**
 * The `[history]` table of pooltop's preferences file (alerts/preferences.ts reads the file):
 *
 *   [history]
 *   enabled   = true     # record what watch, the dashboard and the exporter read (default true)
 *   keep_fine = "35d"    # how long 5-minute values are kept (default 35d; hourly ~400 days,
 *                        # daily values and presence for ever)
 *
 * Every bad value is one line naming the file and the key.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { isTable, tomlTypeName } from './config-file.js';
import { DURATION_EXAMPLES, parseDurationS } from './duration.js';

export interface HistoryPreferences {
  enabled: boolean;
  /** Seconds 5-minute values are kept. */
  keepFineS: number;
}

export const KEEP_FINE_DEFAULT_S = 35 * 86_400;
/** A day at least (the roll-up to hours needs whole hours), ~400 days at most (hourly's own span). */
const KEEP_FINE_MIN_S = 86_400;
const KEEP_FINE_MAX_S = 400 * 86_400;

export const DEFAULT_HISTORY: HistoryPreferences = { enabled: true, keepFineS: KEEP_FINE_DEFAULT_S };

const KEYS = ['enabled', 'keep_fine'] as const;

function problem(path: string, key: string, what: string): PooltopError {
  return new PooltopError('config', `${path}: history${key ? `.${key}` : ''}: ${what}`);
}

export function historyPreferencesFromToml(value: unknown, path: string): HistoryPreferences {
  if (value === undefined) return DEFAULT_HISTORY;
  if (!isTable(value)) throw problem(path, '', `must be a table ([history]), not ${tomlTypeName(value)}`);
  const out: HistoryPreferences = { ...DEFAULT_HISTORY };
  for (const [key, v] of Object.entries(value)) {
    if (key === 'enabled') {
      if (typeof v !== 'boolean') throw problem(path, key, `must be true or false, not ${tomlTypeName(v)}`);
      out.enabled = v;
    } else if (key === 'keep_fine') {
      const s = typeof v === 'string' ? parseDurationS(v) : undefined;
      if (s === undefined) throw problem(path, key, `must be a duration such as ${DURATION_EXAMPLES}`);
      if (s < KEEP_FINE_MIN_S || s > KEEP_FINE_MAX_S) throw problem(path, key, 'must be between 1d and 400d');
      out.keepFineS = s;
    } else {
      throw problem(path, key.slice(0, 40), `unknown key (known: ${KEYS.join(', ')})`);
    }
  }
  return out;
}
