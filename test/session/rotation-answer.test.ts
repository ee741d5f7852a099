/**
 * A rotation whose answer is incomplete never loses the chain: the server has spent the old
 * refresh token the moment it answers, so the new one is saved as soon as it can be read, and
 * the next refresh sends it. Against a scripted server over real HTTP, through the session and
 * through the built CLI (`pooltop auth refresh`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import { createSession } from '../../src/session/session.js';
import { fileTokenStore } from '../../src/config/token-store.js';
import { type FakeServer, json, startFakeServer } from '../api/fake-server.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { FAKE_CLIENT, fakeClock, oauthConfig, withTmp } from './helpers.js';

const REFRESH = 'POST /oauth2/refresh_token';
const FIRST = 'FIRST-REFRESH-TOKEN-0000000000000000000000000000';
const ROTATED = 'ROTATED-REFRESH-TOKEN-111111111111111111111111111';
const NEXT = 'NEXT-REFRESH-TOKEN-22222222222222222222222222222222';
const ACCESS = 'ACCESS-TOKEN-3333333333333333333333333333333333333';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** The `token` form field of each refresh the server received. */
const sentTokens = (server: FakeServer) =>
  server.requests.map((r) => new URLSearchParams(r.body).get('token'));

async function setup(first: unknown) {
  const server = await startFakeServer();
  server.on(
    REFRESH,
    json(200, first),
    json(200, {
      data: {
        access_token: ACCESS,
        expires_in: 300,
        refresh_token: NEXT,
        scope: 'a,b',
        token_type: 'Bearer',
      },
    }),
  );
  const client = createClient({ baseUrl: server.url });
  open.push(server, client);
  return { server, client };
}

describe('an incomplete rotation answer keeps the chain', () => {
  it('without scope and expires_in: saved, and the next refresh sends the new token', async () => {
    await withTmp(async (dir) => {
      const { server, client } = await setup({
        data: { access_token: ACCESS, refresh_token: ROTATED, token_type: 'Bearer' },
      });
      const clock = fakeClock();
      const config = oauthConfig(server.url, { ...FAKE_CLIENT, refreshToken: FIRST });
      const session = createSession({ config, client, stateDir: dir, now: clock.now, sleep: clock.sleep });

      const first = await session.refresh();
      expect(first.tokens).toEqual({ access_token: ACCESS, refresh_token: ROTATED, token_type: 'Bearer' });
      expect(first.incomplete).toEqual(['expires_in', 'scope']);
      expect(first.status.accessExpiresAt).toBeUndefined();
      expect(first.status.scopes).toEqual([]);
      const store = fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: server.url });
      expect((await store.read())?.tokens?.refresh_token === ROTATED).toBe(true);

      clock.t += 2000;
      await session.refresh();
      expect(sentTokens(server)).toEqual([FIRST, ROTATED]);
      expect((await store.read())?.tokens?.refresh_token === NEXT).toBe(true);
    });
  });

  it('without an access token: fails saying so, yet the next refresh sends the new token', async () => {
    await withTmp(async (dir) => {
      const { server, client } = await setup({ data: { refresh_token: ROTATED } });
      const clock = fakeClock();
      const config = oauthConfig(server.url, { ...FAKE_CLIENT, refreshToken: FIRST });
      const session = createSession({ config, client, stateDir: dir, now: clock.now, sleep: clock.sleep });

      const error = await session.refresh().then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!isPooltopError(error)) throw new Error('expected a PooltopError');
      expect(error.message).toMatch(/^unexpected response: data\.access_token is missing; /);
      expect(error.message).toContain('the new refresh token in the answer was saved');
      expect(error.message).not.toContain(ROTATED);
      const status = await session.status();
      expect(status.lastRefresh?.result).toBe('failed');
      expect(status.interruptedAt).toBeUndefined();

      clock.t += 2000;
      const second = await session.refresh();
      expect(sentTokens(server)).toEqual([FIRST, ROTATED]);
      expect(second.tokens.refresh_token === NEXT).toBe(true);
      expect(second.incomplete).toEqual([]);
    });
  });

  it('pooltop auth refresh: warns about what was missing, and the next run spends the new token', async () => {
    const { server } = await setup({ data: { access_token: ACCESS, refresh_token: ROTATED } });
    const env = cleanEnv({
      WHITEBIT_API_URL: server.url,
      WHITEBIT_CLIENT_ID: FAKE_CLIENT.clientId,
      WHITEBIT_CLIENT_SECRET: FAKE_CLIENT.clientSecret,
      WHITEBIT_REFRESH_TOKEN: FIRST,
    });
    const first = await runCli(['auth', 'refresh'], env);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(
      'pooltop: warning: the token answer had no expires_in, scope, token_type; the rest was saved and the chain goes on\n',
    );
    expect(first.stdout).toMatch(/\nScopes {9}—\n/);
    expect(first.stdout).toMatch(/\nAccess token {3}ACCE… {2}unknown\n/);
    const second = await runCli(['auth', 'refresh', '--json'], env);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(sentTokens(server)).toEqual([FIRST, ROTATED]);
  });
});
