/**
 * Local files that could hang or fool pooltop: a FIFO where a file is expected (a plain open
 * blocks until a writer comes), a huge file, a dangling symbolic link at the token lock. Each
 * must end at once with one `pooltop:` line, through the built CLI as a user runs it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from '../support/run-cli.js';

function home() {
  const env = cleanEnv({ WHITEBIT_API_URL: 'http://127.0.0.1:9' });
  const h = env.HOME ?? '';
  const state = join(env.XDG_STATE_HOME ?? '', 'pooltop');
  for (const d of [join(h, '.whitebit'), join(env.XDG_CONFIG_HOME ?? '', 'pooltop'), state]) {
    mkdirSync(d, { recursive: true, mode: 0o700 });
  }
  return {
    env,
    config: join(h, '.whitebit', 'config.toml'),
    preferences: join(env.XDG_CONFIG_HOME ?? '', 'pooltop', 'config.toml'),
    store: join(state, 'tokens-default.json'),
    lock: join(state, 'tokens-default.lock'),
  };
}

const mkfifo = (path: string) => execFileSync('mkfifo', ['-m', '600', path]);
const OAUTH = { WHITEBIT_CLIENT_ID: 'id', WHITEBIT_CLIENT_SECRET: 'secret', WHITEBIT_REFRESH_TOKEN: 'rt' };

describe('files that are not regular files, or too large', () => {
  it('refuses a FIFO as the WhiteBIT config file instead of blocking', async () => {
    const h = home();
    mkfifo(h.config);
    const r = await runCli(['pool', '--json'], h.env);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`pooltop: cannot read config file ${h.config}: it is a FIFO, not a regular file\n`);
  });

  it('refuses a FIFO as the preferences file (check says UNKNOWN)', async () => {
    const h = home();
    mkfifo(h.preferences);
    const r = await runCli(['check', 'pool', '--demo'], h.env);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(
      `POOLTOP UNKNOWN - cannot read preferences file ${h.preferences}: it is a FIFO, not a regular file\n`,
    );
  });

  it('refuses a FIFO and a 2 MB file as the token store', async () => {
    const h = home();
    mkfifo(h.store);
    const fifo = await runCli(['auth', 'status'], h.env);
    expect(fifo.signal).toBeNull();
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toBe(
      `pooltop: cannot read the token store ${h.store}: it is a FIFO, not a regular file\n`,
    );
    const big = home();
    writeFileSync(big.store, Buffer.alloc(2_000_000, 0x20), { mode: 0o600 });
    const r = await runCli(['auth', 'status'], big.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`pooltop: cannot read the token store ${big.store}: it is larger than 1024 KiB\n`);
  });

  it('refuses a dangling symbolic link at the token lock instead of spinning', async () => {
    const h = home();
    symlinkSync(join(h.env.HOME ?? '', 'nowhere'), h.lock);
    const r = await runCli(['auth', 'refresh'], { ...h.env, ...OAUTH });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `pooltop: the lock file ${h.lock} is a symbolic link, which pooltop never makes; remove it\n`,
    );
  });

  it('refuses a FIFO at the token lock', async () => {
    const h = home();
    mkfifo(h.lock);
    const r = await runCli(['auth', 'refresh'], { ...h.env, ...OAUTH });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `pooltop: the lock file ${h.lock} is a FIFO, which pooltop never makes; remove it\n`,
    );
  });
});
