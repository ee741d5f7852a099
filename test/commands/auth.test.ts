import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import type { ApiClient } from '../../src/api/types.js';
import { main } from '../../src/cli.js';
import { exitCodeFor, reportError } from '../../src/errors/report-error.js';
import { type AuthContext, runAuth } from '../../src/commands/auth-run.js';
import type { CommandIO } from '../../src/commands/support/io.js';
import { fileTokenStore } from '../../src/config/token-store.js';
import type { ResolvedConfig } from '../../src/config/types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { FAKE_CLIENT, type FakeClock, fakeClock, oauthConfig, withTmp } from '../session/helpers.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

function captureIO(env: NodeJS.ProcessEnv = {}): CommandIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env,
    signal: new AbortController().signal,
    terminal: DEFAULT_TERMINAL,
  };
}

interface Rig {
  service: ServiceHandle;
  client: ApiClient;
  config: ResolvedConfig;
  clock: FakeClock;
  ctx: (dir: string, io: CommandIO, config?: ResolvedConfig) => AuthContext;
}

async function rig(): Promise<Rig> {
  const clock = fakeClock();
  const service = await startService({ port: 0, now: clock.now, credentials: FAKE_CLIENT });
  const client = createClient({ baseUrl: service.baseUrl, now: clock.now });
  open.push(service, client);
  const config = oauthConfig(service.baseUrl, service.credentials);
  return {
    service,
    client,
    config,
    clock,
    ctx: (dir, io, c = config) => ({
      config: c,
      client,
      io,
      stateDir: dir,
      now: clock.now,
      sleep: clock.sleep,
    }),
  };
}

describe('pooltop auth refresh', () => {
  it('prints a summary with the tokens masked, after saving them', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      expect(await runAuth('refresh', { json: false }, r.ctx(dir, io))).toBe(0);
      const text = io.out.join('');
      const saved = (
        await fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: r.service.baseUrl }).read()
      )?.tokens;
      if (!saved?.access_token) throw new Error('nothing saved');
      expect(text.includes(saved.access_token)).toBe(false);
      expect(text.includes(saved.refresh_token)).toBe(false);
      expect(text.includes(`${saved.access_token.slice(0, 4)}…`)).toBe(true);
      expect(text).toMatch(/^Refreshed the token set for profile default \(http:\/\/127\.0\.0\.1:\d+\)\n/);
      expect(text).toMatch(/\nToken type {5}Bearer\n/);
      expect(text).toMatch(/\nScopes {9}codes\.apply, show\.userinfo\n/);
      expect(text).toMatch(
        /\nAccess token {3}\S{4}… {2}expires \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(in 5m 00s\)\n/,
      );
      expect(text).toMatch(/\nRefresh token {2}\S{4}… {2}expires .* \(in 10m 00s\)\n/);
      expect(io.err).toEqual([]);
    });
  });

  it('--json prints {"data": <token set>} as received, identical to what was stored', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      await runAuth('refresh', { json: true }, r.ctx(dir, io));
      const printed = JSON.parse(io.out.join(''));
      const saved = (
        await fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: r.service.baseUrl }).read()
      )?.tokens;
      expect(Object.keys(printed)).toEqual(['data']);
      expect(JSON.stringify(printed.data) === JSON.stringify(saved)).toBe(true);
      expect(io.out.join('').endsWith('}\n')).toBe(true);
    });
  });

  it('fails with exit 2 naming a missing setting and where to give it', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      const err = await runAuth(
        'refresh',
        { json: false },
        r.ctx(dir, io, { ...r.config, clientSecret: undefined }),
      ).catch((e: unknown) => e);
      expect(exitCodeFor(err)).toBe(2);
      expect(isPooltopError(err) && err.message).toBe(
        'missing OAuth client secret: give it with --client-secret, WHITEBIT_CLIENT_SECRET or client_secret in [default] of /home/test/.whitebit/config.toml',
      );
    });
  });

  it('fails with exit 1 and one explained line for a dead token', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      await runAuth('refresh', { json: false }, r.ctx(dir, io));
      r.clock.t += 700_000;
      const err = await runAuth('refresh', { json: false }, r.ctx(dir, io)).catch((e: unknown) => e);
      const stderr: string[] = [];
      expect(reportError(err, { stderr: (t) => stderr.push(t), env: {}, terminal: DEFAULT_TERMINAL })).toBe(
        1,
      );
      expect(stderr).toHaveLength(1);
      expect(stderr[0]).toMatch(/^pooltop: the refresh token expired or was already used .*\n$/);
    });
  });

  it('keeps the demo chain in memory only', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      const demo = {
        ...r.config,
        profile: 'demo',
        sources: { ...r.config.sources, baseUrl: 'demo' as const },
      };
      await runAuth('refresh', { json: false }, r.ctx(dir, io, demo));
      expect(io.out.join('')).toMatch(/Saved to {7}\(memory\)\n$/);
      expect(await readdir(dir)).toEqual([]);
    });
  });
});

