/**
 * The built executable (dist/pooltop.cjs) keeps its code caches (src/launch/code-cache.ts) in a
 * trusted directory (src/launch/cache-dir.ts) and runs the program: these run it for real, with
 * DEBUG=pooltop telling what it did with the cache.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from '../../src/launch/cache-dir.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pooltop-cache-dir-'));
const debugEnv = (dir: string, extra: NodeJS.ProcessEnv = {}) =>
  cleanEnv({ POOLTOP_CACHE_DIR: dir, DEBUG: 'pooltop', ...extra });
/** Every file under `dir` (Node keeps one subdirectory per Node version and architecture). */
const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
};
/** The commands' code cache (src/launch/code-cache.ts), in the same directory. */
const codeCache = (dir: string) => join(dir, `commands-${version}-node${process.versions.node}-${process.arch}.v8`);
const cacheFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

describe('cache directory', () => {
  const home = () => '/home/ops';
  it('is POOLTOP_CACHE_DIR, else $XDG_CACHE_HOME/pooltop, else ~/.cache/pooltop', () => {
    expect(cacheDir({ POOLTOP_CACHE_DIR: '/x', XDG_CACHE_HOME: '/c' }, home)).toBe('/x');
    expect(cacheDir({ XDG_CACHE_HOME: '/c' }, home)).toBe('/c/pooltop');
    expect(cacheDir({ XDG_CACHE_HOME: 'relative' }, home)).toBe('/home/ops/.cache/pooltop');
    expect(cacheDir({}, home)).toBe('/home/ops/.cache/pooltop');
  });

  it('is off with POOLTOP_CODE_CACHE=off, or when there is no home to name', () => {
    expect(cacheDir({ POOLTOP_CODE_CACHE: 'off', POOLTOP_CACHE_DIR: '/x' }, home)).toBeUndefined();
    expect(cacheDir({ POOLTOP_CODE_CACHE: 'OFF' }, home)).toBeUndefined();
    expect(cacheDir({}, () => '')).toBeUndefined();
    expect(
      cacheDir({}, () => {
        throw new Error('no passwd entry');
      }),
    ).toBeUndefined();
  });
});

describe('executable and cache directory', () => {
  it('creates a private directory, fills it on the first run, uses it on the next, output unchanged', async () => {
    const dir = join(freshDir(), 'cache');
    const one = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(one.code).toBe(0);
    expect(one.stderr).toBe(`pooltop: code cache: none, written at exit (${codeCache(dir)})\n`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = cacheFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).mode & 0o077).toBe(0);

    const two = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(two.code).toBe(0);
    expect(two.stderr).toBe(`pooltop: code cache: accepted (${codeCache(dir)})\n`);
    expect(Object.keys(JSON.parse(two.stdout))).toEqual(Object.keys(JSON.parse(one.stdout)));
  });

  it('neither reads nor writes a cache in a directory others can write to, or through a symbolic link', async () => {
    const open = freshDir();
    chmodSync(open, 0o777);
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(open));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`pooltop: code cache: not used: ${open} is writable by others\n`);
    expect(cacheFiles(open)).toEqual([]);

    const target = freshDir();
    const link = `${target}-link`;
    symlinkSync(target, link);
    const linked = await runCli(['pool', '--json', '--demo'], debugEnv(link));
    expect(linked.code).toBe(0);
    expect(linked.stderr).toBe(`pooltop: code cache: not used: ${link} is a symbolic link\n`);
    expect(cacheFiles(target)).toEqual([]);
  });

  it('keeps the directory and the cache private under umask 000', () => {
    const dir = join(freshDir(), 'cache');
    // Through a shell, so the umask is the process's own from its first instruction.
    const run = spawnSync(
      '/bin/sh',
      ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, CLI, 'pool', '--json', '--demo'],
      { env: debugEnv(dir), encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`pooltop: code cache: none, written at exit (${codeCache(dir)})\n`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(cacheFiles(dir)).toEqual([codeCache(dir)]);
    expect(statSync(codeCache(dir)).mode & 0o777).toBe(0o600);
  });

  it('says nothing and loses nothing when the directory cannot be made', async () => {
    const blocker = join(freshDir(), 'not-a-dir');
    writeFileSync(blocker, '');
    const quiet = await runCli(['pool', '--json', '--demo'], cleanEnv({ POOLTOP_CACHE_DIR: blocker }));
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(JSON.parse(quiet.stdout)).toHaveProperty('workers');
    const told = await runCli(['pool', '--json', '--demo'], debugEnv(join(blocker, 'sub')));
    expect(told.stderr).toMatch(/^pooltop: code cache: not used: cannot create .* \(E[A-Z]+\)$/m);
  });

  it('reads and writes nothing with POOLTOP_CODE_CACHE=off', async () => {
    const dir = freshDir();
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(dir, { POOLTOP_CODE_CACHE: 'off' }));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('pooltop: code cache: off\n');
    expect(cacheFiles(dir)).toEqual([]);
  });

  it('reports a missing or failing program in one line, its stack only with DEBUG', () => {
    const bin = join(freshDir(), 'bin');
    mkdirSync(bin);
    copyFileSync(CLI, join(bin, 'pooltop.cjs'));
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [join(bin, 'pooltop.cjs'), 'pool'], { encoding: 'utf8', env });
    const missing = run(cleanEnv({ POOLTOP_CODE_CACHE: 'off' }));
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^pooltop: cannot start: ENOENT: .*pooltop-commands\.cjs.*\n$/);

    writeFileSync(
      join(bin, 'pooltop-commands.cjs'),
      'throw new Error("yoga did not load\\u001b[2J\\nsecond line");\n',
    );
    const plain = run(cleanEnv({ POOLTOP_CACHE_DIR: freshDir() }));
    expect(plain.status).toBe(1);
    expect(plain.stderr).toBe('pooltop: cannot start: yoga did not load [2J second line\n');
    const debug = run(debugEnv(freshDir()));
    expect(debug.stderr).toMatch(/^pooltop: cannot start: yoga did not load/m);
    expect(debug.stderr).toMatch(/at .*pooltop-commands\.cjs/);
  });
});
