// Swaps Ink's output pass for src/ink-patch/ in the bundle: `build/output.js` (imported by
// build/renderer.js) becomes src/ink-patch/output.ts, and the `widest-line` package Ink measures
// text with becomes src/ink-patch/widest-line.ts (the same width function as the output pass).
// Ink's own versions cost ~25 ms per full 200×60 frame (see README → Performance). The build
// fails if Ink's sources no longer import these names, so an Ink upgrade cannot drop the patch
// silently (test/build/ink-fast-output.test.ts checks the bundle's inputs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const patchDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'ink-patch');
const INK_BUILD = /[\\/]node_modules[\\/]ink[\\/]build[\\/]([\w-]+)\.js$/;

/** Which Ink module imports what, and the replacement. */
export const INK_REDIRECTS = [
  { importer: 'renderer', spec: './output.js', to: join(patchDir, 'output.ts') },
  { importer: 'render-node-to-output', spec: 'widest-line', to: join(patchDir, 'widest-line.ts') },
  { importer: 'measure-text', spec: 'widest-line', to: join(patchDir, 'widest-line.ts') },
];

export function inkFastOutput() {
  return {
    name: 'ink-fast-output',
    setup(build) {
      const seen = new Set();
      build.onStart(() => seen.clear());
      build.onResolve({ filter: /^(\.\/output\.js|widest-line)$/ }, (args) => {
        const importer = INK_BUILD.exec(args.importer)?.[1];
        const redirect = INK_REDIRECTS.find((r) => r.importer === importer && r.spec === args.path);
        if (!redirect) return undefined;
        seen.add(redirect);
        return { path: redirect.to };
      });
      build.onEnd((result) => {
        // Bundles without Ink (the bench's service host) have nothing to patch.
        if (result.errors.length > 0 || seen.size === 0) return;
        const missing = INK_REDIRECTS.filter((r) => !seen.has(r));
        if (missing.length > 0) {
          const names = missing.map((r) => `ink/build/${r.importer}.js → ${r.spec}`).join(', ');
          return {
            errors: [
              {
                text: `ink-fast-output: Ink changed shape (no import ${names}); update scripts/ink-fast-output.mjs`,
              },
            ],
          };
        }
        return undefined;
      });
    },
  };
}
