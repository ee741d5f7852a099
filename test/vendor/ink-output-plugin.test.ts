/**
 * The build swaps Ink's output pass for vendor/ink-output. This checks, on the installed Ink,
 * that the swap really happens (the bundle's inputs), and that a bundle in which only part of
 * the swap applies (as after an Ink upgrade that renamed a module) fails.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { inkOutput } from '../../vendor/ink-output/esbuild-plugin.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));

const bundle = (entry: string) =>
  build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    platform: 'node',
    format: 'esm',
    outfile: 'out.mjs',
    external: ['react-devtools-core'],
    plugins: [inkOutput()],
  });

describe('vendor/ink-output build plugin', () => {
  it("bundles vendor/ink-output instead of Ink's output.js and the widest-line package", async () => {
    const { metafile } = await bundle(join(inkBuild, 'index.js'));
    const inputs = Object.keys(metafile.inputs).map((p) => p.replaceAll('\\', '/'));
    expect(inputs).toContain('vendor/ink-output/output.ts');
    expect(inputs).toContain('vendor/ink-output/widest-line.ts');
    expect(inputs.some((p) => p.endsWith('node_modules/ink/build/output.js'))).toBe(false);
    expect(inputs.some((p) => p.includes('node_modules/widest-line/'))).toBe(false);
  });

  it('fails a bundle where only part of the swap applies', async () => {
    await expect(bundle(join(inkBuild, 'measure-text.js'))).rejects.toThrow(/Ink changed shape/);
  });
});
