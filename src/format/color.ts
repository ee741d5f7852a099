/**
 * The one theme. Colours are an extra: every status is also spelled out in text, so with
 * `NO_COLOR`/`--no-color` every colour below is `undefined` and nothing is lost. The colours are
 * the 16 system colours, which every colour terminal has; deeper colours (the account swatches)
 * are used only when the terminal advertises them (src/terminal/capabilities.ts).
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
