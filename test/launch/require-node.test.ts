/**
 * The executable on a Node.js older than engines.node: one line, exit 2, nothing else run. The
 * built dist/pooltop.cjs is started with a preload that makes this Node.js report another version.
 * So is the guard that `npm test`, `npm start` and `npm run bench` run first
 * (scripts/require-node.mjs), with the same words.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cleanEnv } from '../support/run-cli.js';

const preload = join(mkdtempSync(join(tmpdir(), 'pooltop-node-')), 'fake-version.cjs');
writeFileSync(
  preload,
  [
    'const v = process.env.FAKE_NODE_VERSION;',
    "Object.defineProperty(process, 'version', { value: 'v' + v });",
    "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: v } });",
  ].join('\n'),
);

const runAs = (version: string, args: string[], script = CLI, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--require', preload, script, ...args], {
    env: cleanEnv({ FAKE_NODE_VERSION: version, ...env }),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const minimum = pkg.engines.node;
const GUARD = 'scripts/require-node.mjs';

describe('required Node.js version', () => {
  it('engines.node is the lowest release the dependencies support', () => {
    expect(minimum).toBe('>=22.19.0');
  });

  it.each(['18.20.8', '20.20.2', '22.18.9'])('Node.js %s: one line on stderr, exit 2', (version) => {
    const run = runAs(version, ['pool', '--json', '--demo']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`pooltop: needs Node.js 22.19 or newer (this is v${version})\n`);
  });

  it.each(['22.19.0', '23.0.0', '24.21.0', '100.0.0'])('Node.js %s: runs', (version) => {
    const run = runAs(version, ['--version']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  describe('npm test, npm start and npm run bench', () => {
    it.each(['test', 'start', 'bench'])('npm %s runs the guard before anything else', (name) => {
      expect(pkg.scripts[name]).toMatch(new RegExp(`^node ${GUARD} && `));
    });

    it.each([
      ['test', 'npm test'],
      ['start', 'npm start'],
      ['bench', 'npm run bench'],
    ])('Node.js 20.20.2, npm %s: one line naming both versions, exit 2', (event, what) => {
      const run = runAs('20.20.2', [], GUARD, { npm_lifecycle_event: event });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`pooltop: ${what} needs Node.js 22.19 or newer (this is v20.20.2)\n`);
    });

    it('says what the executable says', () => {
      const product = runAs('22.18.9', ['pool', '--demo']).stderr;
      const guard = runAs('22.18.9', [], GUARD, { npm_lifecycle_event: 'test' }).stderr;
      expect(guard.replace('npm test ', '')).toBe(product);
    });

    it.each(['22.19.0', '24.21.0'])('Node.js %s: silent, exit 0', (version) => {
      const run = runAs(version, [], GUARD, { npm_lifecycle_event: 'test' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });
  });
});
