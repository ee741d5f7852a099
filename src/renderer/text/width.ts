/**
 * Terminal columns of plain text (no escape sequences). The renderer's own copy of the measure
 * pooltop's formatters use, so this package stands alone: ASCII, box drawing and the like are
 * as wide as they are long; everything else goes through string-width.
 */
import stringWidth from 'string-width';

/**
 * Characters string-width gives one column each: printable ASCII and Latin-1 (not ©, ® or the
 * soft hyphen), general punctuation (not ‼ ⁉, the invisible marks or the line separators),
 * ↑↓←→, box drawing, blocks and ■□▲▼●, braille.
 */
const NARROW =
  /^[\x20-\x7e\xa0-\xa8\xaa-\xac\xaf-\xff\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u2190-\u2193\u2500-\u25a9\u25b2\u25bc\u25cf\u2800-\u28ff]*$/;

/** True when every UTF-16 unit of `text` is one column (the common case, measured for free). */
export function isNarrow(text: string): boolean {
  return NARROW.test(text);
}

/** Columns of plain text; narrow text skips string-width. */
export function displayWidth(text: string): number {
  return isNarrow(text) ? text.length : stringWidth(text);
}
