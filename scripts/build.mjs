#!/usr/bin/env node
// Bundles src/cli.ts into one ESM file with a shebang: dist/pooltop.js.
// `--if-stale` skips the build when dist is newer than every source file.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { boundedInkCaches } from './bounded-ink-caches.mjs';
import { yogaWithoutFetch } from './yoga-without-fetch.mjs';
import { inkFastOutput } from './ink-fast-output.mjs';
import { oneStringWidth } from './one-string-width.mjs';
import { lazySegmenters } from './lazy-segmenters.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist', 'pooltop.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale() {
  try {
    const built = statSync(outfile).mtimeMs;
    const inputs = [newestMtime(join(root, 'src')), statSync(join(root, 'package-lock.json')).mtimeMs];
    return inputs.some((t) => t > built);
  } catch {
    return true;
  }
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);

mkdirSync(join(root, 'dist'), { recursive: true });
const emptyModule = join(root, 'dist', '.empty.js');
writeFileSync(emptyModule, 'export default undefined;\n');

const { version } = JSON.parse((await import('node:fs')).readFileSync(join(root, 'package.json'), 'utf8'));

await build({
  entryPoints: [join(root, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  jsx: 'automatic',
  // Ink loads react-devtools-core only in dev mode; never ship it.
  alias: { 'react-devtools-core': emptyModule },
  // Ink's text caches never evict: bounded, or a long-running dashboard grows for ever.
  // Ink's output pass is replaced by src/ink-patch (see scripts/ink-fast-output.mjs).
  // Yoga's WebAssembly is decoded in place, not fetched (loading Node's fetch costs 20–30 ms).
  // One copy of string-width for every importer (see scripts/one-string-width.mjs).
  // string-width's and slice-ansi's segmenters are made on first use (scripts/lazy-segmenters.mjs).
  plugins: [boundedInkCaches(), inkFastOutput(), yogaWithoutFetch(), oneStringWidth(), lazySegmenters()],
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
});
(await import('node:fs')).chmodSync(outfile, 0o755);
