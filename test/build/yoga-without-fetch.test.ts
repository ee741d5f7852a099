/**
 * The build makes yoga-layout's WebAssembly loader decode its data: URL in place instead of
 * calling fetch() (scripts/yoga-without-fetch.mjs), so loading Ink never loads Node's built-in
 * fetch. This checks the patch applies to the installed yoga-layout, that a bundle with it lays
 * out without Node's fetch ever being loaded, and that an unknown loader shape fails the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundleForTest } from '../support/esbuild-bundle.js';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { withoutFetch, yogaWithoutFetch } from '../../scripts/yoga-without-fetch.mjs';

const require = createRequire(import.meta.url);
const yogaIndex = require.resolve('yoga-layout');
const loaderPath = join(dirname(yogaIndex), '..', 'binaries', 'yoga-wasm-base64-esm.js');
const out = mkdtempSync(join(tmpdir(), 'pooltop-yoga-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('yoga-without-fetch build plugin', () => {
  it('answers every fetch check of the installed loader, and refuses an unknown shape', () => {
    const patched = withoutFetch(readFileSync(loaderPath, 'utf8'), loaderPath) as string;
    expect(patched).not.toMatch(/typeof fetch/);
    expect(() => withoutFetch('fetch(url)', '/x/yoga-wasm-base64-esm.js')).toThrow(/changed shape/);
  });

  it('bundles a yoga that lays out without loading Node’s built-in undici (its fetch)', async () => {
    const entry = join(out, 'entry.mjs');
    writeFileSync(
      entry,
      [
        `import Yoga from ${JSON.stringify(yogaIndex)};`,
        'const node = Yoga.Node.create();',
        'node.setWidth(42);',
        'node.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);',
        "const undici = process.moduleLoadList.some((m) => m.includes('internal/deps/undici'));",
        'console.log(JSON.stringify({ width: node.getComputedWidth(), undici }));',
      ].join('\n'),
    );
    const bundle = join(out, 'yoga.mjs');
    await bundleForTest(entry, bundle, { plugins: [yogaWithoutFetch()] });
    const result = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(result).toEqual({ width: 42, undici: false });
  });
});
