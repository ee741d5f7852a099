/**
 * The build makes yoga-layout load synchronously (scripts/yoga-sync.mjs): its Emscripten loader
 * instantiates the WebAssembly from the decoded data: URL at once instead of fetch() + async
 * compile, and its index takes the module without a top-level await — so the program can be a
 * CommonJS bundle (V8's code cache, src/launch/) and loading Ink never loads Node's fetch. This
 * checks the patches apply to the installed yoga-layout, that a CommonJS bundle with them lays
 * out without Node's fetch ever being loaded, and that an unknown shape fails the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { syncIndex, syncLoader, yogaSync } from '../../scripts/yoga-sync.mjs';
import { bundleForTest } from '../support/esbuild-bundle.js';

const require = createRequire(import.meta.url);
const yogaIndex = require.resolve('yoga-layout');
const loaderPath = join(dirname(yogaIndex), '..', 'binaries', 'yoga-wasm-base64-esm.js');
const out = mkdtempSync(join(tmpdir(), 'pooltop-yoga-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('yoga-sync build plugin', () => {
  it('instantiates synchronously and answers every fetch check of the installed loader', () => {
    const patched = syncLoader(readFileSync(loaderPath, 'utf8'), loaderPath) as string;
    expect(patched).not.toMatch(/typeof fetch/);
    expect(patched).toMatch(/new WebAssembly\.Instance\(new WebAssembly\.Module\(\w+\(\)\),\w+\)/);
    const index = syncIndex(readFileSync(yogaIndex, 'utf8'), yogaIndex) as string;
    expect(index).not.toMatch(/\bawait\b/);
  });

  it('refuses a loader or an index of another shape', () => {
    expect(() => syncLoader('fetch(url)', '/x/yoga-wasm-base64-esm.js')).toThrow(/changed shape/);
    expect(() => syncLoader('"function"!=typeof fetch', '/x/yoga-wasm-base64-esm.js')).toThrow(
      /changed shape/,
    );
    expect(() => syncIndex('export default await load();', '/x/index.js')).toThrow(/changed shape/);
  });

  it('bundles, as CommonJS, a yoga that lays out without loading Node’s built-in undici (its fetch)', async () => {
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
    const bundle = join(out, 'yoga.cjs');
    await bundleForTest(entry, bundle, { plugins: [yogaSync()], format: 'cjs' });
    const result = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(result).toEqual({ width: 42, undici: false });
  });
});
