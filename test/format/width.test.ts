import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { displayWidth, fitWidth, isNarrow, padEnd, padStart, truncate } from '../../src/format/width.js';

describe('width', () => {
  it('measures columns, not code units', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('矿池')).toBe(4);
    expect(displayWidth('👩‍💻')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('truncates to a width with an ellipsis, never splitting a wide char or cluster', () => {
    expect(truncate('hello world', 8, '…')).toBe('hello w…');
    expect(truncate('short', 8, '…')).toBe('short');
    expect(truncate('矿池矿池矿池', 5, '…')).toBe('矿池…');
    expect(displayWidth(truncate('矿池矿池矿池', 6, '…'))).toBeLessThanOrEqual(6);
    expect(truncate('👩‍💻👩‍💻👩‍💻', 4, '…')).toBe('👩‍💻…');
    expect(truncate('abc', 0, '…')).toBe('');
    expect(truncate('abcdef', 3, '')).toBe('abc');
  });

  it('fits to an exact width in every alignment', () => {
    for (const text of ['', 'ab', '矿池', 'a much longer label', '👍x']) {
      for (const width of [1, 2, 5, 9]) {
        for (const align of ['left', 'right', 'center'] as const) {
          expect(displayWidth(fitWidth(text, width, align, '…'))).toBe(width);
        }
      }
    }
    expect(padEnd('矿', 4, '…')).toBe('矿  ');
    expect(padStart('7', 3, '…')).toBe('  7');
    expect(fitWidth('ab', 6, 'center', '…')).toBe('  ab  ');
  });
});

describe('the narrow fast path', () => {
  it('covers only characters string-width counts as one column', () => {
    const wrong: string[] = [];
    let covered = 0;
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (!isNarrow(char)) continue;
      covered++;
      if (stringWidth(char) !== 1) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(covered).toBe(690);
    expect(isNarrow('')).toBe(true);
    expect(isNarrow('©')).toBe(false);
    expect(displayWidth('a©')).toBe(stringWidth('a©'));
  });
});
