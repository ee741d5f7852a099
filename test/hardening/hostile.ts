/**
 * Hostile text for property tests: every control byte, every escape-sequence shape a terminal
 * acts on (CSI, OSC incl. title and clipboard, DCS, SOS/PM/APC, 8-bit C1 forms), bidi
 * overrides, line separators, lone surrogates, and wide/combining characters, mixed with
 * arbitrary Unicode. And the check: where in some output a character that must never reach a
 * terminal from data shows up.
 */
import fc from 'fast-check';

/** Escape shapes that do something on a real terminal. */
export const ESCAPE_SHAPES = [
  '\x1b]0;pwned\x07', // retitle the window
  '\x1b]52;c;cHduZWQ=\x07', // write the clipboard
  '\x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\', // hyperlink
  '\x1b[2J\x1b[H', // clear, home
  '\x1b[31;1m', // colour
  '\x1b[6n', // cursor position report (makes the terminal type)
  '\x1bP1$r\x1b\\', // DCS
  '\x1b_apc\x1b\\',
  '\x1b^pm\x07',
  '\x1bXsos\x1b\\',
  '\x1bc', // full reset
  '\x1b(0', // line-drawing charset
  '\x9b2J', // 8-bit CSI
  '\x9d0;pwned\x9c', // 8-bit OSC … ST
  '\x90q\x9c', // 8-bit DCS
  '\x1b]0;unterminated',
  '\x1b',
] as const;

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const WIDE = [
  '矿池',
  '测试账户',
  '👍',
  '👨‍👩‍👧',
  '🇺🇦',
  'é',
  'e\u0301',
  'a\u0308\u0301',
  '\u200b',
  '\ufeff',
  'ｗｉｄｅ',
];

/** Any single C0 control, DEL or C1 control. */
export const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((c) => String.fromCharCode(c));

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ESCAPE_SHAPES) },
  { weight: 3, arbitrary: controlChar },
  { weight: 1, arbitrary: fc.constantFrom(...BIDI, '\u2028', '\u2029', '\ud800', '\udfff') },
  { weight: 2, arbitrary: fc.constantFrom(...WIDE) },
  { weight: 3, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** A hostile string of up to `maxPieces` pieces (may be empty). */
export function hostileString(maxPieces = 6): fc.Arbitrary<string> {
  return fc.array(piece, { maxLength: maxPieces }).map((parts) => parts.join(''));
}

/** A hostile string that is never empty (for fields a schema requires to be non-empty). */
export function hostileNonEmpty(maxPieces = 6): fc.Arbitrary<string> {
  return fc.array(piece, { minLength: 1, maxLength: maxPieces }).map((parts) => `x${parts.join('')}`);
}

/**
 * Characters that must never reach a terminal from data: ESC and every other C0 control except
 * the line feed that separates lines, DEL, C1, bidi controls, line/paragraph separators and
 * unpaired surrogates.
 */
const FORBIDDEN =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first forbidden character (as `U+XXXX` with context), or undefined when clean. */
export function findLeak(text: string): string | undefined {
  const m = FORBIDDEN.exec(text);
  if (!m) return undefined;
  const code = (m[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0');
  return `U+${code} at ${m.index}: ${JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 30))}`;
}
