/**
 * A one-shot command runs the commands' bundle, which holds nothing of Ink, React, Yoga or the
 * dashboard: the build's list of the source files in each bundle (dist/pooltop-bundles.json, from
 * esbuild's metafile) says what is in it, and the built program run against `pooltop serve` in
 * another process, with DEBUG=pooltop and a module hook (test/support/record-loads.mjs), says
 * which bundle ran and what else it loaded: no module file but the executable, no Intl.Segmenter
 * (string-width, reached only through sanitize's ASCII fallback, never sets up) and never Node's
 * own undici.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/run-cli.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const HOOK = join(import.meta.dirname, '..', 'support', 'record-loads.mjs');
/** What no one-shot command may run: the dashboard's libraries and pooltop's own UI. */
const DASHBOARD_ONLY =
  /^node_modules\/(ink|react|react-reconciler|scheduler|yoga-layout|@alcalzone\/ink-table|swr)\/|^src\/(ui|renderer)\//;

interface Loads {
  modules: string[];
  segmenters: number;
  nodeUndici: boolean;
}

/**
 * The source files of each bundle, a dependency's from its `node_modules/` on: esbuild names a
 * file by its real path, which lies outside the checkout where node_modules is a symlink.
 */
const bundles = (): Record<string, string[]> => {
  const lists = JSON.parse(readFileSync(join(DIST, 'pooltop-bundles.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const fromNodeModules = (f: string) =>
    f.includes('node_modules/') ? f.slice(f.indexOf('node_modules/')) : f;
  return Object.fromEntries(Object.entries(lists).map(([name, files]) => [name, files.map(fromNodeModules)]));
};

/** What the command loaded through Node's module loader, what the hook saw, and what it said. */
async function loads(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Loads & { files: string[]; said: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-loads-'));
  const out = join(dir, 'loads.json');
  let said = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, CLI, ...args], {
      env: { ...env, POOLTOP_TEST_LOADS: out, POOLTOP_CACHE_DIR: join(dir, 'cache'), DEBUG: 'pooltop' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      said += d;
    });
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  const recorded = JSON.parse(readFileSync(out, 'utf8')) as Loads;
  const files = recorded.modules.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  return { ...recorded, files, said };
}

describe('one-shot commands load only what they use', () => {
  let served: ServedCli;
  beforeAll(async () => {
    served = await startServeCli([]);
  });
  afterAll(async () => {
    await served.stop();
  });

  it("the dashboard is what brings Ink, React and Yoga into the build; the commands' bundle has none", () => {
    const { 'pooltop-commands.cjs': commands = [], 'pooltop-dashboard.cjs': dashboard = [] } = bundles();
    for (const name of ['ink', 'react', 'yoga-layout']) {
      expect(dashboard.some((f) => f.startsWith(`node_modules/${name}/`))).toBe(true);
    }
    expect(commands).toContain('src/commands/support/context.ts');
    expect(commands.filter((f) => DASHBOARD_ONLY.test(f))).toEqual([]);
  });

  it.each([
    ['pool', '--json'],
    ['accounts', '--json'],
    ['check', 'pool'],
    ['mining', 'info', '--json', '--account', 'main_farm'],
  ])('pooltop %s %s', async (...args) => {
    const seen = await loads([...args, '--base-url', served.facts.base_url], served.env());
    // The cache's name is the bundle's: the commands' bundle ran, not the dashboard's.
    expect(seen.said).toMatch(
      /^pooltop: code cache: none, written at exit \(.*[\\/]commands-[^/\\]*\.v8\)$/m,
    );
    expect(seen.files).toEqual([CLI]);
    expect(seen.segmenters).toBe(0);
    expect(seen.nodeUndici).toBe(false);
  });
});
