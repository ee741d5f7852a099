/** The bundle carries one copy of string-width (scripts/one-string-width.mjs), whoever imports it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForTest } from '../support/esbuild-bundle.js';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { oneStringWidth } from '../../scripts/one-string-width.mjs';

const out = mkdtempSync(join(tmpdir(), 'pooltop-sw-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('one-string-width build plugin', () => {
  it("resolves Ink's, cli-truncate's and wrap-ansi's string-width to the project's copy", async () => {
    const entry = join(out, 'entry.mjs');
    (await import('node:fs')).writeFileSync(entry, "import 'ink';\nimport 'string-width';\n");
    const bundle = (plugins: unknown[]) =>
      bundleForTest(entry, join(out, 'bundle.mjs'), {
        external: ['react-devtools-core'],
        nodePaths: [join(process.cwd(), 'node_modules')],
        plugins: plugins as never,
      });
    const copies = (inputs: Record<string, unknown>) =>
      Object.keys(inputs).filter((p) => /string-width\/index\.js$/.test(p.replaceAll('\\', '/')));
    expect(copies((await bundle([])).metafile.inputs).length).toBeGreaterThan(1);
    expect(copies((await bundle([oneStringWidth()])).metafile.inputs)).toEqual([
      'node_modules/string-width/index.js',
    ]);
  });
});
