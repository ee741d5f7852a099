/**
 * The dashboard runs from its CommonJS bundle with a V8 code cache taken after start-up
 * (src/launch/code-cache.ts): the built executable in a pty, DEBUG=pooltop telling on stderr
 * what happened to the cache, the cache directory's files telling the rest.
 */
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AT_START_V8_FLAGS, SERVICE_V8_FLAGS } from '../../src/launch/dashboard-heap.js';
import { CLI } from '../support/run-cli.js';
import { launchPty } from '../support/pty-session.js';

const { version } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
) as {
  version: string;
};
const CACHE_NAME = `dashboard-${version}-node${process.versions.node}-${process.arch}.v8`;
const freshDir = () => mkdtempSync(join(tmpdir(), 'pooltop-code-cache-'));
const names = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('dashboard-'));
const said = (raw: string) => raw.match(/^pooltop: code cache: .*$/m)?.[0] ?? '';

/**
 * Runs `pooltop --demo` with DEBUG=pooltop and the cache in `dir` until pool data is on screen
 * and `until()` holds, then quits; returns what it said about the code cache (or, with `read`, what
 * `read` takes from all it wrote).
 */
async function dashboard(
  dir: string,
  until: () => boolean = () => true,
  env: NodeJS.ProcessEnv = {},
  read: (raw: string) => string = said,
) {
  const run = launchPty(['--demo'], {
    cols: 100,
    rows: 30,
    env: { POOLTOP_CACHE_DIR: dir, DEBUG: 'pooltop', ...env },
  });
  try {
    await vi.waitFor(
      () => {
        expect(run.screen()).toMatch(/Workers [\d,]+/);
        expect(until()).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    run.pty.write('q');
    expect(await run.exit).toBe(0);
    await run.flushed();
    return read(run.raw());
  } finally {
    run.dispose();
  }
}

/**
 * Runs `pooltop --demo` with the cache in `dir`, without DEBUG, past the moment its cache would
 * be written (the clock on screen has ticked 4 times), then quits: it must have said nothing.
 */
async function runsSilentlyPastStartUp(dir: string) {
  const run = launchPty(['--demo'], { cols: 100, rows: 30, env: { POOLTOP_CACHE_DIR: dir } });
  try {
    await vi.waitFor(() => expect(run.screen()).toMatch(/Workers [\d,]+/), { timeout: 20_000, interval: 50 });
    const clock = () => run.screen().match(/\d\d:\d\d:(\d\d)\s*$/m)?.[1];
    const first = Number(clock());
    await vi.waitFor(() => expect((Number(clock()) - first + 60) % 60).toBeGreaterThanOrEqual(4), {
      timeout: 20_000,
      interval: 100,
    });
    expect(run.screen()).toMatch(/Workers [\d,]+/);
    run.pty.write('q');
    expect(await run.exit).toBe(0);
    await run.flushed();
    expect(run.raw()).not.toMatch(/pooltop:|Error/);
  } finally {
    run.dispose();
  }
}

/** The cache file, present whole: renamed into place, no temporary file left. */
const written =
  (dir: string, since = 0) =>
  () => {
    const files = readdirSync(dir);
    return (
      files.includes(CACHE_NAME) &&
      statSync(join(dir, CACHE_NAME)).mtimeMs > since &&
      !files.some((f) => f.endsWith('.tmp'))
    );
  };

describe('dashboard code cache', () => {
  it('is written once after start-up, private, and accepted by the next start', async () => {
    const dir = freshDir();
    expect(await dashboard(dir, written(dir))).toBe(
      `pooltop: code cache: none, written after start-up (${join(dir, CACHE_NAME)})`,
    );
    expect(statSync(join(dir, CACHE_NAME)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, CACHE_NAME)).size).toBeGreaterThan(100_000);
    expect(await dashboard(dir)).toBe(`pooltop: code cache: accepted (${join(dir, CACHE_NAME)})`);
  });

  it('takes a corrupt or truncated cache as none, and replaces it', async () => {
    const dir = freshDir();
    const file = join(dir, CACHE_NAME);
    writeFileSync(file, Buffer.alloc(4096, 0x5a), { mode: 0o600 });
    const before = statSync(file).mtimeMs;
    expect(await dashboard(dir, written(dir, before))).toMatch(
      /^pooltop: code cache: rejected, written after start-up/,
    );
    expect(await dashboard(dir)).toMatch(/^pooltop: code cache: accepted/);

    truncateSync(file, Math.floor(statSync(file).size / 2));
    const truncated = statSync(file).mtimeMs;
    expect(await dashboard(dir, written(dir, truncated))).toMatch(
      /^pooltop: code cache: rejected, written after start-up/,
    );
    expect(await dashboard(dir)).toMatch(/^pooltop: code cache: accepted/);
  });

  it('does not read a cache file others can write to, and writes its own in its place', async () => {
    const dir = freshDir();
    await dashboard(dir, written(dir));
    const file = join(dir, CACHE_NAME);
    chmodSync(file, 0o666);
    const before = statSync(file).mtimeMs;
    expect(await dashboard(dir, written(dir, before))).toMatch(
      /^pooltop: code cache: none, written after start-up/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.platform !== 'win32')(
    'does not read a cache through a symbolic link, and writes its own in its place',
    async () => {
      const dir = freshDir();
      await dashboard(dir, written(dir));
      // A cache V8 would accept, reached through a link: only the link's own kind may count.
      const file = join(dir, CACHE_NAME);
      const elsewhere = join(freshDir(), 'cache.v8');
      renameSync(file, elsewhere);
      symlinkSync(elsewhere, file);
      expect(await dashboard(dir, () => !lstatSync(file).isSymbolicLink() && written(dir)())).toMatch(
        /^pooltop: code cache: none, written after start-up/,
      );
      expect(statSync(file).mode & 0o777).toBe(0o600);
    },
  );

  it.runIf(process.getuid?.() === 0)('does not read a cache file of another user', async () => {
    const dir = freshDir();
    await dashboard(dir, written(dir));
    const file = join(dir, CACHE_NAME);
    chownSync(file, 65534, 65534);
    const before = statSync(file).mtimeMs;
    expect(await dashboard(dir, written(dir, before))).toMatch(
      /^pooltop: code cache: none, written after start-up/,
    );
    expect(statSync(file).uid).toBe(0);
  });

  it('runs without a cache, silently, when it cannot write one, and leaves nothing behind', async () => {
    const dir = freshDir();
    // A directory where the file would go: it cannot be read as a cache, nor renamed over.
    mkdirSync(join(dir, CACHE_NAME));
    await runsSilentlyPastStartUp(dir);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(statSync(join(dir, CACHE_NAME)).isDirectory()).toBe(true);
  });

  // Root writes to a read-only directory all the same: the case above covers root.
  it.runIf(process.getuid?.() !== 0)('runs without a cache, silently, in a read-only directory', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o500);
    await runsSilentlyPastStartUp(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is written whole when two dashboards start at once, and caches of other versions go', async () => {
    const dir = freshDir();
    const stale = 'dashboard-0.0.1-node22.0.0-x64.v8';
    writeFileSync(join(dir, stale), 'old', { mode: 0o600 });
    const both = await Promise.all([
      dashboard(dir, () => written(dir)() && !names(dir).includes(stale)),
      dashboard(dir, () => written(dir)() && !names(dir).includes(stale)),
    ]);
    for (const line of both) expect(line).toMatch(/^pooltop: code cache: none, written after start-up/);
    expect(names(dir)).toEqual([CACHE_NAME]);
    expect(await dashboard(dir)).toMatch(/^pooltop: code cache: accepted/);
  });

  it('reads and writes nothing with POOLTOP_CODE_CACHE=off', async () => {
    const dir = freshDir();
    expect(await dashboard(dir, () => true, { POOLTOP_CODE_CACHE: 'off' })).toBe('pooltop: code cache: off');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the dashboard V8 settings (src/launch/dashboard-heap.ts)', () => {
  it('are set for the dashboard before its bundle runs, and its cache, made under them, is accepted', async () => {
    const dir = freshDir();
    const settings = `pooltop: v8: ${AT_START_V8_FLAGS.join(' ')}`;
    expect(await dashboard(dir, written(dir), {}, (raw) => raw)).toContain(settings);
    // Accepted: V8 checks a cache against the flags it runs with.
    expect(await dashboard(dir)).toBe(`pooltop: code cache: accepted (${join(dir, CACHE_NAME)})`);
  });

  it('are all set from the start for the exporter, whose cache, made under them, is accepted', () => {
    const dir = freshDir();
    const run = () =>
      spawnSync(process.execPath, [CLI, 'exporter', '--once', '--demo'], {
        env: { ...process.env, DEBUG: 'pooltop', POOLTOP_CACHE_DIR: dir },
        encoding: 'utf8',
      });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('whitebit_pool_hashrate');
    expect(first.stderr).toContain(
      `pooltop: v8: ${SERVICE_V8_FLAGS.join(' ')}`,
    );
    expect(readdirSync(dir).filter((n) => n.startsWith('exporter-'))).toHaveLength(1);
    expect(run().stderr).toMatch(/^pooltop: code cache: accepted \(.*exporter-/m);
  });

  it('are not set for a one-shot command', () => {
    const out = spawnSync(process.execPath, [CLI, 'pool', '--demo', '--json'], {
      env: { ...process.env, DEBUG: 'pooltop', POOLTOP_CODE_CACHE: 'off' },
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('"current_hash_rate"');
    expect(out.stderr).not.toContain('pooltop: v8:');
  });
});
