// Every `string-width` import in the bundle resolves to the project's own copy
// (node_modules/string-width). Ink, cli-truncate and wrap-ansi each pin their own version, and
// each copy compiles its Unicode-property regexps when loaded: ~10 ms of start-up apiece. One
// copy also means Ink's truncation and pooltop's own width maths agree on every character.
// test/build/one-string-width.test.ts checks the bundle's inputs.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function oneStringWidth() {
  const path = createRequire(join(root, 'package.json')).resolve('string-width');
  return {
    name: 'one-string-width',
    setup(build) {
      build.onResolve({ filter: /^string-width$/ }, () => ({ path }));
    },
  };
}
