// esbuild bundles for the bench, made with the options of scripts/build.mjs (ESM, node20,
// minified, shebang + createRequire banner, NODE_ENV=production, react-devtools-core aliased to
// an empty module), so the hello-world baseline and the in-process entries are built like the CLI.
// Keep PRODUCTION_OPTIONS in step with scripts/build.mjs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { yogaWithoutFetch } from '../scripts/yoga-without-fetch.mjs';
import { boundedInkCaches } from '../scripts/bounded-ink-caches.mjs';
import { inkFastOutput } from '../scripts/ink-fast-output.mjs';
import { oneStringWidth } from '../scripts/one-string-width.mjs';
import { lazySegmenters } from '../scripts/lazy-segmenters.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function productionOptions(outDir) {
  const emptyModule = join(outDir, '.empty.js');
  writeFileSync(emptyModule, 'export default undefined;\n');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    jsx: 'automatic',
    alias: { 'react-devtools-core': emptyModule },
    define: {
      'process.env.NODE_ENV': '"production"',
      __POOLTOP_VERSION__: JSON.stringify(version),
    },
    banner: {
      js: [
        '#!/usr/bin/env node',
        "import { createRequire as __pooltopCreateRequire } from 'node:module';",
        'const require = __pooltopCreateRequire(import.meta.url);',
      ].join('\n'),
    },
    // Resolve packages from the repository even though the output lives in a temp dir.
    nodePaths: [join(root, 'node_modules')],
  };
}

/**
 * Inside src/ui/run-dashboard.tsx only, 'ink' resolves to bench/inproc/ink-spy.mjs (the same Ink,
 * plus a record of the render options and of Ink's render time). Other importers are untouched,
 * and entries that do not include run-dashboard.tsx are not affected at all.
 */
const inkSpy = {
  name: 'ink-spy',
  setup(b) {
    b.onResolve({ filter: /^ink$/ }, (args) =>
      args.importer.replaceAll('\\', '/').endsWith('src/ui/run-dashboard.tsx')
        ? { path: join(root, 'bench', 'inproc', 'ink-spy.mjs') }
        : undefined,
    );
  },
};

/** A temp dir for this run's bundles; removed by cleanup(). */
export function makeWorkDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-'));
  mkdirSync(dir, { recursive: true });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Bundles each entry on its own (a broken entry does not break the others). `minify: false`
 * keeps function names, for readable CPU profiles; `spy: true` adds the ink-spy plugin;
 * `plugins` are more esbuild plugins (bench/experiments.mjs uses them to build what-if variants).
 * Returns { name: { file } | { error } }.
 */
export async function bundleEntries(outDir, entries, { minify = true, spy = false, plugins = [] } = {}) {
  const production = [boundedInkCaches(), inkFastOutput(), yogaWithoutFetch(), oneStringWidth(), lazySegmenters()];
  const options = {
    ...productionOptions(outDir),
    minify,
    plugins: [...plugins, ...production, ...(spy ? [inkSpy] : [])],
  };
  const out = {};
  for (const [name, entry] of Object.entries(entries)) {
    const outfile = join(outDir, `${name}.mjs`);
    try {
      await build({ ...options, entryPoints: [join(root, entry)], outfile, absWorkingDir: root });
      out[name] = { file: outfile };
    } catch (error) {
      const first = error?.errors?.[0];
      out[name] = { error: first ? `${first.text} (${first.location?.file ?? '?'})` : String(error?.message ?? error) };
    }
  }
  return out;
}
