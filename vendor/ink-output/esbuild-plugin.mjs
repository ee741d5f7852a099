// Swaps Ink's output pass for this folder in every pooltop bundle (scripts/program-build.mjs):
// `ink/build/output.js`, imported by build/renderer.js, becomes ./output.ts, and the
// `widest-line` package Ink measures text with becomes ./widest-line.ts. The build fails if
// Ink's sources no longer import these names, so an Ink upgrade cannot drop the swap silently.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const INK_BUILD = /[\\/]node_modules[\\/]ink[\\/]build[\\/]([\w-]+)\.js$/;

/** Which Ink module imports what, and the replacement. */
export const INK_REDIRECTS = [
  { importer: 'renderer', spec: './output.js', to: join(here, 'output.ts') },
  { importer: 'render-node-to-output', spec: 'widest-line', to: join(here, 'widest-line.ts') },
  { importer: 'measure-text', spec: 'widest-line', to: join(here, 'widest-line.ts') },
];

export function inkOutput() {
  return {
    name: 'ink-output',
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
        // Bundles without Ink (the bench's service host) have nothing to swap.
        if (result.errors.length > 0 || seen.size === 0) return undefined;
        const missing = INK_REDIRECTS.filter((r) => !seen.has(r));
        if (missing.length === 0) return undefined;
        const names = missing.map((r) => `ink/build/${r.importer}.js → ${r.spec}`).join(', ');
        return {
          errors: [
            {
              text: `vendor/ink-output: Ink changed shape (no import ${names}); see vendor/ink-output/README.md`,
            },
          ],
        };
      });
    },
  };
}
