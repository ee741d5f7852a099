/**
 * xterm's default palette: the 16 system colours (by the names Ink/chalk gives them) and the
 * 256-colour cube and grey ramp. Terminals redefine the 16, so they are a reference for
 * contrast and for the nearest colour, not a promise of what the screen shows. Pure.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const SYSTEM_16: ReadonlyArray<readonly [string, Rgb]> = [
  ['black', { r: 0, g: 0, b: 0 }],
  ['red', { r: 205, g: 0, b: 0 }],
  ['green', { r: 0, g: 205, b: 0 }],
  ['yellow', { r: 205, g: 205, b: 0 }],
  ['blue', { r: 0, g: 0, b: 238 }],
  ['magenta', { r: 205, g: 0, b: 205 }],
  ['cyan', { r: 0, g: 205, b: 205 }],
  ['white', { r: 229, g: 229, b: 229 }],
  ['blackBright', { r: 127, g: 127, b: 127 }],
  ['redBright', { r: 255, g: 0, b: 0 }],
  ['greenBright', { r: 0, g: 255, b: 0 }],
  ['yellowBright', { r: 255, g: 255, b: 0 }],
  ['blueBright', { r: 92, g: 92, b: 255 }],
  ['magentaBright', { r: 255, g: 0, b: 255 }],
  ['cyanBright', { r: 0, g: 255, b: 255 }],
  ['whiteBright', { r: 255, g: 255, b: 255 }],
];

export const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

/** The RGB of xterm-256 palette entry `index` (0–255). */
export function xterm256Rgb(index: number): Rgb {
  if (index < 16) return SYSTEM_16[index]?.[1] ?? { r: 0, g: 0, b: 0 };
  if (index >= 232) {
    const v = 8 + 10 * (index - 232);
    return { r: v, g: v, b: v };
  }
  const i = index - 16;
  const level = (n: number): number => CUBE_LEVELS[n] ?? 0;
  return { r: level(Math.floor(i / 36)), g: level(Math.floor(i / 6) % 6), b: level(i % 6) };
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
