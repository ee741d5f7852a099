/**
 * The themes. Colours are an extra: every status is also spelled out in text, so with
 * `NO_COLOR`/`--no-color` every colour below is `undefined` and nothing is lost.
 *
 * The dark theme draws with the 16 system colours, which every colour terminal has. The light
 * theme is for a light background (`--theme light`, or `auto` when the terminal says its
 * background is light, terminal/background.ts): every colour it gives text keeps a contrast of
 * at least 4.5:1 against white (WCAG AA) with xterm's default palette. Of the 16 only red, blue
 * and magenta do (cyan, yellow, green and grey are nearly invisible on white), so with 16
 * colours the light theme leaves the rest in the terminal's own foreground; with 256 it picks
 * darker shades from the cube (test/format/color.test.ts measures every one). Deeper colours
 * (the account swatches) are used only when the terminal advertises them.
 */
/** An Ink `color`: a chalk colour name or `ansi256(N)`. */
export type ColorName = string;

export type Background = 'dark' | 'light';

export interface Theme {
  readonly enabled: boolean;
  /** Active tab, headings, the chart line. */
  readonly accent: ColorName | undefined;
  /** Borders, labels, secondary text. */
  readonly muted: ColorName | undefined;
  readonly ok: ColorName | undefined;
  readonly warn: ColorName | undefined;
  readonly error: ColorName | undefined;
  /** Rows that just appeared (new blocks). */
  readonly highlight: ColorName | undefined;
}

export const COLOR_THEME: Theme = {
  enabled: true,
  accent: 'cyan',
  muted: 'gray',
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  highlight: 'green',
};

/** On white with 16 colours: the three that pass; muted and ok text in the default foreground. */
export const LIGHT_THEME_16: Theme = {
  enabled: true,
  accent: 'blue',
  muted: undefined,
  ok: undefined,
  warn: 'magenta',
  error: 'red',
  highlight: 'blue',
};

/** On white with 256 colours: darker shades of the dark theme's hues. */
export const LIGHT_THEME_256: Theme = {
  enabled: true,
  accent: 'ansi256(25)',
  muted: 'ansi256(242)',
  ok: 'ansi256(28)',
  warn: 'ansi256(130)',
  error: 'ansi256(160)',
  highlight: 'ansi256(28)',
};

export const PLAIN_THEME: Theme = {
  enabled: false,
  accent: undefined,
  muted: undefined,
  ok: undefined,
  warn: undefined,
  error: undefined,
  highlight: undefined,
};

/**
 * The theme for a background (`color === false`: no colour at all); `deep`: the terminal has
 * 256 colours or more.
 */
export function createTheme(color: boolean, background: Background = 'dark', deep = false): Theme {
  if (!color) return PLAIN_THEME;
  if (background === 'dark') return COLOR_THEME;
  return deep ? LIGHT_THEME_256 : LIGHT_THEME_16;
}
