/**
 * The glyphs of the loaded list in one place: sort markers and the progress bar, in UTF-8 or
 * ASCII. The choice follows the locale (a C/POSIX or non-UTF-8 locale gets ASCII) until the
 * dashboard decides terminal capabilities once for every view.
 */
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

export function glyphsFromEnv(env: NodeJS.ProcessEnv): ListGlyphs {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  if (locale === undefined || locale === '') return UTF8_GLYPHS;
  return /utf-?8/i.test(locale) ? UTF8_GLYPHS : ASCII_GLYPHS;
}

/** `▕████░░░░▏` for a share 0..1 of `width` cells inside the ends. */
export function progressBar(fraction: number, width: number, g: ListGlyphs): string {
  const inner = Math.max(1, width - 2);
  const full = Math.round(Math.min(1, Math.max(0, fraction)) * inner);
  return `${g.barLeft}${g.barFull.repeat(full)}${g.barEmpty.repeat(inner - full)}${g.barRight}`;
}
