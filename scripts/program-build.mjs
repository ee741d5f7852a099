// How a program is built for shipping: pooltop itself (scripts/build.mjs) and the bench's Ink
// hello-world baseline (bench/bundle.mjs) go through the same function, so "bundled the same
// way" holds by construction. A program is these files in `outDir`:
//   <name>-commands.cjs   the program without the dashboard (no Ink, React, Yoga or views), one
//                         minified CommonJS bundle, which the executable runs for every command
//                         with a V8 code cache taken as the command exits
//                         (src/launch/code-cache.ts). One file rather than ESM chunks: Node's
//                         ESM loader costs a command more than the code it would skip, and an
//                         ES module's cache cannot be taken after it has run
//   <name>-dashboard.cjs  the whole program as one minified CommonJS bundle, which the
//                         executable runs for the dashboard with a V8 code cache taken after
//                         start-up
//   <name>.cjs            the executable (shebang): src/launch/entry.ts, which checks the Node.js
//                         version, finds the cache directory and starts one of the two
//   <name>-bundles.json   not shipped: the source files in each bundle, for the tests
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { dependencyPatches } from '../patches/index.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild options shared by every bundle: minified, production React, every dependency patch. */
export function commonOptions(outDir) {
  mkdirSync(outDir, { recursive: true });
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
    // Every rewrite of a dependency: patches/README.md says what, why and what each buys.
    plugins: dependencyPatches(),
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
 * The commands' bundle leaves the dashboard out: the views (src/ui, and through them Ink, React
 * and Yoga) become a module that throws, which only the dashboard command would reach, and the
 * executable runs the dashboard's own bundle instead.
 */
function withoutDashboard() {
  return {
    name: 'without-dashboard',
    setup(build) {
      build.onResolve({ filter: /[\\/]ui[\\/][^\\/]+\.js$/ }, (args) =>
        /[\\/]src[\\/]commands[\\/]/.test(args.importer)
          ? { path: args.path, namespace: 'without-dashboard' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'without-dashboard' }, () => ({
        contents: 'throw new Error("the dashboard runs from its own bundle");',
        loader: 'js',
      }));
    },
  };
}

/**
 * Builds `entry` (relative to the repository) as the program `name` in `outDir`; returns the
 * executable's path. `minify: false` keeps names for CPU profiles.
 */
export async function buildProgram({ entry, outDir, name, minify = true }) {
  const common = commonOptions(outDir);
  const commandsName = `${name}-commands.cjs`;
  // Files of the earlier ESM build, if dist still has them.
  rmSync(join(outDir, 'chunks'), { recursive: true, force: true });
  for (const old of [`${name}-app.mjs`, `${name}-chunks.json`, '.empty.js'])
    rmSync(join(outDir, old), { force: true });
  const commands = await build({
    ...common,
    minify,
    format: 'cjs',
    plugins: [withoutDashboard(), ...common.plugins],
    entryPoints: [join(root, entry)],
    outfile: join(outDir, commandsName),
    metafile: true,
  });
  const dashboardName = `${name}-dashboard.cjs`;
  const dashboard = await build({
    ...common,
    minify,
    format: 'cjs',
    entryPoints: [join(root, entry)],
    outfile: join(outDir, dashboardName),
    metafile: true,
  });
  const sources = (result, file) =>
    Object.keys(result.metafile.outputs[relative(root, join(outDir, file))].inputs);
  const bundles = {
    [commandsName]: sources(commands, commandsName),
    [dashboardName]: sources(dashboard, dashboardName),
  };
  writeFileSync(join(outDir, `${name}-bundles.json`), `${JSON.stringify(bundles, null, 1)}\n`);
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
      __POOLTOP_COMMANDS__: JSON.stringify(commandsName),
      __POOLTOP_DASHBOARD__: JSON.stringify(dashboardName),
    },
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(executable, 0o755);
  return executable;
}
