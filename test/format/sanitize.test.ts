import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitize, sanitizeLine, KEEP_UNICODE } from '../../src/format/sanitize.js';

/** Anything a terminal would act on rather than print. */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('sanitize', () => {
  it('keeps ordinary text, CJK and emoji', () => {
    expect(sanitize('EU-1 矿池 ⛏️ 👩‍💻 café', KEEP_UNICODE)).toBe('EU-1 矿池 ⛏️ 👩‍💻 café');
  });

  it('removes whole CSI sequences, not just ESC', () => {
    expect(sanitize('\x1b[31mred\x1b[0m \x1b[2J\x1b[?1049lok', KEEP_UNICODE)).toBe('red ok');
    expect(sanitize('a\x9b31mb', KEEP_UNICODE)).toBe('ab');
  });

  it('removes OSC (hyperlinks, titles, clipboard) terminated by BEL or ST', () => {
    expect(sanitize('\x1b]0;pwned\x07title', KEEP_UNICODE)).toBe('title');
    expect(sanitize('\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\', KEEP_UNICODE)).toBe('link');
    expect(sanitize('\x1b]52;c;aGk=\x07x', KEEP_UNICODE)).toBe('x');
    expect(sanitize('\x9d0;t\x9cy', KEEP_UNICODE)).toBe('y');
  });

  it('removes DCS, SOS, PM and APC strings, 7- and 8-bit', () => {
    expect(sanitize('a\x1bPq#0;2;0;0;0\x1b\\b', KEEP_UNICODE)).toBe('ab');
    expect(sanitize('a\x1b_apc\x1b\\b\x1b^pm\x07c\x1bXsos\x1b\\d', KEEP_UNICODE)).toBe('abcd');
    expect(sanitize('a\x90dcs\x9cb', KEEP_UNICODE)).toBe('ab');
  });

  it('drops an unterminated string sequence to the end', () => {
    expect(sanitize('safe\x1b]0;never ends', KEEP_UNICODE)).toBe('safe');
  });

  it('lets a new escape cancel a string sequence', () => {
    expect(sanitize('\x1b]0;t\x1b[31mx', KEEP_UNICODE)).toBe('x');
  });

  it('removes two-byte and nF escapes and a trailing lone ESC', () => {
    expect(sanitize('\x1bcA\x1b7B\x1b(0C\x1b', KEEP_UNICODE)).toBe('ABC');
  });

  it('removes C0, DEL and C1 controls; tabs and line breaks become spaces', () => {
    expect(sanitize('a\x00b\x07c\x08d\x7fe\x85f', KEEP_UNICODE)).toBe('abcdef');
    expect(sanitize('a\tb\nc\r\nd\re\u2028f', KEEP_UNICODE)).toBe('a b c d e f');
  });

  it('keeps line breaks as LF when multiline', () => {
    expect(sanitize('a\r\nb\nc\u2029d', { unicode: true, multiline: true })).toBe('a\nb\nc\nd');
  });

  it('removes bidi embeddings, overrides, isolates and marks', () => {
    expect(sanitize('abc\u202edcba\u202c \u2066x\u2069\u200e\u200f\u061c', KEEP_UNICODE)).toBe('abcdcba x');
  });

  it('removes invisible characters terminals draw wider than layout counts them, keeping ZWJ emoji', () => {
    expect(sanitize('a\u200b\u2060\u3164\u1160\u115f\uffa0\u00ad\u034f\u180e\ufeffb', KEEP_UNICODE)).toBe(
      'ab',
    );
    expect(sanitize('👨\u200d👩\u200d👧 ❤\ufe0f', KEEP_UNICODE)).toBe('👨\u200d👩\u200d👧 ❤\ufe0f');
  });

  it('replaces unpaired surrogates', () => {
    expect(sanitize('a\ud800b\udc00c', KEEP_UNICODE)).toBe('a\ufffdb\ufffdc');
    expect(sanitize('😀', KEEP_UNICODE)).toBe('😀');
  });

  it('sanitizeLine trims and collapses spaces', () => {
    expect(sanitizeLine('  EU \n\n west  ', KEEP_UNICODE)).toBe('EU west');
  });

  it('sanitizeLine returns what the whole cleaning would, clean lines included (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '7', '-', ' ', '\t', '\x1b', '[', 'é', '\x7f') });
    fc.assert(
      fc.property(text, fc.boolean(), (t, unicode) => {
        const target = { unicode };
        expect(sanitizeLine(t, target)).toBe(sanitize(t, target).replace(/ {2,}/g, ' ').trim());
      }),
    );
  });

  it('never lets a control or ESC through, and is idempotent (property)', () => {
    const pieces = fc.constantFrom(
      '\x1b',
      '[',
      ']',
      'P',
      '_',
      '^',
      'X',
      '\\',
      '\x07',
      '\x9b',
      '\x9c',
      '\x9d',
      '\x90',
      '\u202e',
      '\u2066',
      '\ud800',
      '\udc00',
      '\n',
      '\r',
      '\t',
      'a',
      '1',
      ';',
      'm',
      '矿',
      '👍',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        const out = sanitize(parts.join(''), KEEP_UNICODE);
        expect(out).not.toMatch(UNSAFE);
        expect(out.includes('\x1b')).toBe(false);
        expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        expect(sanitize(out, KEEP_UNICODE)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });
});
