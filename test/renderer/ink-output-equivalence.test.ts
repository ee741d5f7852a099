/**
 * src/renderer/output replaces Ink's build/output.js in the bundle and in tests. Both are driven with the same
 * random operations (writes of styled, multi-line text, overlapping writes, nested clips,
 * transformers, negative x, wide characters) and their frames are drawn by a real terminal
 * emulator: every cell must hold the same character with the same colours and attributes.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import xterm from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import FastOutput, { type Clip, type Transformer } from '../../src/renderer/output/output.js';

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type OutputClass = new (options: { width: number; height: number }) => OutputLike;

const inkOutputUrl = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('ink')), 'output.js'),
).href;
const InkOutput = ((await import(inkOutputUrl)) as { default: OutputClass }).default;

const WIDTH = 24;
const HEIGHT = 6;

type Op =
  | { kind: 'write'; x: number; y: number; text: string; transform: number }
  | { kind: 'clip'; clip: Clip }
  | { kind: 'unclip' };

const TRANSFORMS: Transformer[][] = [
  [],
  [(line) => `\x1b[32m${line}\x1b[39m`],
  [(line, index) => `\x1b[1m${line}\x1b[22m${index}`, (line) => `\x1b[44m${line}\x1b[49m`],
];

const STYLES: [string, string][] = [
  ['\x1b[31m', '\x1b[39m'],
  ['\x1b[1m', '\x1b[22m'],
  ['\x1b[42m', '\x1b[49m'],
  ['\x1b[38;5;208m', '\x1b[39m'],
  ['\x1b[38;2;10;200;30m', '\x1b[39m'],
  ['\x1b[4m', '\x1b[24m'],
  ['\x1b[7m', '\x1b[27m'],
];

const styled = (word: fc.Arbitrary<string>) =>
  fc.oneof(
    word,
    fc.tuple(word, fc.constantFrom(...STYLES)).map(([w, [on, off]]) => `${on}${w}${off}`),
    fc
      .tuple(word, word, fc.constantFrom(...STYLES), fc.constantFrom(...STYLES))
      .map(([a, b, [on1, off1], [on2, off2]]) => `${on1}${a}${on2}${b}${off2}${off1}`),
  );

const narrowWord = fc.stringMatching(/^[a-z0-9 ─│╭╮╰╯█▄]{1,9}$/);
const narrowText = fc
  .array(styled(narrowWord), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(''));
const lines = (text: fc.Arbitrary<string>) =>
  fc.array(text, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n'));

const clipArb = fc
  .tuple(
    fc.integer({ min: 0, max: WIDTH }),
    fc.integer({ min: 0, max: WIDTH }),
    fc.integer({ min: 0, max: HEIGHT }),
    fc.integer({ min: 0, max: HEIGHT }),
    fc.constantFrom('both', 'x', 'y'),
  )
  .map(([a, b, c, d, axes]): Op => {
    const clip: Clip = {};
    if (axes !== 'y') Object.assign(clip, { x1: Math.min(a, b), x2: Math.max(a, b) });
    if (axes !== 'x') Object.assign(clip, { y1: Math.min(c, d), y2: Math.max(c, d) });
    return { kind: 'clip', clip };
  });

const narrowOps = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('write' as const),
        x: fc.integer({ min: -4, max: WIDTH - 1 }),
        y: fc.integer({ min: 0, max: HEIGHT - 1 }),
        text: lines(narrowText),
        transform: fc.nat(TRANSFORMS.length - 1),
      }),
    },
    { weight: 1, arbitrary: clipArb },
    { weight: 1, arbitrary: fc.constant({ kind: 'unclip' } as Op) },
  ),
  { maxLength: 14 },
);

function draw(Output: OutputClass, ops: Op[]): string {
  const output = new Output({ width: WIDTH, height: HEIGHT });
  let depth = 0;
  for (const op of ops) {
    if (op.kind === 'write')
      output.write(op.x, op.y, op.text, { transformers: TRANSFORMS[op.transform] ?? [] });
    else if (op.kind === 'clip') {
      output.clip(op.clip);
      depth++;
    } else if (depth > 0) {
      output.unclip();
      depth--;
    }
  }
  return output.get().output;
}

/** The frame as a terminal shows it: one string per row, a token per cell (character + attributes). */
async function screen(frame: string): Promise<string[]> {
  const cols = WIDTH * 3;
  const term = new xterm.Terminal({ cols, rows: HEIGHT + 1, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(frame.replaceAll('\n', '\r\n'), resolve));
  const rows: string[] = [];
  const cell = term.buffer.active.getNullCell();
  for (let y = 0; y < HEIGHT; y++) {
    const line = term.buffer.active.getLine(y);
    const cells: string[] = [];
    for (let x = 0; x < cols; x++) {
      line?.getCell(x, cell);
      const char = cell.getChars() || (cell.getWidth() === 0 ? '' : ' ');
      const attrs = [
        cell.getFgColorMode(),
        cell.getFgColor(),
        cell.getBgColorMode(),
        cell.getBgColor(),
        cell.isBold(),
        cell.isDim(),
        cell.isItalic(),
        cell.isUnderline(),
        cell.isInverse(),
      ]
        .map(Number)
        .join(',');
      cells.push(attrs === '0,-1,0,-1,0,0,0,0,0' ? char : `${char}{${attrs}}`);
    }
    while (cells.at(-1) === ' ') cells.pop();
    rows.push(cells.join(''));
  }
  term.dispose();
  return rows;
}

const same = async (ops: Op[]) => {
  const [ours, ink] = await Promise.all([screen(draw(FastOutput, ops)), screen(draw(InkOutput, ops))]);
  expect(ours).toEqual(ink);
};

describe('src/renderer/output draws what Ink 8 Output draws', () => {
  it('styled narrow text: overlaps, nested clips, transformers, negative x', async () => {
    await fc.assert(fc.asyncProperty(narrowOps, same), { numRuns: 300 });
  });

  it('wide characters and emoji, one write per row', async () => {
    const wideWord = fc
      .array(fc.constantFrom('a', 'b', ' ', '漢', '字', '語', '👍🏽', 'é', 'e\u0301'), {
        minLength: 1,
        maxLength: 8,
      })
      .map((parts) => parts.join(''));
    const rowWrites = fc.uniqueArray(
      fc.record({
        kind: fc.constant('write' as const),
        x: fc.integer({ min: 0, max: WIDTH - 1 }),
        y: fc.integer({ min: 0, max: HEIGHT - 1 }),
        text: styled(wideWord),
        transform: fc.nat(TRANSFORMS.length - 1),
      }),
      { selector: (op) => op.y, maxLength: HEIGHT },
    );
    await fc.assert(fc.asyncProperty(rowWrites, same), { numRuns: 200 });
  });

  it('an example by hand: a box border over text, clipped', async () => {
    await same([
      { kind: 'write', x: 0, y: 0, text: 'hello world, a long line\nsecond', transform: 0 },
      { kind: 'write', x: 3, y: 0, text: '\x1b[31m╭──╮\x1b[39m', transform: 0 },
      { kind: 'clip', clip: { x1: 2, x2: 9, y1: 1, y2: 3 } },
      { kind: 'write', x: 0, y: 1, text: 'abcdefghijklmnop\nqrstuvwxyz\nnot shown', transform: 1 },
      { kind: 'unclip' },
    ]);
  });
});