describe('pooltop auth status', () => {
  it('says when nothing is stored yet', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      const io = captureIO();
      expect(await runAuth('status', { json: false }, r.ctx(dir, io))).toBe(0);
      expect(io.out.join('')).toMatch(/\nTokens {9}nothing stored yet; run: pooltop auth refresh\n$/);
    });
  });

  it('shows what is stored, masked in text and in JSON', async () => {
    await withTmp(async (dir) => {
      const r = await rig();
      await runAuth('refresh', { json: false }, r.ctx(dir, captureIO()));
      r.clock.t += 60_000;
      const text = captureIO();
      await runAuth('status', { json: false }, r.ctx(dir, text));
      const json = captureIO();
      await runAuth('status', { json: true }, r.ctx(dir, json));
      const saved = (
        await fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: r.service.baseUrl }).read()
      )?.tokens;
      for (const out of [text.out.join(''), json.out.join('')]) {
        expect(out.includes(saved?.access_token ?? '-')).toBe(false);
        expect(out.includes(saved?.refresh_token ?? '-')).toBe(false);
      }
      const t = text.out.join('');
      expect(t).toMatch(/\nAccess token {3}\S{4}… {2}expires .* \(in 4m 00s\)\n/);
      expect(t).toMatch(/\nRefresh token {2}\S{4}… {2}expires .* \(in 9m 00s\)\n/);
      expect(t).toMatch(/\nLast refresh {3}.* \(1m ago\), ok\n/);
      const data = JSON.parse(json.out.join('')).data;
      expect(data.access_token).toBe(`${saved?.access_token?.slice(0, 4)}…`);
      expect(data.scope).toBe('codes.apply,show.userinfo');
      expect(data.refresh_expires_at).toBe(new Date(r.clock.t - 60_000 + 600_000).toISOString());
      expect(data.last_refresh.result).toBe('ok');
    });
  });
});

describe('through the CLI', () => {
  it('pooltop auth refresh --json with settings from the config file and environment', async () => {
    await withTmp(async (dir) => {
      const service = await startService({ port: 0, credentials: FAKE_CLIENT });
      open.push(service);
      const config = join(dir, 'config.toml');
      await writeFile(
        config,
        `[work]\napi_url = "${service.baseUrl}"\nclient_id = "${FAKE_CLIENT.clientId}"\n`,
        {
          mode: 0o600,
        },
      );
      const io = captureIO({
        POOLTOP_STATE_DIR: join(dir, 'state'),
        WHITEBIT_PROFILE: 'work',
        WHITEBIT_CLIENT_SECRET: FAKE_CLIENT.clientSecret,
        WHITEBIT_REFRESH_TOKEN: service.credentials.refreshToken,
      });
      expect(await main(['auth', 'refresh', '--json', '--config', config], io)).toBe(0);
      expect(JSON.parse(io.out.join('')).data.token_type).toBe('Bearer');
      expect(await readdir(join(dir, 'state'))).toEqual(['tokens-work.json']);
      const status = captureIO(io.env);
      expect(await main(['auth', 'status', '--config', config], status)).toBe(0);
      expect(status.out.join('')).toMatch(/^Profile {8}work\n/);
    });
  });
});
