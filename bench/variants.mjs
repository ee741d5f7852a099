// What-if variants of the sources, as esbuild plugins applied only to bench bundles (src/ is
// never modified): each one approximates a lever so its gain can be measured before anyone
// implements it for real.
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
  const undiciShim = join(dir, 'undici-pool-only.mjs');
  const undiciLib = (...p) => JSON.stringify(join(root, 'node_modules', 'undici', 'lib', ...p));
  // What undici's index.js does for Pool#request, without loading fetch, WebSocket, cookies, caches…
  await writeFile(
    undiciShim,
    `import Pool from ${undiciLib('dispatcher', 'pool.js')};\n` +
      `import Dispatcher from ${undiciLib('dispatcher', 'dispatcher.js')};\n` +
      `import api from ${undiciLib('api', 'index.js')};\n` +
      'Object.assign(Dispatcher.prototype, api);\nexport { Pool };\n',
  );
  const plugins = {
    /**
     * Ink's Output keeps its width / styled-character caches for one frame only; kept across
     * frames (bounded), unchanged lines cost a lookup. A patch of Ink (node_modules/ink/build),
     * i.e. a vendored or patch-package'd Ink — it is bundled, so still no runtime dependency.
     */
    inkCaches: {
      name: 'variant-ink-caches',
      setup(b) {
        b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => ({
          contents:
            (await readFile(args.path, 'utf8')).replace('caches = new OutputCaches();', 'caches = sharedOutputCaches();') +
            '\nfunction sharedOutputCaches() {\n' +
            '  const c = (globalThis.__benchInkCaches ??= new OutputCaches());\n' +
            '  for (const m of [c.widths, c.blockWidths, c.styledChars]) if (m.size > 20000) m.clear();\n' +
            '  return c;\n}\n',
          loader: 'js',
          resolveDir: dirname(args.path),
        }));
        b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/ }, async (args) => ({
          contents:
            (await readFile(args.path, 'utf8')).replace('const currentWidth = widestLine(text);', 'const currentWidth = cachedWidestLine(text);') +
            '\nconst widestCache = new Map();\nfunction cachedWidestLine(text) {\n' +
            '  let w = widestCache.get(text);\n  if (w === undefined) {\n    if (widestCache.size > 20000) widestCache.clear();\n' +
            '    w = widestLine(text);\n    widestCache.set(text, w);\n  }\n  return w;\n}\n',
          loader: 'js',
          resolveDir: dirname(args.path),
        }));
      },
    },
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
    /**
     * One string-width in the bundle instead of four copies (7.2.0 for src/ and wrap-ansi, 8.3.0
     * nested three times under ink, widest-line and cli-truncate), each with its own segmenter,
     * regexes and JIT warm-up. In the real build: `string-width@^8.3.0` in package.json (npm then
     * hoists one 8.3.0) or an esbuild alias.
     */
    stringWidth: {
      name: 'variant-one-string-width',
      setup(b) {
        b.onResolve({ filter: /^string-width$/ }, () => ({
          path: join(root, 'node_modules', 'ink', 'node_modules', 'string-width', 'index.js'),
        }));
      },
    },
    /** undici's Pool alone instead of the package index (fetch, WebSocket, cookies, caches…). */
    undici: replaceImport('variant-undici-pool', 'undici', srcFile('api/transport.ts'), undiciShim),
  };
  return {
    base: [],
    'hidden tabs not rendered': [plugins.tabs],
    'no overflow=hidden': [plugins.overflow],
    'ASCII chart symbols': [plugins.ascii],
    'undici Pool only': [plugins.undici],
    'Ink caches kept across frames': [plugins.inkCaches],
    'one string-width': [plugins.stringWidth],
    'all of the above': [plugins.tabs, plugins.overflow, plugins.ascii, plugins.undici, plugins.inkCaches, plugins.stringWidth],
  };
}
