/**
 * Whether the terminal's background is light or dark, for `--theme auto`: the terminal's own
 * answer to OSC 11 when it gives one, else `COLORFGBG` (set by rxvt, Konsole and some others),
 * else dark. The answer is read by the dashboard (ui/background-probe.ts before its first frame,
 * the input layer after it, ui/terminal-reports.ts).
 */
import type { Background } from '../format/color.js';
import { type Rgb, relativeLuminance } from '../format/xterm-palette.js';

export type { Background };
export type ThemeChoice = 'auto' | Background;
export const THEME_CHOICES: readonly ThemeChoice[] = ['auto', 'dark', 'light'];

/** "What is your background colour?" (OSC 11 with `?`, ended by BEL, which every terminal accepts). */
export const BACKGROUND_QUERY = '\x1b]11;?\x07';

/** How long after the query an answer still changes the theme. */
export const BACKGROUND_DEADLINE_MS = 150;

/**
 * The colour in an OSC 11 answer's body (`11;rgb:RRRR/GGGG/BBBB`, 1 to 4 hex digits a channel,
 * as XParseColor spells it; some terminals add an alpha: `rgba:…/…/…/…`); undefined otherwise.
 */
export function parseBackgroundReply(body: string): Rgb | undefined {
  const m = /^11;rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?$/i.exec(body);
  if (!m) return undefined;
  const channel = (hex: string): number =>
    Math.round((Number.parseInt(hex, 16) / (16 ** hex.length - 1)) * 255);
  return { r: channel(m[1] ?? '0'), g: channel(m[2] ?? '0'), b: channel(m[3] ?? '0') };
}

/** Light when black text would stand out more on it than white text. */
export function backgroundOfRgb(rgb: Rgb): Background {
  const l = relativeLuminance(rgb);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? 'light' : 'dark';
}

/**
 * `COLORFGBG` is `fg;bg` (or `fg;default;bg`) in the 16-colour numbering: a background of 7
 * (white) or 9–15 (the bright colours but bright black) is light; anything else, or an unset or
 * unreadable value, says nothing.
 */
export function backgroundOfColorFgBg(value: string | undefined): Background | undefined {
  const last = value?.split(';').pop();
  if (last === undefined || !/^\d{1,2}$/.test(last)) return undefined;
  const bg = Number(last);
  if (bg > 15) return undefined;
  return bg === 7 || bg >= 9 ? 'light' : 'dark';
}

/** What the theme starts with, before any answer: the choice itself, else COLORFGBG, else dark. */
export function initialBackground(
  choice: ThemeChoice,
  env: Readonly<Record<string, string | undefined>>,
): Background {
  if (choice !== 'auto') return choice;
  return backgroundOfColorFgBg(env.COLORFGBG) ?? 'dark';
}

/**
 * Sends the query (commands/dashboard.ts, as the dashboard starts). Raw mode first: a terminal in
 * line mode would echo the answer onto the screen and hold it until a newline.
 */
export function askBackground(stdin: NodeJS.ReadStream, stdout: NodeJS.WritableStream): void {
  try {
    if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(true);
    stdout.write(BACKGROUND_QUERY);
  } catch {
    // The terminal is gone; the dashboard will find out.
  }
}
