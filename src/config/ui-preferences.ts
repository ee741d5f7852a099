/**
 * The `[ui]` table of pooltop's preferences file (alerts/preferences.ts reads the file):
 *
 *   [ui]
 *   theme = "light"     # auto (default) | dark | light; --theme wins
 *   mouse = false       # clicks and the wheel (default true); --no-mouse wins
 *   title = false       # the window title is pooltop's (default true); --no-title wins
 *
 * Every bad value is one line naming the file and the key.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { THEME_CHOICES, type ThemeChoice } from '../terminal/background.js';
import { isTable, tomlTypeName } from './config-file.js';

export interface UiPreferences {
  /** Unset: the default (auto). */
  theme?: ThemeChoice;
  /** Unset: the default (on). */
  mouse?: boolean;
  /** Unset: the default (on). */
  title?: boolean;
}

const KEYS = ['theme', 'mouse', 'title'] as const;

/** How a bad value is named in a message: a string quoted (and clipped), else its TOML type. */
function given(v: unknown): string {
  return typeof v === 'string' ? `"${v.slice(0, 20)}"` : tomlTypeName(v);
}

function problem(path: string, key: string, what: string): PooltopError {
  return new PooltopError('config', `${path}: ui${key ? `.${key}` : ''}: ${what}`);
}

export function uiPreferencesFromToml(value: unknown, path: string): UiPreferences {
  if (value === undefined) return {};
  if (!isTable(value)) throw problem(path, '', `must be a table ([ui]), not ${tomlTypeName(value)}`);
  const out: UiPreferences = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'theme') {
      if (typeof v !== 'string' || !(THEME_CHOICES as readonly string[]).includes(v)) {
        const given = typeof v === 'string' ? `"${v.slice(0, 20)}"` : tomlTypeName(v);
        throw problem(
          path,
          key,
          `must be one of ${THEME_CHOICES.map((c) => `"${c}"`).join(', ')}, not ${given}`,
        );
      }
      out.theme = v as ThemeChoice;
    } else if (key === 'mouse' || key === 'title') {
      if (typeof v !== 'boolean') throw problem(path, key, `must be true or false, not ${given(v)}`);
      out[key] = v;
    } else {
      throw problem(path, key.slice(0, 40), `unknown key (known: ${KEYS.join(', ')})`);
    }
  }
  return out;
}
