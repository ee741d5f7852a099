/**
 * The light themes keep every text colour at WCAG AA (4.5:1) against white, measured with
 * xterm's default palette; the dark theme is what it always was; no colour at all without colour.
 */
import { describe, expect, it } from 'vitest';
import {
  COLOR_THEME,
  createTheme,
  LIGHT_THEME_16,
  LIGHT_THEME_256,
  PLAIN_THEME,
  type Theme,
} from '../../src/format/color.js';
import { contrastRatio, type Rgb, SYSTEM_16, xterm256Rgb } from '../../src/format/xterm-palette.js';

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const ROLES = ['accent', 'muted', 'ok', 'warn', 'error', 'highlight'] as const;

/** The RGB of an Ink colour as xterm draws it by default. */
function rgbOf(color: string): Rgb {
  const deep = /^ansi256\((\d+)\)$/.exec(color);
  if (deep) return xterm256Rgb(Number(deep[1]));
  const name = color === 'gray' || color === 'grey' ? 'blackBright' : color;
  const entry = SYSTEM_16.find(([n]) => n === name);
  if (!entry) throw new Error(`not a colour of the palette: ${color}`);
  return entry[1];
}

const colorsOf = (theme: Theme): string[] =>
  ROLES.flatMap((role) => (theme[role] === undefined ? [] : [theme[role] as string]));

describe('WCAG contrast', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    const red = rgbOf('red');
    expect(contrastRatio(red, WHITE)).toBeCloseTo(contrastRatio(WHITE, red), 10);
  });

  it('finds the dark theme unreadable on white: the reason the light theme exists', () => {
    const failing = colorsOf(COLOR_THEME).filter((c) => contrastRatio(rgbOf(c), WHITE) < 4.5);
    expect(failing).toEqual(expect.arrayContaining(['cyan', 'gray', 'green', 'yellow']));
  });

  it.each([
    ['16 colours', LIGHT_THEME_16],
    ['256 colours', LIGHT_THEME_256],
  ])('keeps every colour of the light theme (%s) at 4.5:1 or more against white', (_, theme) => {
    const colors = colorsOf(theme);
    expect(colors.length).toBeGreaterThanOrEqual(3);
    for (const c of colors) expect(contrastRatio(rgbOf(c), WHITE), c).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the 256-colour light theme a colour for every role (only the 16 leave some to the terminal)', () => {
    for (const role of ROLES) expect(LIGHT_THEME_256[role], role).toBeDefined();
  });
});

describe('createTheme', () => {
  it('picks the theme for the background and the depth; no colour wins over both', () => {
    expect(createTheme(true)).toBe(COLOR_THEME);
    expect(createTheme(true, 'dark', true)).toBe(COLOR_THEME);
    expect(createTheme(true, 'light')).toBe(LIGHT_THEME_16);
    expect(createTheme(true, 'light', true)).toBe(LIGHT_THEME_256);
    expect(createTheme(false, 'light', true)).toBe(PLAIN_THEME);
  });
});

describe('the xterm-256 palette', () => {
  it('has the 16, the cube and the grey ramp where xterm puts them', () => {
    expect(xterm256Rgb(1)).toEqual({ r: 205, g: 0, b: 0 });
    expect(xterm256Rgb(16)).toEqual({ r: 0, g: 0, b: 0 });
    expect(xterm256Rgb(25)).toEqual({ r: 0, g: 95, b: 175 });
    expect(xterm256Rgb(231)).toEqual({ r: 255, g: 255, b: 255 });
    expect(xterm256Rgb(232)).toEqual({ r: 8, g: 8, b: 8 });
    expect(xterm256Rgb(255)).toEqual({ r: 238, g: 238, b: 238 });
  });
});
