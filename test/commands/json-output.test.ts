import { describe, expect, it } from 'vitest';
import { toSafeJson } from '../../src/commands/json-output.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

/** Every character a terminal could act on or reorder text by. */
const UNSAFE = [
  ...Array.from({ length: 0x20 }, (_, c) => c),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCharCode(c));

describe('toSafeJson', () => {
  it('writes every C0, DEL, C1, bidi and separator character as an escape, keeping the value exact', () => {
    const value = { all: UNSAFE.join(''), each: UNSAFE, [UNSAFE.join('')]: 'key too', lone: '\ud800' };
    for (const indent of [undefined, 2]) {
      const text = toSafeJson(value, DEFAULT_TERMINAL, indent);
      const raw = [...text].filter((ch) => UNSAFE.includes(ch) && ch !== '\n');
      expect(raw.map((ch) => ch.charCodeAt(0).toString(16))).toEqual([]);
      expect(text).not.toMatch(/[\ud800-\udfff]/);
      expect(JSON.parse(text)).toEqual(value);
    }
    expect(toSafeJson('\x9b\u202e\u2028', DEFAULT_TERMINAL)).toBe('"\\u009b\\u202e\\u2028"');
  });
});
