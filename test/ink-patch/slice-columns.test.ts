import { describe, expect, it } from 'vitest';
import { lineWidth } from '../../src/ink-patch/ansi-width.js';
import { sliceColumns } from '../../src/ink-patch/slice-columns.js';

const RED = '\x1b[31m';
const OFF = '\x1b[39m';

describe('lineWidth', () => {
  it('counts columns, not escapes or UTF-16 units', () => {
    expect(lineWidth('hello')).toBe(5);
    expect(lineWidth(`${RED}hello${OFF}`)).toBe(5);
    expect(lineWidth('╭──╮')).toBe(4);
    expect(lineWidth('漢字')).toBe(4);
    expect(lineWidth(`${RED}漢${OFF}a`)).toBe(3);
    expect(lineWidth('e\u0301')).toBe(1);
    expect(lineWidth('\x1b]52;c;aGk=\x07ok')).toBe(2);
    expect(lineWidth('')).toBe(0);
  });

  it('gives the same answer from its cache', () => {
    const line = `${RED}▲ 12.3 漢${OFF}`;
    expect(lineWidth(line)).toBe(9);
    expect(lineWidth(line)).toBe(9);
  });
});

describe('sliceColumns', () => {
  it('slices plain ASCII by columns', () => {
    expect(sliceColumns('abcdef', 1, 4)).toBe('bcd');
    expect(sliceColumns('abcdef', 0, 6)).toBe('abcdef');
    expect(sliceColumns('abcdef', 4, 4)).toBe('');
    expect(sliceColumns('abc', 1, 10)).toBe('bc');
  });

  it('keeps the style that was open where the slice starts and closes it at the end', () => {
    const line = `ab${RED}cdef${OFF}gh`;
    expect(sliceColumns(line, 3, 5)).toBe(`${RED}de${OFF}`);
    expect(sliceColumns('\x1b[1m\x1b[44mab', 0, 1)).toBe('\x1b[1;44ma\x1b[49;22m');
    expect(sliceColumns(line, 0, 2)).toBe('ab');
    expect(sliceColumns(line, 5, 8)).toBe(`${RED}f${OFF}gh`);
  });

  it('turns a wide character cut by an edge into spaces, keeping the width exact', () => {
    expect(sliceColumns('a漢字b', 2, 6)).toBe(' 字b');
    expect(sliceColumns('a漢字b', 0, 2)).toBe('a ');
    expect(lineWidth(sliceColumns('漢字漢字', 1, 6))).toBe(5);
  });

  it('never splits a grapheme cluster', () => {
    expect(sliceColumns('xe\u0301y', 1, 2)).toBe('e\u0301');
    expect(sliceColumns('👍🏽ok', 0, 2)).toBe('👍🏽');
  });
});
