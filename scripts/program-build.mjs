// How a program is built for shipping: pooltop itself (scripts/build.mjs) and the bench's Ink
// hello-world baseline (bench/bundle.mjs) go through the same function, so "bundled the same
// way" holds by construction. A program is two files in `outDir`:
//   <name>-app.mjs  the program, one minified ESM bundle
//   <name>.cjs      the executable (shebang): src/launch/entry.ts, which checks the Node.js
//                   version, turns on Node's compile cache and imports the program
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inkOutput } from '../src/renderer/ink-output-plugins.mjs';
import { swrUnref } from '../vendor/swr-unref/esbuild-plugin.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild options shared by every bundle: minified, production React and Ink. */
export function commonOptions(outDir) {
  mkdirSync(outDir, { recursive: true });
  const emptyModule = join(outDir, '.empty.js');
  writeFileSync(emptyModule, 'export default undefined;\n');
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
    // Ink loads react-devtools-core only in dev mode (DEV=true); never ship it.
    alias: { 'react-devtools-core': emptyModule },
    // Ink's output pass replaced: src/renderer/README.md says why and what it buys.
    // SWR's deduping timer unref'd: vendor/swr-unref/esbuild-plugin.mjs says why.
    plugins: [inkOutput(), swrUnref()],
    define: {
      'process.env.NODE_ENV': '"production"',
      __POOLTOP_VERSION__: JSON.stringify(version),
      __POOLTOP_MIN_NODE__: JSON.stringify(engines.node.replace(/^>=/, '')),
    },
  };
}

/** Packages bundled into an ESM file may still call require() for Node's built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/**
 * Builds `entry` (relative to the repository) as the program `name` in `outDir`; returns the
 * executable's path. `minify: false` keeps names for CPU profiles.
 */
export async function buildProgram({ entry, outDir, name, minify = true }) {
  const common = commonOptions(outDir);
  const appName = `${name}-app.mjs`;
  await build({
    ...common,
    minify,
    format: 'esm',
    entryPoints: [join(root, entry)],
    outfile: join(outDir, appName),
    banner: { js: ESM_REQUIRE_BANNER },
  });
  const executable = join(outDir, `${name}.cjs`);
  await build({
    ...common,
    format: 'cjs',
    // Old syntax: it must get as far as src/launch/require-node.ts on an old Node.js.
    target: 'node18',
    entryPoints: [join(root, 'src', 'launch', 'entry.ts')],
    outfile: executable,
    define: { ...common.define, __POOLTOP_APP__: JSON.stringify(appName) },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(executable, 0o755);
  return executable;
}
