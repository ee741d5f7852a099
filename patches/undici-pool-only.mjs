// pooltop uses undici's Pool and nothing else (src/api/transport.ts), but undici's index loads
// every dispatcher, fetch, WebSocket, the mocks and caches, and the Node built-ins they need. Here
// `undici`, imported from pooltop's own code, is the Pool module alone with the request API that
// the index adds to every dispatcher (the index's own line, repeated).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { changedShape, failUnless } from './must-match.mjs';

const FILES = [
  'undici/lib/dispatcher/pool.js',
  'undici/lib/dispatcher/dispatcher.js',
  'undici/lib/api/index.js',
];
const INDEX_LINES = [
  "const Pool = require('./lib/dispatcher/pool')",
  "const api = require('./lib/api')",
  'Object.assign(Dispatcher.prototype, api)',
];

export function undiciPoolOnly() {
  const resolve = createRequire(import.meta.url).resolve;
  const [pool, dispatcher, api] = FILES.map((f) => resolve(f));
  return {
    name: 'undici-pool-only',
    setup(build) {
      let index = '';
      build.onStart(async () => {
        index = await readFile(resolve('undici'), 'utf8');
      });
      failUnless(
        build,
        () => INDEX_LINES.every((line) => index.includes(line)),
        changedShape('undici-pool-only.mjs', `undici's index changed shape (no ${INDEX_LINES.join(', ')})`),
      );
      build.onResolve({ filter: /^undici$/ }, (args) =>
        args.importer.includes('node_modules')
          ? undefined
          : { path: 'undici-pool', namespace: 'undici-pool-only' },
      );
      build.onLoad({ filter: /^undici-pool$/, namespace: 'undici-pool-only' }, () => ({
        contents: [
          `import Pool from ${JSON.stringify(pool)};`,
          `import Dispatcher from ${JSON.stringify(dispatcher)};`,
          `import api from ${JSON.stringify(api)};`,
          'Object.assign(Dispatcher.prototype, api);',
          'export { Pool };',
        ].join('\n'),
        resolveDir: dirname(pool),
        loader: 'js',
      }));
    },
  };
}
