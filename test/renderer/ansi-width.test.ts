import { describe, expect, it } from 'vitest';
import { lineWidth, TOKEN } from '../../src/renderer/text/ansi-width.js';

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

describe('TOKEN', () => {
  it('splits a line into escape sequences and the text between them', () => {
    const line = `${RED}ab${OFF}\x1b]8;;https://x\x07漢\x1b]8;;\x07c`;
    expect(Array.from(line.matchAll(TOKEN), (m) => m[0])).toEqual([
      RED,
      'ab',
      OFF,
      '\x1b]8;;https://x\x07',
      '漢',
      '\x1b]8;;\x07',
      'c',
    ]);
  });
});
