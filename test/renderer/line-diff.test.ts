/**
 * changedTail: writing only the tail of a changed line, from the column it returns, must leave a
 * real terminal showing exactly what writing the whole new line shows.
 */
import xterm from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedTail } from '../../src/renderer/line-diff.js';

const COLS = 60;

async function cells(writes: string[]): Promise<string> {
  const term = new xterm.Terminal({ cols: COLS, rows: 2, allowProposedApi: true });
  for (const w of writes) await new Promise<void>((resolve) => term.write(w, resolve));
  const line = term.buffer.active.getLine(0);
  const cell = term.buffer.active.getNullCell();
  let out = '';
  for (let x = 0; x < COLS; x++) {
    line?.getCell(x, cell);
    const attrs = [
      cell.getFgColor(),
      cell.getBgColor(),
      cell.isBold(),
      cell.isUnderline(),
      cell.getWidth(),
    ].map(Number);
    out += `${cell.getChars() || ' '}{${attrs.join(',')}}`;
  }
  term.dispose();
  return out;
}

const whole = (line: string) => `\x1b[1;1H${line}\x1b[0m\x1b[K`;

const STYLES: [string, string][] = [
  ['\x1b[31m', '\x1b[39m'],
  ['\x1b[1m', '\x1b[22m'],
  ['\x1b[44m', '\x1b[49m'],
  ['\x1b[38;5;208m', '\x1b[39m'],
];
const piece = fc.array(
  fc.constantFrom('a', 'b', '1', ' ', ':', '漢', '│', 'é', 'e\u0301', '👍', '👍🏽', '▲'),
  {
    minLength: 1,
    maxLength: 6,
  },
);
const styledPiece = fc
  .tuple(piece, fc.option(fc.constantFrom(...STYLES), { nil: undefined }))
  .map(([chars, style]) => (style ? `${style[0]}${chars.join('')}${style[1]}` : chars.join('')));
const line = fc.array(styledPiece, { maxLength: 5 }).map((parts) => parts.join(''));
/** A line and a variation of it that shares a prefix, as clocks and counters do. */
const pair = fc.tuple(line, line, line).map(([head, a, b]) => [head + a, head + b] as const);

describe('changedTail', () => {
  it('cuts after the common prefix, in columns, reopening the style in effect there', () => {
    expect(changedTail('updated 3s ago  12:00:01', 'updated 3s ago  12:00:02')).toEqual({
      column: 23,
      text: '2',
    });
    expect(changedTail('\x1b[31mred 1\x1b[39m', '\x1b[31mred 2\x1b[39m')).toEqual({
      column: 4,
      text: '\x1b[31m2\x1b[39m',
    });
    expect(changedTail('│ 12 1', '│ 12 2')).toEqual({ column: 5, text: '2' });
    expect(changedTail('abc', 'xyz')).toEqual({ column: 0, text: 'xyz' });
  });

  it('never separates a combining mark or an emoji modifier from its base', () => {
    expect(changedTail('ae', 'ae\u0301')).toEqual({ column: 1, text: 'e\u0301' });
    expect(changedTail('x👍', 'x👍🏽')).toEqual({ column: 0, text: 'x👍🏽' });
  });

  it('trusts no column past a wide character or emoji (terminals disagree on them)', () => {
    expect(changedTail('漢字 1', '漢字 2')).toEqual({ column: 0, text: '漢字 2' });
    expect(changedTail('ok 👍 1', 'ok 👍 2')).toEqual({ column: 2, text: ' 👍 2' });
  });

  it('leaves the terminal as a whole redraw would', async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ([shown, next]) => {
        const { column, text } = changedTail(shown, next);
        const patched = await cells([whole(shown), `\x1b[1;${column + 1}H${text}\x1b[0m\x1b[K`]);
        expect(patched).toBe(await cells([whole(next)]));
      }),
      { numRuns: 300 },
    );
  });
});
