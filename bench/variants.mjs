// What-if variants of the sources, as esbuild plugins applied only to bench bundles (src/ is
// never modified): each one approximates a lever so its gain can be measured before anyone
// implements it for real. Variants that were implemented (one string-width, undici's Pool
// alone, Ink's output caches: now scripts/*.mjs and src/ink-patch) are gone from this list.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { root } from './bundle.mjs';

const srcFile = (rel) => new RegExp(`[\\\\/]src[\\\\/]${rel.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')}$`);

function transform(name, filter, edit) {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, async (args) => ({
        contents: edit(await readFile(args.path, 'utf8'), args.path),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

function replaceImport(name, spec, importerFilter, shimPath) {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${spec}$`) }, (args) =>
        importerFilter.test(args.importer) ? { path: shimPath } : undefined,
      );
    },
  };
}

/** Builds the plugin list of each variant; shims are written into `dir`. */
export async function variantPlugins(dir) {
  const asciiShim = join(dir, 'asciichart-ascii.mjs');
  await writeFile(
    asciiShim,
    `import * as real from ${JSON.stringify(join(root, 'node_modules', 'asciichart', 'asciichart.js'))};\n` +
      "const SYMBOLS = ['+', '|', '-', '-', '-', '\\\\', '/', '\\\\', '/', '|'];\n" +
      'export const plot = (series, config = {}) => real.plot(series, { ...config, symbols: SYMBOLS });\n',
  );
  const plugins = {
    /** Hidden tabs render nothing (and so fetch nothing): "mount a tab only while it is shown". */
    tabs: transform(
      'variant-hidden-tabs',
      srcFile('ui/tabs.ts'),
      (s) => `${s}\nfor (const t of TABS) if (t.id !== 'pool') (t as { component: unknown }).component = () => null;\n`,
    ),
    /** No overflow="hidden" boxes: Ink then skips slice-ansi on every line of every frame. */
    overflow: transform('variant-no-overflow', /[\\/]src[\\/]ui[\\/].*\.tsx$/, (s) => s.replace(/\s+overflow="hidden"/g, '')),
    /** The chart drawn with ASCII symbols: string-width's fast path instead of grapheme segmentation. */
    ascii: replaceImport('variant-ascii-chart', 'asciichart', /[\\/]src[\\/]/, asciiShim),
  };
  return {
    base: [],
    'hidden tabs not rendered': [plugins.tabs],
    'no overflow=hidden': [plugins.overflow],
    'ASCII chart symbols': [plugins.ascii],
    'all of the above': [plugins.tabs, plugins.overflow, plugins.ascii],
  };
}
