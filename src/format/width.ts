/**
 * Display-width aware truncation and padding. Terminal columns, not UTF-16 units: CJK and most
 * emoji take two columns, combining marks none. Grapheme clusters are never split.
 */
import stringWidth from 'string-width';
import { graphemes } from './graphemes.js';

/**
 * Characters string-width gives one column each, so a text made only of them is as wide as it is
 * long: printable ASCII and Latin-1 (not ©, ® or the soft hyphen), general punctuation (dashes,
 * quotes, bullets, ellipsis, ‹ ›; not ‼ ⁉, the invisible marks or the line separators), ↑↓←→,
 * box drawing, blocks and ■□▲▼●, braille (the spinner). test/format/width.test.ts checks every
 * character of the class against string-width.
 */
const NARROW =
  /^[\x20-\x7e\xa0-\xa8\xaa-\xac\xaf-\xff\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u2190-\u2193\u2500-\u25a9\u25b2\u25bc\u25cf\u2800-\u28ff]*$/;

export type Align = 'left' | 'right' | 'center';

/** Columns of plain text (no escape sequences); ASCII and box drawing skip string-width. */
export function displayWidth(text: string): number {
  return isNarrow(text) ? text.length : stringWidth(text);
}

/** True when every UTF-16 unit of `text` is one column (the common case, measured for free). */
export function isNarrow(text: string): boolean {
  return NARROW.test(text);
}

/**
 * At most `max` columns; when cut, ends with `ellipsis`, which counts toward `max` (the terminal's:
 * `…`, or `...` in ASCII — `Glyphs.ellipsis`).
 */
export function truncate(text: string, max: number, ellipsis: string): string {
  if (max <= 0) return '';
  if (displayWidth(text) <= max) return text;
  const tail = displayWidth(ellipsis) <= max ? ellipsis : '';
  const room = max - displayWidth(tail);
  let out = '';
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    out += segment;
    used += w;
  }
  return out + tail;
}

/** The end of `text` in at most `max` columns (whole grapheme clusters), for inputs that grow at the end. */
export function lastColumns(text: string, max: number): string {
  if (max <= 0) return '';
  const parts = Array.from(graphemes(text), (s) => s.segment);
  let out = '';
  let used = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] ?? '';
    const w = displayWidth(part);
    if (used + w > max) break;
    out = part + out;
    used += w;
  }
  return out;
}

/** Exactly `width` columns: truncated with `ellipsis` if longer, padded with spaces if shorter. */
export function fitWidth(text: string, width: number, align: Align, ellipsis: string): string {
  if (width <= 0) return '';
  const cut = truncate(text, width, ellipsis);
  const gap = width - displayWidth(cut);
  if (gap <= 0) return cut;
  if (align === 'right') return ' '.repeat(gap) + cut;
  if (align === 'center') {
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + cut + ' '.repeat(gap - left);
  }
  return cut + ' '.repeat(gap);
}

/** At least `width` columns: padded with spaces, never cut (for cells already measured to fit). */
export function padTo(text: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'left' ? text + gap : gap + text;
}

export function padEnd(text: string, width: number, ellipsis: string): string {
  return fitWidth(text, width, 'left', ellipsis);
}

export function padStart(text: string, width: number, ellipsis: string): string {
  return fitWidth(text, width, 'right', ellipsis);
}
