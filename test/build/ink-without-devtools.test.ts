/**
 * Ink's reconciler loses its two dev-mode top-level awaits (scripts/ink-without-devtools.mjs),
 * so Ink fits in a CommonJS bundle. The patched installed reconciler has no top-level await, a
 * CommonJS bundle of Ink renders, and an unknown shape fails the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { inkWithoutDevtools, withoutDevtools } from '../../scripts/ink-without-devtools.mjs';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { yogaSync } from '../../scripts/yoga-sync.mjs';
import { bundleForTest } from '../support/esbuild-bundle.js';

const reconciler = join(process.cwd(), 'node_modules', 'ink', 'build', 'reconciler.js');
const out = mkdtempSync(join(tmpdir(), 'pooltop-ink-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('ink-without-devtools build plugin', () => {
  it('removes both top-level awaits of the installed reconciler, and refuses another shape', () => {
    const source = readFileSync(reconciler, 'utf8');
    expect(source).toMatch(/^\s+await import\('\.\/devtools\.js'\);$/m);
    const patched = withoutDevtools(source, reconciler) as string;
    expect(patched).not.toContain("await import('./devtools.js')");
    expect(patched).not.toContain('await loadPackageJson()');
    expect(() => withoutDevtools('export default 1;', reconciler)).toThrow(/changed shape/);
  });

  it('lets Ink render from a CommonJS bundle, in dev mode too', async () => {
    const entry = join(out, 'entry.mjs');
    writeFileSync(
      entry,
      [
        "import { renderToString, Text } from 'ink';",
        "import { createElement } from 'react';",
        "console.log(renderToString(createElement(Text, null, 'from CommonJS')));",
      ].join('\n'),
    );
    const bundle = join(out, 'ink.cjs');
    await bundleForTest(entry, bundle, {
      plugins: [inkWithoutDevtools(), yogaSync()],
      format: 'cjs',
      nodePaths: [join(process.cwd(), 'node_modules')],
      alias: { 'react-devtools-core': join(process.cwd(), 'node_modules', 'ink', 'build', 'utils.js') },
    });
    expect(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }).trim()).toBe('from CommonJS');
    const dev = execFileSync(process.execPath, [bundle], {
      encoding: 'utf8',
      env: { ...process.env, DEV: 'true' },
    });
    expect(dev.trim()).toBe('from CommonJS');
  });
});
