// Yoga's index awaits its Emscripten loader at top level, which a CommonJS bundle cannot have, and
// the loader fetch()es the wasm from a data: URL when `fetch` exists, which loads Node's own copy
// of undici. Here Yoga is instantiated synchronously from its bytes (Emscripten's
// `instantiateWasm`), and the loader's own copy of the bytes, never read, is left out.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { changedShape, rewriteEach } from './must-match.mjs';

const BINARY = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const DATA_URI = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;
const INDEX = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;
const AWAIT = 'const Yoga = wrapAssembly(await loadYoga());';

const INSTANTIATE = (bytes) =>
  [
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

export function yogaFromBytes() {
  return {
    name: 'yoga-from-bytes',
    setup(build) {
      const text = changedShape(
        'yoga-from-bytes.mjs',
        `yoga-layout changed shape (its wasm data: URL, or no single \`${AWAIT}\`)`,
      );
      rewriteEach(
        build,
        BINARY,
        (source) => (source.split(DATA_URI).length === 3 ? source.replace(DATA_URI, '""') : undefined),
        text,
      );
      rewriteEach(
        build,
        INDEX,
        async (source, path) => {
          const binary = await readFile(
            join(dirname(path), '..', 'binaries', 'yoga-wasm-base64-esm.js'),
            'utf8',
          );
          const bytes = binary.match(DATA_URI)?.[1];
          if (bytes === undefined || source.split(AWAIT).length !== 2) return undefined;
          return source.replace(AWAIT, INSTANTIATE(bytes));
        },
        text,
      );
    },
  };
}
