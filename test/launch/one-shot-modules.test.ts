/**
 * A one-shot command loads the code it runs and no other. The built program's chunks
 * (dist/pooltop-chunks.json: the source files esbuild put in each) that the commands load
 * against `pooltop serve` in another process, recorded by a module hook
 * (test/support/record-loads.mjs), hold nothing of Ink, React, Yoga or the dashboard; string-width
 * is reached only through sanitize's ASCII fallback, and its set-up (an Intl.Segmenter) never
 * runs; Node's own undici is never loaded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/run-cli.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const HOOK = join(import.meta.dirname, '..', 'support', 'record-loads.mjs');
/** What no one-shot command may load: the dashboard's libraries and pooltop's own UI. */
const DASHBOARD_ONLY =
  /^node_modules\/(ink|react|react-reconciler|scheduler|yoga-layout|@alcalzone\/ink-table|swr)\/|^src\/(ui|renderer)\//;

interface Loads {
  modules: string[];
  segmenters: number;
  nodeUndici: boolean;
}

/** The source files of every chunk of the program the command loaded, and what else the hook saw. */
async function loads(args: string[], env: NodeJS.ProcessEnv): Promise<Loads & { sources: string[] }> {
  const out = join(mkdtempSync(join(tmpdir(), 'pooltop-loads-')), 'loads.json');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, CLI, ...args], {
      env: { ...env, POOLTOP_TEST_LOADS: out },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  expect(code).toBe(0);
  const recorded = JSON.parse(readFileSync(out, 'utf8')) as Loads;
  const chunks = JSON.parse(readFileSync(join(DIST, 'pooltop-chunks.json'), 'utf8')) as Record<string, string[]>;
  const files = recorded.modules
    .filter((url) => url.startsWith('file:'))
    .map((url) => relative(DIST, fileURLToPath(url)))
    .filter((file) => !file.startsWith('..'));
  expect(files).toContain('pooltop-app.mjs');
  return { ...recorded, sources: files.flatMap((file) => chunks[file] ?? [`${file} (not in the build's chunk list)`]) };
}

describe('one-shot commands load only what they use', () => {
  let served: ServedCli;
  beforeAll(async () => {
    served = await startServeCli([]);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('the dashboard is what brings Ink, React and Yoga into the build', () => {
    const chunks = JSON.parse(readFileSync(join(DIST, 'pooltop-chunks.json'), 'utf8')) as Record<string, string[]>;
    const everything = Object.values(chunks).flat();
    for (const name of ['ink', 'react', 'yoga-layout']) {
      expect(everything.some((f) => f.startsWith(`node_modules/${name}/`))).toBe(true);
    }
  });

  it.each([
    ['pool', '--json'],
    ['accounts', '--json'],
    ['check', 'pool'],
    ['mining', 'info', '--json', '--account', 'main_farm'],
  ])('pooltop %s %s', async (...args) => {
    const seen = await loads([...args, '--base-url', served.facts.base_url], served.env());
    expect(seen.sources.filter((f) => DASHBOARD_ONLY.test(f))).toEqual([]);
    expect(seen.sources).toContain('src/commands/support/context.ts');
    expect(seen.segmenters).toBe(0);
    expect(seen.nodeUndici).toBe(false);
  });
});
