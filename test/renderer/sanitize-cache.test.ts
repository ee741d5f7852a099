/**
 * The cache in front of Ink's text sanitiser answers exactly as Ink's own, for strings met once,
 * met again, and met again after the cache has turned over.
 */
import inkSanitizeAnsi from 'ink-sanitize-ansi';
import { describe, expect, it } from 'vitest';
import sanitizeAnsi from '../../src/renderer/output/sanitize-cache.js';

const SAMPLES = [
  'plain text',
  '\x1b[31mred\x1b[39m and \x1b[1mbold\x1b[22m',
  'cursor \x1b[2Jcleared\x1b[H home',
  'a\x07bell and a \x00nul',
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
  '\x1b[38:2::255:0:0mcolon truecolor\x1b[0m',
  '\x1b[31m\u0301mark after style',
  'tab\tand\nnewline',
  '\x9b31mC1 CSI',
];

describe('sanitize cache', () => {
  it('answers as Ink does, first time and from the cache', () => {
    for (const text of SAMPLES) expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
    for (const text of SAMPLES) expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
  });

  it('still answers as Ink does after many other strings turned the cache over', () => {
    for (const text of SAMPLES) sanitizeAnsi(text);
    for (let i = 0; i < 5000; i++) {
      const text = `\x1b[3${i % 8}mrow ${i}\x1b[39m\x1b[K`;
      expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
    }
    for (const text of SAMPLES) expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
  });
});
