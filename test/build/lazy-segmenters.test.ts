/** string-width's and slice-ansi's segmenters are created on first use (scripts/lazy-segmenters.mjs). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { lazySegmenter } from '../../scripts/lazy-segmenters.mjs';

const require = createRequire(join(process.cwd(), 'package.json'));
const targets = [
  require.resolve('string-width'),
  join(process.cwd(), 'node_modules', 'slice-ansi', 'tokenize-ansi.js'),
];

/** The patched segmenter declaration, run with a counting Intl.Segmenter. */
function load(source: string) {
  let created = 0;
  const Counting = class extends Intl.Segmenter {
    constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
      super(...args);
      created++;
    }
  };
  // Keep only the segmenter declaration and what it needs: the patched lines are plain JS.
  const decl = source
    .split('\n')
    .filter((l) => /Intl\.Segmenter|__real;$/.test(l))
    .join('\n');
  const name = /const (\w+) = \{ segment/.exec(decl)?.[1];
  const run = new Function('Intl', `${decl}\nreturn ${name};`) as (intl: unknown) => Intl.Segmenter;
  const segmenter = run({ Segmenter: Counting });
  return { segmenter, created: () => created };
}

describe('lazy-segmenters build plugin', () => {
  for (const path of targets) {
    it(`${path.split('node_modules/')[1]}: no segmenter at load, one on first use, segments alike`, () => {
      const patched = lazySegmenter(readFileSync(path, 'utf8'), path);
      const { segmenter, created } = load(patched);
      expect(created()).toBe(0);
      const text = 'e\u0301👍🏽ab';
      const want = [...new Intl.Segmenter().segment(text)].map((s) => s.segment);
      expect([...segmenter.segment(text)].map((s) => s.segment)).toEqual(want);
      segmenter.segment('x');
      expect(created()).toBe(1);
    });
  }

  it('fails the build when a target has no module-level segmenter', () => {
    expect(() => lazySegmenter('export default 1;\n', 'node_modules/string-width/index.js')).toThrow(
      /changed shape/,
    );
  });
});
