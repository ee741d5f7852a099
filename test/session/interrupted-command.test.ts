/**
 * `auth refresh` interrupted (SIGINT/SIGTERM) while its request is out: the exit code alone hid
 * what became of the token, though the store records "uncertain". One line says it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { runAuth } from '../../src/commands/auth-run.js';
import { fileTokenStore } from '../../src/config/token-store.js';
import { startFakeServer } from '../api/fake-server.js';
import { FAKE_CLIENT, fakeClock, oauthConfig, withTmp } from './helpers.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

describe('an interrupted auth refresh', () => {
  it('says in one line that the token may be spent, as the store records', async () => {
    await withTmp(async (dir) => {
      const server = await startFakeServer();
      let arrived: () => void = () => {};
      const received = new Promise<void>((r) => {
        arrived = r;
      });
      // The request reaches the server, which never answers.
      server.on('POST /oauth2/refresh_token', () => arrived());
      const clock = fakeClock();
      const client = createClient({ baseUrl: server.url, now: clock.now });
      open.push(server, client);
      const config = oauthConfig(server.url, { ...FAKE_CLIENT, refreshToken: 'rt-interrupted-fake' });
      const controller = new AbortController();
      const err: string[] = [];
      const io = {
        stdout: () => undefined,
        stderr: (t: string) => err.push(t),
        env: {},
        signal: controller.signal,
        terminal: DEFAULT_TERMINAL,
      };
      const run = runAuth('refresh', { json: false }, { config, client, io, stateDir: dir, now: clock.now });
      await received;
      controller.abort(new Error('SIGTERM'));
      await expect(run).rejects.toThrow();
      expect(err.join('')).toMatch(
        /^pooltop: interrupted: .*the request may have reached the server, which may have issued a new token whose answer was lost; the stored refresh token was kept/,
      );
      expect(err.join('').split('\n').length).toBe(2);
      const stored = await fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: server.url }).read();
      expect(stored?.lastRefresh?.result).toBe('uncertain');
    });
  });
});
