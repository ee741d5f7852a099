/**
 * The build and vitest swap Ink's output pass for src/renderer/output
 * (patches/ink-output-redirects.mjs). This checks, on the installed Ink, that the swap really
 * happens (the bundle's inputs), and that a bundle in which only part of the swap applies (as
 * after an Ink upgrade that renamed a module) fails.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { Text } from 'ink';
// Not through the harness: this checks Ink's output pass itself, below the dashboard.
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inkOutputRedirects, inkOutputRedirectsVite } from '../../patches/ink-output-redirects.mjs';

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
    plugins: [inkOutputRedirects()],
  });

describe('patches/ink-output-redirects', () => {
  it("bundles src/renderer/output instead of Ink's output.js and the widest-line package", async () => {
    const { metafile } = await bundle(join(inkBuild, 'index.js'));
    const inputs = Object.keys(metafile.inputs).map((p) => p.replaceAll('\\', '/'));
    expect(inputs).toContain('src/renderer/output/output.ts');
    expect(inputs).toContain('src/renderer/output/widest-line.ts');
    expect(inputs.some((p) => p.endsWith('node_modules/ink/build/output.js'))).toBe(false);
    expect(inputs.some((p) => p.includes('node_modules/widest-line/'))).toBe(false);
    // Layout measures with a function that keeps nothing: Ink's measure-text.js and its cache are out.
    expect(inputs).toContain('src/renderer/output/measure-text.ts');
    expect(inputs.some((p) => p.endsWith('node_modules/ink/build/measure-text.js'))).toBe(false);
    // Joining a text is wrapped, not replaced: Ink's own is still in, reached through the cache.
    expect(inputs).toContain('src/renderer/output/squash-cache.ts');
    expect(inputs.some((p) => p.endsWith('node_modules/ink/build/squash-text-nodes.js'))).toBe(true);
  });

  it('fails a bundle where only part of the swap applies', async () => {
    await expect(bundle(join(inkBuild, 'render-node-to-output.js'))).rejects.toThrow(/Ink changed shape/);
  });

  it('resolves the same redirects for vitest, and nothing else', () => {
    const plugin = inkOutputRedirectsVite();
    const resolve = (spec: string, importer: string) => plugin.resolveId(spec, importer);
    expect(resolve('./output.js', join(inkBuild, 'renderer.js'))).toMatch(
      /src[\\/]renderer[\\/]output[\\/]output\.ts$/,
    );
    expect(resolve('widest-line', join(inkBuild, 'render-node-to-output.js'))).toMatch(/widest-line\.ts$/);
    expect(resolve('./measure-text.js', join(inkBuild, 'dom.js'))).toMatch(/measure-text\.ts$/);
    for (const importer of ['dom.js', 'render-node-to-output.js']) {
      expect(resolve('./squash-text-nodes.js', join(inkBuild, importer))).toMatch(/squash-cache\.ts$/);
    }
    expect(resolve('ink-squash-text-nodes', '/work/src/renderer/output/squash-cache.ts')).toBe(
      join(inkBuild, 'squash-text-nodes.js'),
    );
    expect(resolve('./squash-text-nodes.js', join(inkBuild, 'other.js'))).toBeNull();
    expect(resolve('toString', '/work/src/x.ts')).toBeNull();
    expect(resolve('./output.js', join(inkBuild, 'ink.js'))).toBeNull();
    expect(resolve('./output.js', '/work/src/x.ts')).toBeNull();
  });

  it('is the output pass the tests draw with', () => {
    // The one difference from Ink's own pass (src/renderer/README.md): a lone U+200B stays.
    const { lastFrame, unmount } = render(createElement(Text, null, 'a\u200bb'));
    expect(lastFrame()).toBe('a\u200bb');
    unmount();
  });
});
