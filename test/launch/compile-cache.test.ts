/**
 * The built executable (dist/pooltop.cjs) turns on Node's compile cache in a trusted directory
 * (src/launch/compile-cache.ts) and runs the program, whose code cache (src/launch/code-cache.ts)
 * lives in the same directory: these run it for real, with DEBUG=pooltop telling what it did and
 * NODE_DEBUG_NATIVE=COMPILE_CACHE what Node did with its cache.
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
import { cacheDir } from '../../src/launch/compile-cache.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pooltop-compile-cache-'));
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

describe('executable and compile cache', () => {
  it('creates a private directory, fills it on the first run, uses it on the next, output unchanged', async () => {
    const dir = join(freshDir(), 'cache');
    const one = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(one.code).toBe(0);
    expect(one.stderr).toBe(
      `pooltop: compile cache: on (${dir})\npooltop: code cache: none, written at exit (${codeCache(dir)})\n`,
    );
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = cacheFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).mode & 0o077).toBe(0);

    const two = await runCli(['pool', '--json', '--demo'], debugEnv(dir));
    expect(two.code).toBe(0);
    expect(two.stderr).toBe(`pooltop: compile cache: on (${dir})\npooltop: code cache: accepted (${codeCache(dir)})\n`);
    expect(Object.keys(JSON.parse(two.stdout))).toEqual(Object.keys(JSON.parse(one.stdout)));
  });

  it('neither reads nor writes a cache in a directory others can write to, or through a symbolic link', async () => {
    const open = freshDir();
    chmodSync(open, 0o777);
    const run = await runCli(
      ['pool', '--json', '--demo'],
      debugEnv(open, { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`pooltop: compile cache: not used: ${open} is writable by others\npooltop: code cache: off\n`);
    expect(cacheFiles(open)).toEqual([]);

    const target = freshDir();
    const link = `${target}-link`;
    symlinkSync(target, link);
    const linked = await runCli(['pool', '--json', '--demo'], debugEnv(link));
    expect(linked.code).toBe(0);
    expect(linked.stderr).toBe(`pooltop: compile cache: not used: ${link} is a symbolic link\npooltop: code cache: off\n`);
    expect(cacheFiles(target)).toEqual([]);
  });

  it('keeps the per-Node subdirectory private under umask 000, and refuses one left open', async () => {
    const dir = join(freshDir(), 'cache');
    const env = debugEnv(dir);
    // Through a shell, so the umask is the process's own from its first instruction.
    const run = spawnSync(
      '/bin/sh',
      ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, CLI, 'pool', '--json', '--demo'],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      `pooltop: compile cache: on (${dir})\npooltop: code cache: none, written at exit (${codeCache(dir)})\n`,
    );
    const subdirs = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(subdirs.length).toBe(1);
    const sub = join(dir, subdirs[0]?.name ?? '');
    expect(statSync(sub).mode & 0o777).toBe(0o700);
    const files = cacheFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).mode & 0o022).toBe(0);

    // A subdirectory another user could write to (as an older pooltop left it) is not used.
    chmodSync(sub, 0o777);
    const before = files.map((f) => statSync(f).mtimeMs);
    const refused = await runCli(
      ['pool', '--json', '--demo'],
      debugEnv(dir, { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }),
    );
    expect(refused.code).toBe(0);
    expect(refused.stderr).toBe(
      `pooltop: compile cache: not used: ${sub} is writable by others; remove it\npooltop: code cache: accepted (${codeCache(dir)})\n`,
    );
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(before);
  });

  it('says nothing and loses nothing when the directory cannot be made', async () => {
    const blocker = join(freshDir(), 'not-a-dir');
    writeFileSync(blocker, '');
    const quiet = await runCli(['pool', '--json', '--demo'], cleanEnv({ POOLTOP_CACHE_DIR: blocker }));
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(JSON.parse(quiet.stdout)).toHaveProperty('workers');
    const told = await runCli(['pool', '--json', '--demo'], debugEnv(join(blocker, 'sub')));
    expect(told.stderr).toMatch(/^pooltop: compile cache: not used: cannot create .* \(E[A-Z]+\)$/m);
  });

  it('reads and writes nothing with POOLTOP_CODE_CACHE=off', async () => {
    const dir = freshDir();
    const run = await runCli(['pool', '--json', '--demo'], debugEnv(dir, { POOLTOP_CODE_CACHE: 'off' }));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('pooltop: compile cache: off\npooltop: code cache: off\n');
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
