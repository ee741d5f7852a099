/**
 * pooltop's own preferences file: `$XDG_CONFIG_HOME/pooltop/config.toml`, else
 * `~/.config/pooltop/config.toml`. It holds no API credentials (they stay in the WhiteBIT CLI's
 * `~/.whitebit/config.toml`), only how pooltop behaves: the alert thresholds, the watcher's
 * `[watch]` and where its messages go (`[[notify]]`, whose URLs are secrets of their own):
 *
 *   [thresholds.pool]
 *   hashrate = { warning = "150P:", critical = "100P:" }
 *
 * A missing file means no preferences. Every problem is one line naming the file and the key.
 */
import { isAbsolute, join } from 'node:path';
import { NO_THRESHOLDS, type ThresholdSet, thresholdsFromToml } from './thresholds.js';
import { DEFAULT_WATCH, type WatchSettings, watchFromToml } from './watch-settings.js';
import { PooltopError } from '../errors/pooltop-error.js';
import {
  errnoCode,
  MAX_CONFIG_BYTES,
  parseTomlDocument,
  type ReadConfigFile,
  readFailure,
  readRealFile,
} from '../config/config-file.js';
import { homeDir } from '../config/paths.js';
import { type UiPreferences, uiPreferencesFromToml } from '../config/ui-preferences.js';

export interface Preferences {
  /** The file consulted (it may not exist). */
  path: string;
  exists: boolean;
  thresholds: ThresholdSet;
  /** `[watch]`: the watcher's cadence, hold time and worker rules. */
  watch: WatchSettings;
  /** `[[notify]]` as written; `pooltop watch` reads it (watch/notify). */
  notify: unknown;
  ui: UiPreferences;
}

/** Top-level keys the file may hold. */
const KNOWN_KEYS = ['thresholds', 'watch', 'notify', 'ui'] as const;
const WHAT = 'preferences file';

export function preferencesPath(env: NodeJS.ProcessEnv, home?: string): string {
  // The XDG spec says a relative value is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homeDir(home), '.config');
  return join(base, 'pooltop', 'config.toml');
}

export function loadPreferences(
  env: NodeJS.ProcessEnv,
  opts: { home?: string; read?: ReadConfigFile } = {},
): Preferences {
  const path = preferencesPath(env, opts.home);
  let text: string;
  try {
    text = (opts.read ?? readRealFile)(path).text;
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { path, exists: false, thresholds: NO_THRESHOLDS, watch: DEFAULT_WATCH, notify: undefined, ui: {} };
    throw readFailure(path, code, e, WHAT);
  }
  if (text.length > MAX_CONFIG_BYTES) throw readFailure(path, 'EFBIG', undefined, WHAT);
  const doc = parseTomlDocument(WHAT, path, text);
  for (const key of Object.keys(doc)) {
    if (!(KNOWN_KEYS as readonly string[]).includes(key)) {
      throw new PooltopError('config', `${path}: ${key}: unknown key (known: ${KNOWN_KEYS.join(', ')})`);
    }
  }
  const thresholds = doc.thresholds === undefined ? NO_THRESHOLDS : thresholdsFromToml(doc.thresholds, path);
  const watch = doc.watch === undefined ? DEFAULT_WATCH : watchFromToml(doc.watch, path);
  return { path, exists: true, thresholds, watch, notify: doc.notify, ui: uiPreferencesFromToml(doc.ui, path) };
}
