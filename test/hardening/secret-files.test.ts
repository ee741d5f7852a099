/**
 * One rule for the files that hold secrets, the WhiteBIT config and the token store
 * (src/config/file-trust.ts): refused when another user owns them or every user can write them
 * or their directory; a warning when others can read them; the token store never through a link.
 * Another user is made by chown (the tests run as root, whose mode bits stop nothing).
 */
import { chmodSync, chownSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from '../support/run-cli.js';

const OTHER_UID = 65534;
const STORE = JSON.stringify({
  version: 1,
  profile: 'default',
  entries: {
    'https://pool.example': {
      tokens: {
        refresh_token: 'stored-refresh-token-fake',
        access_token: 'stored-access-fake',
        expires_in: 300,
      },
      issuedAt: Date.UTC(2026, 0, 1),
      originSha256: '',
    },
  },
});

function home() {
  const env = cleanEnv({ WHITEBIT_API_URL: 'https://pool.example' });
  const state = join(env.XDG_STATE_HOME ?? '', 'pooltop');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const store = join(state, 'tokens-default.json');
  writeFileSync(store, STORE, { mode: 0o600 });
  const config = join(env.HOME ?? '', '.whitebit', 'config.toml');
  mkdirSync(join(env.HOME ?? '', '.whitebit'), { mode: 0o700 });
  writeFileSync(config, '[default]\nclient_id = "id"\n', { mode: 0o600 });
  return { env, state, store, config };
}

describe('the token store and the WhiteBIT config, one rule', () => {
  it('reads a private store silently', async () => {
    const h = home();
    const r = await runCli(['auth', 'status', '--json'], h.env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.stored).toBe(true);
  });

  it('warns, in one line, about a store or config others can read', async () => {
    const h = home();
    chmodSync(h.store, 0o644);
    chmodSync(h.config, 0o644);
    const r = await runCli(['auth', 'status', '--json'], h.env);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `pooltop: warning: ${h.config} is accessible by group or others (mode 0644); run: chmod 600 ${h.config}\n` +
        `pooltop: warning: ${h.store} is accessible by group or others (mode 0644); run: chmod 600 ${h.store}\n`,
    );
  });

  it('refuses a store or config owned by another user', async () => {
    const s = home();
    chownSync(s.store, OTHER_UID, OTHER_UID);
    const store = await runCli(['auth', 'status'], s.env);
    expect(store.code).toBe(2);
    expect(store.stdout).toBe('');
    expect(store.stderr).toBe(
      `pooltop: the token store ${s.store} belongs to another user (uid ${OTHER_UID}); not read\n`,
    );
    const c = home();
    chownSync(c.config, OTHER_UID, OTHER_UID);
    const config = await runCli(['auth', 'status'], c.env);
    expect(config.code).toBe(2);
    expect(config.stderr).toBe(
      `pooltop: config file ${c.config} belongs to another user (uid ${OTHER_UID}); not read\n`,
    );
  });

  it('refuses a store or config every user can write, or in a directory every user can write', async () => {
    const s = home();
    chmodSync(s.store, 0o666);
    const file = await runCli(['auth', 'status'], s.env);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(
      `pooltop: the token store ${s.store} is writable by every user (mode 0666); not read; run: chmod 600 ${s.store}\n`,
    );
    const d = home();
    chmodSync(d.state, 0o777);
    const dir = await runCli(['auth', 'status'], d.env);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toBe(
      `pooltop: the directory ${d.state} of the token store ${d.store} is writable by every user (mode 0777); not read; run: chmod 700 ${d.state}\n`,
    );
    const c = home();
    chmodSync(c.config, 0o666);
    const config = await runCli(['auth', 'status'], c.env);
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(
      /^pooltop: config file \S+ is writable by every user \(mode 0666\); not read; /,
    );
  });

  it('refuses a token store that is a symbolic link; follows a config file that is one', async () => {
    const s = home();
    renameSync(s.store, `${s.store}.real`);
    symlinkSync(`${s.store}.real`, s.store);
    const store = await runCli(['auth', 'status'], s.env);
    expect(store.code).toBe(2);
    expect(store.stderr).toBe(`pooltop: cannot read the token store ${s.store}: it is a symbolic link\n`);
    const c = home();
    renameSync(c.config, `${c.config}.real`);
    symlinkSync(`${c.config}.real`, c.config);
    const config = await runCli(['auth', 'status'], c.env);
    expect(config.stderr).toBe('');
    expect(config.code).toBe(0);
  });
});
