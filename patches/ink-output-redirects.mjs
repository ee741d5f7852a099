// Ink's output pass swapped for pooltop's renderer (src/renderer/output/, its README says why)
// wherever pooltop is built or tested, from the one table below: an esbuild plugin for every
// bundle (scripts/program-build.mjs) and a Vite plugin for vitest (vitest.config.ts), so tests
// draw as users see. `ink/build/output.js`, imported by build/renderer.js, becomes output.ts; the
// `widest-line` package Ink draws text with becomes widest-line.ts; Ink's `measure-text.js`, which
// lays a <Text> out (build/dom.js) and keeps every text it ever measured, becomes
// measure-text.ts; and where Ink joins the text of a <Text> to measure it (build/dom.js) and to
// draw it (build/render-node-to-output.js), squash-cache.ts keeps the result, calling Ink's own
// (imported as `ink-squash-text-nodes`) only for a text that changed. The esbuild build fails if
// Ink's sources no longer import these names, so an Ink upgrade cannot drop the swap silently.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedShape } from './must-match.mjs';

const output = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'renderer', 'output');
const INK_BUILD = /[\\/]node_modules[\\/]ink[\\/]build[\\/]([\w-]+)\.js$/;

/** Which Ink module imports what, and the replacement. */
export const INK_REDIRECTS = [
  { importer: 'renderer', spec: './output.js', to: join(output, 'output.ts') },
  { importer: 'render-node-to-output', spec: 'widest-line', to: join(output, 'widest-line.ts') },
  { importer: 'dom', spec: './measure-text.js', to: join(output, 'measure-text.ts') },
  { importer: 'dom', spec: './squash-text-nodes.js', to: join(output, 'squash-cache.ts') },
  {
    importer: 'render-node-to-output',
    spec: './squash-text-nodes.js',
    to: join(output, 'squash-cache.ts'),
  },
];

const INK_DIR = dirname(createRequire(import.meta.url).resolve('ink'));

/** Ink's own modules that a replacement wraps, by the name it imports them with (Ink exports no subpaths). */
const INK_ORIGINALS = new Map([['ink-squash-text-nodes', join(INK_DIR, 'squash-text-nodes.js')]]);

/** The replacement for `spec` imported by `importer` (a file path), if it is one of Ink's. */
export function redirectOf(spec, importer) {
  const name = INK_BUILD.exec(importer ?? '')?.[1];
  return INK_REDIRECTS.find((r) => r.importer === name && r.spec === spec);
}

export function inkOutputRedirects() {
  return {
    name: 'ink-output-redirects',
    setup(build) {
      const seen = new Set();
      build.onStart(() => seen.clear());
      build.onResolve({ filter: /^ink-squash-text-nodes$/ }, (args) => ({
        path: INK_ORIGINALS.get(args.path),
      }));
      build.onResolve(
        { filter: /^(\.\/output\.js|widest-line|\.\/squash-text-nodes\.js|\.\/measure-text\.js)$/ },
        (args) => {
          const redirect = redirectOf(args.path, args.importer);
          if (!redirect) return undefined;
          seen.add(redirect);
          return { path: redirect.to };
        },
      );
      build.onEnd((result) => {
        // Bundles without Ink (the bench's service host) have nothing to swap.
        if (result.errors.length > 0 || seen.size === 0) return undefined;
        const missing = INK_REDIRECTS.filter((r) => !seen.has(r));
        if (missing.length === 0) return undefined;
        const names = missing.map((r) => `ink/build/${r.importer}.js → ${r.spec}`).join(', ');
        return {
          errors: [
            { text: changedShape('ink-output-redirects.mjs', `Ink changed shape (no import ${names})`) },
          ],
        };
      });
    },
  };
}

/**
 * The same swap for Vite (vitest): Ink must be processed by Vite rather than loaded by Node
 * (vitest.config.ts lists it under server.deps.inline) for its imports to reach this hook.
 */
export function inkOutputRedirectsVite() {
  return {
    name: 'ink-output-redirects',
    enforce: 'pre',
    resolveId(source, importer) {
      return INK_ORIGINALS.get(source) ?? redirectOf(source, importer)?.to ?? null;
    },
  };
}
