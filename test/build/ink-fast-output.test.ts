/**
 * The build swaps Ink's output pass for src/ink-patch (scripts/ink-fast-output.mjs). This checks,
 * on the installed Ink, that the swap really happens (the bundle's inputs), and that a bundle in
 * which only part of the swap applies (as after an Ink upgrade that renamed a module) fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundleForTest } from '../support/esbuild-bundle.js';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { inkFastOutput } from '../../scripts/ink-fast-output.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const out = mkdtempSync(join(tmpdir(), 'pooltop-ink-patch-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const bundle = (entry: string) =>
  bundleForTest(entry, join(out, 'bundle.mjs'), {
    external: ['react-devtools-core'],
    plugins: [inkFastOutput()],
  });

describe('ink-fast-output build plugin', () => {
  it("bundles src/ink-patch instead of Ink's output.js and the widest-line package", async () => {
    const { metafile } = await bundle(join(inkBuild, 'index.js'));
    const inputs = Object.keys(metafile.inputs).map((p) => p.replaceAll('\\', '/'));
    expect(inputs).toContain('src/ink-patch/output.ts');
    expect(inputs).toContain('src/ink-patch/widest-line.ts');
    expect(inputs.some((p) => p.endsWith('node_modules/ink/build/output.js'))).toBe(false);
    expect(inputs.some((p) => p.includes('node_modules/widest-line/'))).toBe(false);
  });

  it('fails a bundle where only part of the swap applies', async () => {
    await expect(bundle(join(inkBuild, 'measure-text.js'))).rejects.toThrow(/Ink changed shape/);
  });
});
