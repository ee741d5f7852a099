/**
 * Makes text that came from the network safe to hand to Ink (or to any terminal).
 *
 * Removed:
 * - C0 controls (U+0000–U+001F) and DEL; C1 controls (U+0080–U+009F).
 * - Whole escape sequences, not just the ESC byte: CSI (`ESC [` / U+009B … final byte),
 *   string sequences OSC, DCS, SOS, PM, APC (`ESC ] P X ^ _` / U+009D U+0090 U+0098 U+009E U+009F,
 *   up to BEL or ST; an unterminated one swallows the rest of the text), nF escapes
 *   (`ESC ( B`) and two-byte escapes (`ESC c`, `ESC 7`).
 * - Bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069,
 *   U+200E, U+200F, U+061C), which can make text display in an order other than its logical one.
 * - Invisible characters that layout counts as zero columns but terminals draw one or two
 *   columns wide (xterm.js: U+3164 is 2, U+200B is 1), so a line of them would overflow the
 *   terminal: soft hyphen, combining grapheme joiner, Hangul fillers, Mongolian vowel separator,
 *   zero-width space, word joiner and invisible operators, BOM. (ZWJ, ZWNJ and variation
 *   selectors stay: emoji and scripts need them.)
 * Replaced:
 * - Tab, CR, LF, U+2028 and U+2029 by a space (LF and U+2028/U+2029 become LF when `multiline`).
 * - Unpaired UTF-16 surrogates by U+FFFD.
 *
 * For a terminal that is not UTF-8 (`unicode: false`, which the caller passes: its terminal's
 * capabilities are such a value), every character outside ASCII then becomes `?` per column it
 * takes. Text that is not shown as is (typed search text, error messages drawn later) passes
 * `KEEP_UNICODE`; whatever shows it cleans it again for its own terminal.
 *
 * Total: any string in, a string out that contains none of the above.
 */
import { asciiData } from './ascii.js';

/** Where text goes: a UTF-8 terminal or not. A terminal's capabilities (`TerminalCaps`) are one. */
export interface TextTarget {
  readonly unicode: boolean;
}

/** Characters outside ASCII kept, for text not shown as is. */
export const KEEP_UNICODE: TextTarget = { unicode: true };

export interface SanitizeOptions extends TextTarget {
  /** Keep line breaks (as `\n`) instead of turning them into spaces. */
  readonly multiline?: boolean;
}

const ESC = 0x1b;
const BEL = 0x07;
const ST_8BIT = 0x9c;
const CSI_8BIT = 0x9b;
/** 8-bit introducers of string sequences: DCS, SOS, OSC, PM, APC. */
const STRING_8BIT = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);
/** Characters that follow ESC to open a string sequence: P (DCS), X (SOS), ] (OSC), ^ (PM), _ (APC). */
const STRING_7BIT = new Set([0x50, 0x58, 0x5d, 0x5e, 0x5f]);
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const INVISIBLE = new Set([
  0x00ad, 0x034f, 0x115f, 0x1160, 0x180e, 0x200b, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xfeff,
  0xffa0,
]);

/** Index just past a CSI body that starts at `i` (after the introducer). */
function skipCsi(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c >= 0x40 && c <= 0x7e) return j + 1; // final byte
    if (c < 0x20 || c > 0x3f) return j; // not a parameter/intermediate byte: sequence ends here
    j++;
  }
  return j;
}

/** Index just past a string sequence body that starts at `i`: ends at BEL, ESC \ or 8-bit ST. */
function skipString(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c === BEL || c === ST_8BIT) return j + 1;
    // ESC \ is ST; any other ESC cancels the string and starts a new sequence.
    if (c === ESC) return s.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
    j++;
  }
  return j; // unterminated: drop the rest
}

/** Index just past the escape sequence whose ESC is at `i`. */
function skipEscape(s: string, i: number): number {
  const next = s.charCodeAt(i + 1);
  if (Number.isNaN(next)) return i + 1;
  if (next === 0x5b) return skipCsi(s, i + 2);
  if (STRING_7BIT.has(next)) return skipString(s, i + 2);
  if (next >= 0x20 && next <= 0x2f) {
    // nF: intermediates, then one final byte 0x30–0x7E.
    let j = i + 2;
    while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
    const f = s.charCodeAt(j);
    return f >= 0x30 && f <= 0x7e ? j + 1 : j;
  }
  if (next >= 0x30 && next <= 0x7e) return i + 2; // Fp / Fe / Fs two-byte escape
  return i + 1; // lone ESC
}

export function sanitize(text: string, opts: SanitizeOptions): string {
  const lineBreak = opts.multiline ? '\n' : ' ';
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === ESC) {
      i = skipEscape(text, i);
      continue;
    }
    if (c === CSI_8BIT) {
      i = skipCsi(text, i + 1);
      continue;
    }
    if (STRING_8BIT.has(c)) {
      i = skipString(text, i + 1);
      continue;
    }
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) {
      if (c === 0x0a) out += lineBreak;
      else if (c === 0x0d) {
        if (text.charCodeAt(i + 1) !== 0x0a) out += lineBreak; // CRLF counts once
      } else if (c === 0x09) out += ' ';
      i++;
      continue;
    }
    if (BIDI.has(c) || INVISIBLE.has(c)) {
      i++;
      continue;
    }
    if (c === 0x2028 || c === 0x2029) {
      out += lineBreak;
      i++;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += text.slice(i, i + 2);
        i += 2;
      } else {
        out += '\ufffd';
        i++;
      }
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += text[i];
    i++;
  }
  return opts.unicode ? out : asciiData(out);
}

/** Printable ASCII, single spaces between words: what `sanitizeLine` returns unchanged. */
const CLEAN_LINE = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/** `sanitize` for one-line fields, with surrounding whitespace trimmed and runs collapsed. */
export function sanitizeLine(text: string, target: TextTarget): string {
  // Most fields are clean: a table redrawn after a sort cleans hundreds of them a frame.
  if (CLEAN_LINE.test(text)) return text;
  return sanitize(text, target).replace(/ {2,}/g, ' ').trim();
}
