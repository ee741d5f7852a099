/**
 * Each patch of patches/ applies to the installed package (the bundle builds, with the patched
 * file in it) and fails the build on a package of another shape, as after an upgrade that
 * changed the code it rewrites, rather than letting the patch go silently.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PATCHES } from '../../patches/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

function patch(name: string): Plugin {
  const plugin = PATCHES[name];
  if (!plugin) throw new Error(`no patch ${name}`);
  return plugin();
}

/** Bundles `source` as an entry in `dir` with one patch; the metafile's inputs. */
async function bundle(dir: string, source: string, names: string[], format: 'esm' | 'cjs' = 'esm') {
  const entry = join(dir, 'entry.mjs');
  writeFileSync(entry, source);
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    platform: 'node',
    format,
    outfile: join(dir, 'out.js'),
    absWorkingDir: ROOT,
    nodePaths: [join(ROOT, 'node_modules')],
    external: ['react-devtools-core'],
    plugins: names.map(patch),
  });
  return Object.keys(metafile.inputs).map((p) => p.replaceAll('\\', '/'));
}

/** A directory holding `files` (path → text) under node_modules/. */
function fakePackages(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-patch-shape-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'node_modules', path)), { recursive: true });
    writeFileSync(join(dir, 'node_modules', path), text);
  }
  return dir;
}

const importOf = (dir: string, path: string) =>
  `import ${JSON.stringify(join(dir, 'node_modules', path))};\n`;

/** Per patch: what the installed package is imported as, and a file of another shape. */
const CASES: Array<{
  name: string;
  real: string;
  format?: 'cjs';
  with?: string[];
  fake?: Record<string, string>;
}> = [
  {
    name: 'ink-without-dev-mode',
    // A CommonJS bundle of Ink builds only without top-level await: Ink's and Yoga's.
    real: "import 'ink';\n",
    format: 'cjs',
    with: ['yoga-from-bytes'],
    fake: { 'ink/build/reconciler.js': "if (process.env['DEV'] === 'true') {}\nexport default 1;\n" },
  },
  {
    name: 'yoga-from-bytes',
    real: "import 'yoga-layout';\n",
    format: 'cjs',
    fake: {
      'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js': 'export default function loadYoga() {}\n',
      'yoga-layout/dist/src/index.js': 'export default 1;\n',
    },
  },
  {
    name: 'swr-unref-dedupe-timer',
    real: "import 'swr';\n",
    fake: { 'swr/dist/use-swr-x.mjs': 'setTimeout(cleanupState, 1);\nexport default 1;\n' },
  },
  {
    name: 'string-width-lazy-set-up',
    real: "import 'string-width';\n",
    fake: { 'string-width/index.js': 'export const other = 1;\nexport default function stringWidth() {}\n' },
  },
  {
    name: 'undici-h2-on-first-use',
    real: "import 'undici/lib/dispatcher/client.js';\n",
    fake: { 'undici/lib/dispatcher/client.js': 'module.exports = 1;\n' },
  },
  { name: 'undici-pool-only', real: "import { Pool } from 'undici';\nexport { Pool };\n" },
];

describe('patches/ on the installed packages and on others', () => {
  it.each(CASES)(
    '$name applies to the installed package',
    async ({ name, real, format, with: others = [] }) => {
      const dir = mkdtempSync(join(tmpdir(), 'pooltop-patch-real-'));
      const inputs = await bundle(dir, real, [name, ...others], format);
      expect(inputs.length).toBeGreaterThan(1);
    },
  );

  it.each(CASES.filter((c) => c.fake))(
    '$name fails the build on a package of another shape',
    async ({ name, fake }) => {
      const dir = fakePackages(fake ?? {});
      const entry = Object.keys(fake ?? {})
        .map((path) => importOf(dir, path))
        .join('');
      await expect(bundle(dir, entry, [name])).rejects.toThrow(
        new RegExp(`patches/${name}\\.mjs: .* changed shape`),
      );
    },
  );

  it("undici-pool-only bundles undici's Pool module, not its index", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-patch-real-'));
    const inputs = await bundle(dir, "import { Pool } from 'undici';\nexport { Pool };\n", [
      'undici-pool-only',
    ]);
    expect(inputs).toContain('undici-pool-only:undici-pool');
    expect(inputs.some((p) => p.endsWith('undici/index.js'))).toBe(false);
    expect(inputs.some((p) => p.endsWith('undici/lib/dispatcher/pool.js'))).toBe(true);
  });
});
