// How a program is built for shipping: pooltop itself (scripts/build.mjs) and the bench's Ink
// hello-world baseline (bench/bundle.mjs) go through the same function, so "bundled the same
// way" holds by construction. A program is these files in `outDir`:
//   <name>-app.mjs      the program, minified ESM split into chunks (chunks/): a command loads
//                       the chunks of the code it runs and no other, so a one-shot command
//                       never loads Ink, React or the dashboard
//   <name>-dashboard.cjs  the same program as one minified CommonJS bundle, which the
//                       executable runs for the dashboard with a V8 code cache taken after
//                       start-up (src/launch/code-cache.ts)
//   <name>.cjs          the executable (shebang): src/launch/entry.ts, which checks the Node.js
//                       version, turns on Node's compile cache and starts one of the two
//   <name>-chunks.json  not shipped: the source files in each chunk, for the tests
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inkOutput } from '../src/renderer/ink-output-plugins.mjs';
import { swrUnref } from '../vendor/swr-unref/esbuild-plugin.mjs';
import { dashboardBundle, leanStart } from './lean-start.mjs';

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
    // Start-up work skipped: ./lean-start.mjs says what and why.
    plugins: [inkOutput(), swrUnref(), ...leanStart(root)],
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
  // Chunk names carry a hash of their content: the chunks of an earlier build would linger.
  rmSync(join(outDir, 'chunks'), { recursive: true, force: true });
  const { metafile } = await build({
    ...common,
    minify,
    format: 'esm',
    splitting: true,
    entryPoints: { [`${name}-app`]: join(root, entry) },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    metafile: true,
  });
  const chunks = Object.fromEntries(
    Object.entries(metafile.outputs).map(([file, output]) => [
      relative(outDir, join(root, file)),
      Object.keys(output.inputs),
    ]),
  );
  writeFileSync(join(outDir, `${name}-chunks.json`), `${JSON.stringify(chunks, null, 1)}\n`);
  const dashboardName = `${name}-dashboard.cjs`;
  await build({
    ...common,
    minify,
    format: 'cjs',
    plugins: dashboardBundle(common.plugins),
    entryPoints: [join(root, entry)],
    outfile: join(outDir, dashboardName),
  });
  const executable = join(outDir, `${name}.cjs`);
  await build({
    ...common,
    format: 'cjs',
    // Old syntax: it must get as far as src/launch/require-node.ts on an old Node.js.
    target: 'node18',
    entryPoints: [join(root, 'src', 'launch', 'entry.ts')],
    outfile: executable,
    define: {
      ...common.define,
      __POOLTOP_APP__: JSON.stringify(appName),
      __POOLTOP_DASHBOARD__: JSON.stringify(dashboardName),
    },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(executable, 0o755);
  return executable;
}
