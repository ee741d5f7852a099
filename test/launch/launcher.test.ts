/**
 * The built executable (dist/pooltop.cjs) loads the program through V8's code cache
 * (src/launch/): these run it for real, with DEBUG=pooltop telling what happened to the cache.
 */
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { launchPty } from '../support/pty-session.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pooltop-code-cache-'));
const debugEnv = (dir: string, extra: NodeJS.ProcessEnv = {}) =>
  cleanEnv({ POOLTOP_CACHE_DIR: dir, DEBUG: 'pooltop', ...extra });
const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('launcher and code cache', () => {
  it('writes the cache after the first run, uses it on the next, output unchanged', async () => {
    const dir = join(freshDir(), 'cache');
    const first = await runCli(['help', 'pool'], debugEnv(dir));
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(''); // help is not worth a cache: nothing read, nothing written
    const cold = await runCli(['serve', '--help'], debugEnv(dir));
    expect(cold.stdout).toContain('serve');

    const one = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/^pooltop: code cache: absent \(.*pooltop-app-pool-.*\.v8cache\)$/m);
    expect(one.stderr).toMatch(/^pooltop: code cache: written \(\d+ bytes\)$/m);
    const [file] = cacheFiles(dir);
    expect(file).toMatch(/^pooltop-app-pool-/);
    expect(statSync(join(dir, file ?? '')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const two = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(two.code).toBe(0);
    expect(two.stderr).toMatch(/^pooltop: code cache: accepted /m);
    expect(two.stderr).not.toMatch(/written/);
    expect(Object.keys(JSON.parse(two.stdout))).toEqual(Object.keys(JSON.parse(one.stdout)));
  });

  it('refuses a damaged cache, runs anyway and writes a good one; drops stale files', async () => {
    const dir = freshDir();
    await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    const [file] = cacheFiles(dir);
    writeFileSync(join(dir, file ?? ''), 'not a code cache');
    writeFileSync(join(dir, 'pooltop-app-pool-0.0.1-1-node20.0.0-x64.v8cache'), 'an older version');
    writeFileSync(join(dir, 'pooltop-app-accounts-0.0.1-1-node20.0.0-x64.v8cache'), 'another kind');
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('current_hash_rate');
    expect(run.stderr).toMatch(/code cache: refused/);
    expect(run.stderr).toMatch(/code cache: written/);
    expect(cacheFiles(dir).sort()).toEqual(
      [file, 'pooltop-app-accounts-0.0.1-1-node20.0.0-x64.v8cache'].sort(),
    );
    const again = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(again.stderr).toMatch(/code cache: accepted/);
  });

  it('says nothing and loses nothing when the cache cannot be written', async () => {
    const blocker = join(freshDir(), 'not-a-dir');
    writeFileSync(blocker, '');
    const quiet = await runCli(['pool', '--json', '--demo'], cleanEnv({ POOLTOP_CACHE_DIR: blocker }));
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(JSON.parse(quiet.stdout)).toHaveProperty('workers');
    const told = await runCli(['pool', '--json', '--demo'], debugEnv(blocker));
    expect(told.stderr).toMatch(/^pooltop: code cache: not written \(E[A-Z]+\)$/m);
  });

  it('neither reads nor writes a cache in a directory others can write to', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o777);
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`pooltop: code cache: not used: ${dir} is writable by others\n`);
    expect(cacheFiles(dir)).toEqual([]);
  });

  it('reads and writes nothing with POOLTOP_CODE_CACHE=off', async () => {
    const dir = freshDir();
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(dir, { POOLTOP_CODE_CACHE: 'off' }));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('pooltop: code cache: off\n');
    expect(cacheFiles(dir)).toEqual([]);
  });

  it('fails with one line when the program file is missing', async () => {
    const lonely = join(freshDir(), 'bin');
    mkdirSync(lonely);
    copyFileSync(CLI, join(lonely, 'pooltop.cjs'));
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [join(lonely, 'pooltop.cjs'), 'pool'], {
      encoding: 'utf8',
      env: cleanEnv(),
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `pooltop: cannot load ${join(lonely, 'pooltop-app.cjs')} (ENOENT); reinstall pooltop\n`,
    );
    expect(dirname(CLI)).not.toBe(lonely);
  });

  it('reports a program that fails as it loads in one line, its stack only with DEBUG', async () => {
    const bin = join(freshDir(), 'bin');
    mkdirSync(bin);
    copyFileSync(CLI, join(bin, 'pooltop.cjs'));
    writeFileSync(
      join(bin, 'pooltop-app.cjs'),
      'throw new Error("yoga did not load\\u001b[2J\\nsecond line");\n',
    );
    const { spawnSync } = await import('node:child_process');
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [join(bin, 'pooltop.cjs')], { encoding: 'utf8', env });
    const plain = run(cleanEnv({ POOLTOP_CACHE_DIR: freshDir() }));
    expect(plain.status).toBe(1);
    expect(plain.stderr).toBe('pooltop: cannot start: yoga did not load [2J second line\n');
    const debug = run(debugEnv(freshDir()));
    expect(debug.stderr).toMatch(/^pooltop: cannot start: yoga did not load/m);
    expect(debug.stderr).toMatch(/at .*pooltop-app\.cjs/);
  });
});

describe('dashboard code cache', () => {
  it('is saved once start-up is over and used by the next start', async () => {
    const dir = freshDir();
    const env = { POOLTOP_CACHE_DIR: dir, DEBUG: 'pooltop' };
    const first = launchPty(['--demo'], { cols: 100, rows: 30, env });
    try {
      await vi.waitFor(() => expect(first.screen()).toMatch(/Workers [\d,]+/), {
        timeout: 15_000,
        interval: 50,
      });
      await vi.waitFor(() => expect(cacheFiles(dir)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      expect(cacheFiles(dir)[0]).toMatch(/^pooltop-app-dashboard-/);
      first.pty.write('q');
      expect(await first.exit).toBe(0);
    } finally {
      first.dispose();
    }
    const second = launchPty(['--demo'], { cols: 100, rows: 30, env });
    try {
      await vi.waitFor(() => expect(second.screen()).toMatch(/Workers [\d,]+/), {
        timeout: 15_000,
        interval: 50,
      });
      second.pty.write('q');
      expect(await second.exit).toBe(0);
      await second.flushed();
      // The launcher's line was written before the dashboard took the screen; it is back now.
      expect(second.screen()).toMatch(/pooltop: code cache: accepted \(.*pooltop-app-dashboard-/);
      expect(second.raw()).not.toMatch(/code cache: (written|refused|absent)/);
    } finally {
      second.dispose();
    }
  });
});
