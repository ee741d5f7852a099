/**
 * The account's own colour for its swatch, in the depth the terminal advertises
 * (src/terminal/capabilities.ts): `#RRGGBB` as true colour; on 256 colours the nearest colour of
 * the xterm palette's 6×6×6 cube and grey ramp (the 16 system colours are left out because every
 * terminal theme redefines them); on 16 colours the nearest of those (a rough guide, but never a
 * sequence the terminal did not advertise). Returns an Ink `color` value.
 */
import type { ColorDepth } from '../../terminal/capabilities.js';
import { CUBE_LEVELS, type Rgb, SYSTEM_16 } from '../../format/xterm-palette.js';

/** The name of the nearest of the 16 system colours. */
export function nearestSystem16(rgb: Rgb): string {
  let best = SYSTEM_16[0] ?? ['white', rgb];
  for (const entry of SYSTEM_16) if (distance(rgb, entry[1]) < distance(rgb, best[1])) best = entry;
  return best[0];
}

/** Strict `#RRGGBB` (any case); anything else from the network is not a colour. */
export function parseHexColor(text: string): Rgb | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (!m) return undefined;
  return {
    r: Number.parseInt(m[1] ?? '', 16),
    g: Number.parseInt(m[2] ?? '', 16),
    b: Number.parseInt(m[3] ?? '', 16),
  };
}

/** The index (16–255) of the xterm-256 palette entry nearest to `rgb`. */
export function nearestXterm256(rgb: Rgb): number {
  const level = (v: number) => nearestIndex(CUBE_LEVELS, v);
  const ri = level(rgb.r);
  const gi = level(rgb.g);
  const bi = level(rgb.b);
  const cube: Rgb = { r: CUBE_LEVELS[ri] ?? 0, g: CUBE_LEVELS[gi] ?? 0, b: CUBE_LEVELS[bi] ?? 0 };
  const cubeIndex = 16 + 36 * ri + 6 * gi + bi;
  // Grey ramp 232–255: 8, 18, …, 238.
  const mean = (rgb.r + rgb.g + rgb.b) / 3;
  const greyStep = Math.min(23, Math.max(0, Math.round((mean - 8) / 10)));
  const greyValue = 8 + 10 * greyStep;
  const grey: Rgb = { r: greyValue, g: greyValue, b: greyValue };
  return distance(rgb, grey) < distance(rgb, cube) ? 232 + greyStep : cubeIndex;
}

/** The Ink colour for a swatch, or undefined when `hex` is not a valid colour or colour is off. */
export function swatchColor(hex: string, depth: ColorDepth): string | undefined {
  const rgb = parseHexColor(hex);
  if (!rgb || depth === 'none') return undefined;
  if (depth === 'truecolor') return hex.toUpperCase();
  if (depth === '256') return `ansi256(${nearestXterm256(rgb)})`;
  return nearestSystem16(rgb);
}

function nearestIndex(levels: readonly number[], v: number): number {
  let best = 0;
  for (let i = 1; i < levels.length; i++) {
    if (Math.abs((levels[i] ?? 0) - v) < Math.abs((levels[best] ?? 0) - v)) best = i;
  }
  return best;
}

/** Squared distance, weighted roughly by how sensitive the eye is to each channel. */
function distance(a: Rgb, b: Rgb): number {
  const dr = a.r - b.r;
  const dg = a.g - b.g;
  const db = a.b - b.b;
  return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}
