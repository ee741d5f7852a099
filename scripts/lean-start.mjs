// Start-up work that pooltop's bundles skip (esbuild plugins for scripts/program-build.mjs; what
// each buys is in docs/performance.md). Each fails the build when its package no longer has the
// shape it expects, so an upgrade cannot drop it silently.
//
//   undici        src/api/transport.ts uses its Pool and nothing else; undici's index loads
//                 every dispatcher, fetch, WebSocket, the mocks and caches, and the Node
//                 built-ins they need, at every start. `undici` resolves to the Pool alone, and
//                 its HTTP/2 client (which loads node:http2, slow to load) is loaded when a
//                 connection negotiates HTTP/2, not before.
//   string-width  its module scope builds an Intl.Segmenter and the \p{RGI_Emoji} regular
//                 expressions; src/format/width.ts reaches it from every command (sanitize's
//                 ASCII fallback) but calls it only for text that is not plain. The set-up
//                 runs on the first call instead.
//   yoga-layout   Emscripten's loader fetch()es its wasm from a data: URL when `fetch` exists,
//                 which loads Node's own copy of undici, and Yoga's index awaits it at top
//                 level; it is instantiated synchronously from its bytes instead.
//
// The CommonJS dashboard bundle (src/launch/code-cache.ts) also needs Yoga's patch and Ink
// without its development mode, the two uses of top-level await in its dependencies:
// `dashboardBundle()`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const UNDICI_POOL = 'undici/lib/dispatcher/pool.js';
const UNDICI_DISPATCHER = 'undici/lib/dispatcher/dispatcher.js';
const UNDICI_API = 'undici/lib/api/index.js';
const UNDICI_CLIENT = /[\\/]node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const UNDICI_H2 = "const connectH2 = require('./client-h2.js')";
const UNDICI_H2_LAZY = "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)";
const UNDICI_INDEX_LINES = [
  "const Pool = require('./lib/dispatcher/pool')",
  "const api = require('./lib/api')",
  'Object.assign(Dispatcher.prototype, api)',
];
const STRING_WIDTH = /[\\/]node_modules[\\/]string-width[\\/]index\.js$/;
const STRING_WIDTH_EXPORT = 'export default function stringWidth(';
const YOGA_BINARY = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_DATA_URI = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;
const YOGA_INDEX = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;
const YOGA_AWAIT = 'const Yoga = wrapAssembly(await loadYoga());';
const INK_RECONCILER = /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/;
const INK_DEV = "process.env['DEV'] === 'true'";

/** `build` fails with `text` unless `check()` holds once bundling is done. */
function failUnless(build, check, text) {
  build.onEnd((result) => (result.errors.length > 0 || check() ? undefined : { errors: [{ text }] }));
}

/**
 * Every file matching `filter` rewritten by `patch(source, path)`; a file it returns undefined for
 * (not the shape expected) is bundled as it is, and the build fails with `text`.
 */
function patchEach(build, filter, patch, text) {
  let seen = 0;
  let patched = 0;
  build.onStart(() => {
    seen = 0;
    patched = 0;
  });
  build.onLoad({ filter }, async (args) => {
    seen++;
    const source = await readFile(args.path, 'utf8');
    const contents = await patch(source, args.path);
    if (contents === undefined) return { contents: source, loader: 'js' };
    patched++;
    return { contents, loader: 'js' };
  });
  failUnless(build, () => patched === seen, text);
}

/**
 * `import { Pool } from 'undici'` gets undici's Pool module alone, with the request API that
 * undici's index adds to every dispatcher (the index's own line, repeated).
 */
function undiciPool(root) {
  const resolve = createRequire(join(root, 'package.json')).resolve;
  const [poolFile, dispatcherFile, apiFile] = [UNDICI_POOL, UNDICI_DISPATCHER, UNDICI_API].map((f) =>
    resolve(f),
  );
  return {
    name: 'lean-undici',
    setup(build) {
      let index = '';
      build.onStart(async () => {
        index = await readFile(resolve('undici'), 'utf8');
      });
      failUnless(
        build,
        () => UNDICI_INDEX_LINES.every((line) => index.includes(line)),
        `scripts/lean-start.mjs: undici's index changed shape (no ${UNDICI_INDEX_LINES.join(', ')})`,
      );
      patchEach(
        build,
        UNDICI_CLIENT,
        (source) =>
          source.split(UNDICI_H2).length === 2 ? source.replace(UNDICI_H2, UNDICI_H2_LAZY) : undefined,
        `scripts/lean-start.mjs: undici's client changed shape (no single \`${UNDICI_H2}\`)`,
      );
      build.onResolve({ filter: /^undici$/ }, (args) =>
        args.importer.includes('node_modules') ? undefined : { path: 'undici-pool', namespace: 'lean-start' },
      );
      build.onLoad({ filter: /^undici-pool$/, namespace: 'lean-start' }, () => ({
        contents: [
          `import Pool from ${JSON.stringify(poolFile)};`,
          `import Dispatcher from ${JSON.stringify(dispatcherFile)};`,
          `import api from ${JSON.stringify(apiFile)};`,
          'Object.assign(Dispatcher.prototype, api);',
          'export { Pool };',
        ].join('\n'),
        resolveDir: dirname(poolFile),
        loader: 'js',
      }));
    },
  };
}

