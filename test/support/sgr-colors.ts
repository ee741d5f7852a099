/**
 * The foreground colours a terminal program drew text in, read from its raw output: every SGR
 * foreground (16 colours, 256, true colour) in force while visible text was written, as the RGB
 * xterm shows by default. Cells of block glyphs (a colour swatch, a bar) are not text.
 */
import { type Rgb, SYSTEM_16, xterm256Rgb } from '../../src/format/xterm-palette.js';

const TOKEN =
  /\x1b\[([0-9;:]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\|\x1b[^[\]P]|([^\x1b]+)/g;
/** Visible text: something other than spaces and block glyphs. */
const TEXT = /[^\s\u2580-\u259f]/u;

export interface UsedColor {
  /** The SGR parameters that set it: `36`, `38;5;25`. */
  sgr: string;
  rgb: Rgb;
  /** Some of the text drawn in it. */
  sample: string;
}

function rgbOf(codes: number[]): { sgr: string; rgb: Rgb } | undefined | null {
  const [c, mode, ...rest] = codes;
  if (c === undefined) return undefined;
  if (c >= 30 && c <= 37) return { sgr: String(c), rgb: SYSTEM_16[c - 30]![1] };
  if (c >= 90 && c <= 97) return { sgr: String(c), rgb: SYSTEM_16[c - 90 + 8]![1] };
  if (c === 38 && mode === 5) return { sgr: `38;5;${rest[0]}`, rgb: xterm256Rgb(rest[0] ?? 0) };
  if (c === 38 && mode === 2)
    return {
      sgr: `38;2;${rest.slice(0, 3).join(';')}`,
      rgb: { r: rest[0] ?? 0, g: rest[1] ?? 0, b: rest[2] ?? 0 },
    };
  if (c === 0 || c === 39) return null;
  return undefined;
}

/** Each foreground colour text was drawn in, once. */
export function textColors(raw: string): UsedColor[] {
  const used = new Map<string, UsedColor>();
  let fg: { sgr: string; rgb: Rgb } | null = null;
  for (const m of raw.matchAll(TOKEN)) {
    const [, params, final, text] = m;
    if (text !== undefined) {
      if (fg && TEXT.test(text) && !used.has(fg.sgr))
        used.set(fg.sgr, { ...fg, sample: text.trim().slice(0, 30) });
      continue;
    }
    if (final !== 'm') continue;
    const codes = (params === '' ? '0' : (params ?? '0')).split(/[;:]/).map(Number);
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i] ?? 0;
      if (c === 38 || c === 48) {
        const span = codes[i + 1] === 5 ? 3 : 5;
        if (c === 38) fg = rgbOf(codes.slice(i, i + span)) ?? fg;
        i += span - 1;
        continue;
      }
      const next = rgbOf([c]);
      if (next !== undefined) fg = next;
    }
  }
  return [...used.values()];
}
