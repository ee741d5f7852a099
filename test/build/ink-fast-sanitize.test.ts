/**
 * Ink's sanitizeAnsi with the build's fast path in front (scripts/ink-fast-sanitize.mjs) returns
 * exactly what Ink's own returns, for arbitrary mixes of text, SGR, other CSI, OSC, C1 controls
 * and stray escapes; and an unknown shape of Ink's file fails the build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { fastSanitize } from '../../scripts/ink-fast-sanitize.mjs';

const inkBuild = join(process.cwd(), 'node_modules', 'ink', 'build');
const out = mkdtempSync(join(tmpdir(), 'pooltop-sanitize-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

type Sanitize = (text: string) => string;

async function load(): Promise<{ ink: Sanitize; patched: Sanitize }> {
  const path = join(inkBuild, 'sanitize-ansi.js');
  const source = readFileSync(path, 'utf8');
  const tokenizer = pathToFileURL(join(inkBuild, 'ansi-tokenizer.js')).href;
  const patchedFile = join(out, 'sanitize-ansi.mjs');
  writeFileSync(
    patchedFile,
    (fastSanitize(source, path) as string).replace("'./ansi-tokenizer.js'", `'${tokenizer}'`),
  );
  const ink = (await import(pathToFileURL(path).href)).default as Sanitize;
  const patched = (await import(pathToFileURL(patchedFile).href)).default as Sanitize;
  return { ink, patched };
}

const piece = fc.oneof(
  fc.string(),
  fc.constantFrom('\u001b[0m', '\u001b[31m', '\u001b[1;38;2;10;20;30m', '\u001b[38:5:208m', '\u001b[m'),
  fc.constantFrom('\u001b[2J', '\u001b[?25l', '\u001b[1A', '\u001b[3 q', '\u001b[31', '\u001b[', '\u001b'),
  fc.constantFrom(
    '\u001b]8;;https://x\u0007',
    '\u001b]0;title\u001b\\',
    '\u009b31m',
    '\u009d0;t\u009c',
    '\u0085',
  ),
  fc.constantFrom('─│┌', '日本', '😀', 'é', '\u0000', '\t', '\r\n'),
);

describe('ink-fast-sanitize build plugin', () => {
  it('agrees with Ink’s sanitizeAnsi on arbitrary text', async () => {
    const { ink, patched } = await load();
    for (const sample of ['plain', '\u001b[32mgreen\u001b[39m', '\u001b[2Jcleared', 'a\u009bb']) {
      expect(patched(sample)).toBe(ink(sample));
    }
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(patched(text)).toBe(ink(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses another shape', () => {
    expect(() => fastSanitize('export default (t) => t;', '/x/sanitize-ansi.js')).toThrow(/changed shape/);
  });
});
