/**
 * The one theme. Colours are an extra: every status is also spelled out in text, so with
 * `NO_COLOR`/`--no-color` every colour below is `undefined` and nothing is lost.
 */

export type ColorName = 'cyan' | 'green' | 'yellow' | 'red' | 'magenta' | 'gray' | 'blue' | 'white';

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

export const PLAIN_THEME: Theme = {
  enabled: false,
  accent: undefined,
  muted: undefined,
  ok: undefined,
  warn: undefined,
  error: undefined,
  highlight: undefined,
};

export function createTheme(color: boolean): Theme {
  return color ? COLOR_THEME : PLAIN_THEME;
}

/** https://no-color.org: a non-empty NO_COLOR turns colour off; `--no-color` does too. */
export function colorEnabled(env: NodeJS.ProcessEnv, noColorFlag = false): boolean {
  return !noColorFlag && !env.NO_COLOR;
}