/** string-width's module-scope set-up moved into its first call. */
function lazyStringWidth() {
  return {
    name: 'lean-string-width',
    setup(build) {
      patchEach(
        build,
        STRING_WIDTH,
        (source) => {
          const imports = source.match(/^(import [^\n]+\n)+/)?.[0] ?? '';
          const body = source.slice(imports.length);
          if (
            body.split(STRING_WIDTH_EXPORT).length !== 2 ||
            /^\s*(import|export)\b/m.test(body.replace(STRING_WIDTH_EXPORT, ''))
          ) {
            return undefined;
          }
          const inner = body.replace(STRING_WIDTH_EXPORT, 'function stringWidth(');
          return `${imports}let measure;\nfunction setUp() {\n${inner}\nreturn stringWidth;\n}\nexport default function stringWidth(input, options) {\n  measure ??= setUp();\n  return measure(input, options);\n}\n`;
        },
        'scripts/lean-start.mjs: string-width changed shape (not one module with a single default export)',
      );
    },
  };
}

/**
 * Yoga instantiated synchronously from its wasm bytes (Emscripten's `instantiateWasm`): never
 * fetch()ed, and no top-level await, which a CommonJS bundle cannot have.
 */
function yogaFromBytes() {
  return {
    name: 'lean-yoga',
    setup(build) {
      const text = `scripts/lean-start.mjs: yoga-layout changed shape (its wasm data: URL, or no single \`${YOGA_AWAIT}\`)`;
      // The loader's own copy of the bytes is never read: the index hands them over.
      patchEach(
        build,
        YOGA_BINARY,
        (source) =>
          source.split(YOGA_DATA_URI).length === 3 ? source.replace(YOGA_DATA_URI, '""') : undefined,
        text,
      );
      patchEach(
        build,
        YOGA_INDEX,
        async (source, path) => {
          const binary = await readFile(
            join(dirname(path), '..', 'binaries', 'yoga-wasm-base64-esm.js'),
            'utf8',
          );
          const bytes = binary.match(YOGA_DATA_URI)?.[1];
          if (bytes === undefined || source.split(YOGA_AWAIT).length !== 2) return undefined;
          const instantiate = [
            'const Yoga = wrapAssembly(instantiate());',
            'function instantiate() {',
            `  const bytes = Buffer.from(${JSON.stringify(bytes)}, 'base64');`,
            '  const module = {',
            '    instantiateWasm(imports, done) {',
            '      done(new WebAssembly.Instance(new WebAssembly.Module(bytes), imports));',
            '      return {};',
            '    },',
            '  };',
            '  loadYoga(module);',
            '  return module;',
            '}',
          ].join('\n');
          return source.replace(YOGA_AWAIT, instantiate);
        },
        text,
      );
    },
  };
}

/**
 * Ink's development mode (DEV=true: React DevTools, which pooltop does not ship) is its only use
 * of top-level await; the CommonJS bundle leaves it out.
 */
function inkWithoutDevMode() {
  return {
    name: 'lean-ink-dev',
    setup(build) {
      patchEach(
        build,
        INK_RECONCILER,
        (source) => (source.split(INK_DEV).length === 3 ? source.replaceAll(INK_DEV, 'false') : undefined),
        `scripts/lean-start.mjs: Ink changed shape (not two \`${INK_DEV}\`)`,
      );
    },
  };
}

/** `plugins` with what a CommonJS bundle of the dashboard needs whatever POOLTOP_LEAN says. */
export function dashboardBundle(plugins) {
  return [...plugins.filter((p) => p.name !== 'lean-yoga'), yogaFromBytes(), inkWithoutDevMode()];
}

/**
 * The plugins, for every pooltop bundle. POOLTOP_LEAN (a build-time setting: `none`, or some of
 * `undici,string-width,yoga`) builds with fewer, to measure what each buys.
 */
export function leanStart(root, env = process.env) {
  const all = {
    undici: () => undiciPool(root),
    'string-width': lazyStringWidth,
    yoga: yogaFromBytes,
  };
  const chosen = env.POOLTOP_LEAN === undefined ? Object.keys(all) : env.POOLTOP_LEAN.split(',');
  return Object.entries(all)
    .filter(([name]) => chosen.includes(name))
    .map(([, plugin]) => plugin());
}
