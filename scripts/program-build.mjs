// How a program is built for shipping: pooltop itself (scripts/build.mjs) and the bench's Ink
// hello-world baseline (bench/bundle.mjs) go through the same function, so "bundled the same
// way" holds by construction. A program is two files in `outDir`:
//   <name>-app.cjs  the program, one minified CommonJS bundle (CommonJS, not ESM: V8's code
//                   cache is reachable on Node 20 through vm.Script only, see src/launch/)
//   <name>.cjs      the executable (shebang): src/launch/launcher.ts, which loads the program
//                   through the code cache
// Build-time patches of dependencies, each with its reason in its own file:
import { mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inkWithoutDevtools } from './ink-without-devtools.mjs';
import { lazySegmenters } from './lazy-segmenters.mjs';
import { oneStringWidth } from './one-string-width.mjs';
import { undiciLazyHttp2 } from './undici-lazy-http2.mjs';
import { yogaSync } from './yoga-sync.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every build-time patch of a dependency, for any bundle that includes Ink or undici. */
export function productionPlugins() {
  return [yogaSync(), inkWithoutDevtools(), oneStringWidth(), lazySegmenters(), undiciLazyHttp2()];
}

/** esbuild options shared by every bundle: Node 20, minified, production React and Ink. */
export function commonOptions(outDir) {
  mkdirSync(outDir, { recursive: true });
  const emptyModule = join(outDir, '.empty.js');
  writeFileSync(emptyModule, 'module.exports = undefined;\n');
  const { version, engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return {
    bundle: true,
    platform: 'node',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    jsx: 'automatic',
    absWorkingDir: root,
    // Resolve packages from the repository even when the output lives elsewhere (the bench).
    nodePaths: [join(root, 'node_modules')],
    // Ink loads react-devtools-core only in dev mode; never ship it.
    alias: { 'react-devtools-core': emptyModule },
    define: {
      'process.env.NODE_ENV': '"production"',
      __POOLTOP_VERSION__: JSON.stringify(version),
      __POOLTOP_MIN_NODE__: JSON.stringify(engines.node.replace(/^>=/, '')),
    },
  };
}

/**
 * Builds `entry` (relative to the repository) as the program `name` in `outDir`; returns the
 * executable's path. `minify: false` keeps names for CPU profiles; `plugins` come first (the
 * bench's what-if variants).
 */
export async function buildProgram({ entry, outDir, name, minify = true, plugins = [] }) {
  const common = commonOptions(outDir);
  const appName = `${name}-app.cjs`;
  await build({
    ...common,
    minify,
    format: 'cjs',
    entryPoints: [join(root, entry)],
    outfile: join(outDir, appName),
    plugins: [...plugins, ...productionPlugins()],
  });
  const executable = join(outDir, `${name}.cjs`);
  await build({
    ...common,
    format: 'cjs',
    // Old syntax: it must get as far as src/launch/require-node.ts on an old Node.js.
    target: 'node18',
    entryPoints: [join(root, 'src', 'launch', 'launcher.ts')],
    outfile: executable,
    define: { ...common.define, __POOLTOP_APP__: JSON.stringify(appName) },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(executable, 0o755);
  return executable;
}
