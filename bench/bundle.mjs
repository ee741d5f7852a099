// esbuild bundles for the bench: the Ink hello-world baseline and the in-process entries, plain
// minified ESM bundles with pooltop's esbuild options (scripts/program-build.mjs).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { commonOptions, ESM_REQUIRE_BANNER, root } from '../scripts/program-build.mjs';

export { root };

/**
 * Inside src/renderer/render.tsx only (where the dashboard calls Ink's render), 'ink' resolves to
 * bench/inproc/ink-spy.mjs (the same Ink, plus a record of the render options and of Ink's render
 * time). Other importers are untouched, and entries that do not include the renderer are not
 * affected at all.
 */
const inkSpy = {
  name: 'ink-spy',
  setup(b) {
    b.onResolve({ filter: /^ink$/ }, (args) =>
      args.importer.replaceAll('\\', '/').endsWith('src/renderer/render.tsx')
        ? { path: join(root, 'bench', 'inproc', 'ink-spy.mjs') }
        : undefined,
    );
  },
};

/** A temp dir for this run's bundles; removed by cleanup(). */
export function makeWorkDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-bench-'));
  mkdirSync(dir, { recursive: true });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function describeError(error) {
  const first = error?.errors?.[0];
  return first ? `${first.text} (${first.location?.file ?? '?'})` : String(error?.message ?? error);
}

/**
 * Bundles each entry on its own (a broken entry does not break the others) as an ESM file.
 * `spy: true` adds the ink-spy plugin. Returns { name: { file } | { error } }.
 */
export async function bundleEntries(outDir, entries, { spy = false } = {}) {
  const common = commonOptions(outDir);
  const options = {
    ...common,
    logLevel: 'silent',
    format: 'esm',
    plugins: spy ? [...common.plugins, inkSpy] : common.plugins,
    banner: { js: ESM_REQUIRE_BANNER },
  };
  const out = {};
  for (const [name, entry] of Object.entries(entries)) {
    const outfile = join(outDir, `${name}.mjs`);
    try {
      await build({ ...options, entryPoints: [join(root, entry)], outfile });
      out[name] = { file: outfile };
    } catch (error) {
      out[name] = { error: describeError(error) };
    }
  }
  return out;
}
