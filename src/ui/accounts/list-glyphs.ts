/**
 * The glyphs of the loaded list in one place: sort markers and the progress bar, in UTF-8 or
 * ASCII, as the terminal's capabilities say (src/terminal/capabilities.ts).
 */
import type { TextTarget } from '../../format/sanitize.js';

export interface ListGlyphs {
  asc: string;
  desc: string;
  barFull: string;
  barEmpty: string;
  barLeft: string;
  barRight: string;
}

export const UTF8_GLYPHS: ListGlyphs = {
  asc: '▲',
  desc: '▼',
  barFull: '█',
  barEmpty: '░',
  barLeft: '▕',
  barRight: '▏',
};
export const ASCII_GLYPHS: ListGlyphs = {
  asc: '^',
  desc: 'v',
  barFull: '#',
  barEmpty: '.',
  barLeft: '[',
  barRight: ']',
};

export function listGlyphs(term: TextTarget): ListGlyphs {
  return term.unicode ? UTF8_GLYPHS : ASCII_GLYPHS;
}

/** `▕████░░░░▏` for a share 0..1 of `width` cells inside the ends. */
export function progressBar(fraction: number, width: number, g: ListGlyphs): string {
  const inner = Math.max(1, width - 2);
  const full = Math.round(Math.min(1, Math.max(0, fraction)) * inner);
  return `${g.barLeft}${g.barFull.repeat(full)}${g.barEmpty.repeat(inner - full)}${g.barRight}`;
}
