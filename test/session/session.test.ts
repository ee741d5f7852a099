import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isPooltopError, type PooltopError } from '../../src/errors/pooltop-error.js';
import { createSession } from '../../src/session/session.js';
import type { ApiClient } from '../../src/api/types.js';
import { acquireLock } from '../../src/config/lock.js';
import { fileTokenStore, sha256 } from '../../src/config/token-store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { FAKE_CLIENT, type FakeClock, fakeClock, oauthConfig, withTmp } from './helpers.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function setup(clock: FakeClock, ttl = { accessTtl: 300, refreshTtl: 600 }) {
  const service = await startService({ port: 0, now: clock.now, credentials: FAKE_CLIENT, ...ttl });
  const client = createClient({ baseUrl: service.baseUrl, now: clock.now });
  open.push(service, client);
  return { service, client, config: oauthConfig(service.baseUrl, service.credentials) };
}

function sessionFor(
  s: { client: ApiClient; config: ReturnType<typeof oauthConfig> },
  dir: string,
  clock: FakeClock,
) {
  return createSession({
    config: s.config,
    client: s.client,
    stateDir: dir,
    now: clock.now,
    sleep: clock.sleep,
  });
}

async function failureOf(p: Promise<unknown>): Promise<PooltopError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isPooltopError(e)) throw new Error('expected a PooltopError');
  return e;
}

const stats = (s: ServiceHandle) => {
  const { refreshesAccepted, refreshesRejected } = s.stats();
  return { refreshesAccepted, refreshesRejected };
};

describe('Session against the embedded service', () => {
  it('keeps a chain of 60 rotations alive, persisting each set before returning it', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, { accessTtl: 2, refreshTtl: 3 });
      const session = sessionFor(s, dir, clock);
      const store = fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: s.service.baseUrl });
      let previous = '';
      for (let i = 0; i < 60; i++) {
        clock.t += 1500; // past the 1 req/s limit; each new token lives 3 s
        const out = await session.refresh();
        expect(out.shared).toBe(false);
        const stored = await store.read();
        expect(stored?.tokens?.refresh_token === out.tokens.refresh_token).toBe(true);
        expect(out.tokens.refresh_token !== previous).toBe(true);
        expect(stored?.originSha256).toBe(sha256(s.config.refreshToken ?? ''));
        previous = out.tokens.refresh_token;
      }
      expect(stats(s.service)).toEqual({ refreshesAccepted: 60, refreshesRejected: 0 });
      const status = await session.status();
      expect(status.scopes).toEqual(['codes.apply', 'show.userinfo']);
      expect(status.accessExpiresAt).toBe(clock.t + 2000);
      expect(status.refreshExpiresAt).toBe(clock.t + 600_000);
      expect(status.lastRefresh).toEqual({ at: clock.t, result: 'ok' });
    });
  });

  it('collapses concurrent refreshes in one process into one request', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const session = sessionFor(s, dir, clock);
      const outs = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
      expect(new Set(outs.map((o) => o.tokens.access_token)).size).toBe(1);
      expect(stats(s.service)).toEqual({ refreshesAccepted: 1, refreshesRejected: 0 });
    });
  });

  it('uses the result of a refresh another process made while this one waited for the lock', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const other = sessionFor(s, dir, clock);
      await other.refresh();
      const held = await acquireLock(
        fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: '' }).lockPath ?? '',
      );
      const waiting = createSession({
        config: s.config,
        client: s.client,
        stateDir: dir,
        now: clock.now,
        sleep: () => new Promise((r) => setTimeout(r, 5)),
      }).refresh();
      // "Another process" rotates while we wait: write a newer set, then let go of the lock.
      clock.t += 2000;
      const store = fileTokenStore({ stateDir: dir, profile: 'default', baseUrl: s.service.baseUrl });
      const current = await store.read();
      const rotated = await s.client.refreshToken({
        ...FAKE_CLIENT,
        refreshToken: current?.tokens?.refresh_token ?? '',
      });
      await store.write({ ...current, tokens: rotated.received, issuedAt: clock.now() });
      await held.release();
      const out = await waiting;
      expect(out.shared).toBe(true);
      expect(out.tokens.access_token === rotated.accessToken).toBe(true);
      expect(stats(s.service)).toEqual({ refreshesAccepted: 2, refreshesRejected: 0 });
    });
  });

  it('lets a newly configured refresh token win over the stored chain (re-authorisation)', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      await sessionFor(s, dir, clock).refresh();
      // The user re-authorised: a second service instance stands in for the new grant.
      const fresh = await startService({ port: 0, now: clock.now, credentials: FAKE_CLIENT });
      open.push(fresh);
      const config = { ...s.config, refreshToken: fresh.credentials.refreshToken };
      // Same base URL key: point the client at the new service but keep the stored entry's key.
      const client = {
        baseUrl: s.service.baseUrl,
        refreshToken: createClient({ baseUrl: fresh.baseUrl }).refreshToken,
      };
      const session = createSession({ config, client, stateDir: dir, now: clock.now, sleep: clock.sleep });
      expect((await session.status()).reauthorised).toBe(true);
      clock.t += 1500;
      await session.refresh();
      expect(fresh.stats().refreshesAccepted).toBe(1);
      const after = await session.status();
      expect(after.reauthorised).toBe(false);
      clock.t += 1500;
      await session.refresh(); // continues the new chain, not the configured (now dead) token
      expect(fresh.stats().refreshesAccepted).toBe(2);
    });
  });

  it('explains a dead refresh token and records the failure', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      await sessionFor(s, dir, clock).refresh();
      clock.t += 601_000; // the stored refresh token has expired
      const e = await failureOf(sessionFor(s, dir, clock).refresh());
      expect(e.kind).toBe('auth');
      expect(e.message).toMatch(
        /^the refresh token expired or was already used \(it lives 10 minutes and works once\); get a new one by authorising the application again .* --refresh-token, WHITEBIT_REFRESH_TOKEN or refresh_token in \[default\] of /,
      );
      const status = await sessionFor(s, dir, clock).status();
      expect(status.lastRefresh?.result).toBe('failed');
      expect(status.interruptedAt).toBeUndefined();
    });
  });

  it('says when the client credentials are refused, and keeps the token', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const bad = { ...s, config: { ...s.config, clientSecret: 'wrong-secret-not-real' } };
      const e = await failureOf(sessionFor(bad, dir, clock).refresh());
      expect(e.message).toMatch(
        /^the OAuth client ID or client secret was refused \(the refresh token was not used\)/,
      );
      clock.t += 1500;
      await sessionFor(s, dir, clock).refresh();
      expect(stats(s.service)).toEqual({ refreshesAccepted: 1, refreshesRejected: 1 });
    });
  });

  it('waits out a 429 once (Retry-After) and tries again', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const session = sessionFor(s, dir, clock);
      await session.refresh();
      await session.refresh(); // same instant: 429, sleep advances the clock, the retry succeeds
      expect(clock.sleeps).toEqual([1000]);
      expect(stats(s.service)).toEqual({ refreshesAccepted: 2, refreshesRejected: 1 });
    });
  });

  it('gives up after the second 429 with a clear line, without spending the token', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const stuck = createSession({
        config: s.config,
        client: s.client,
        stateDir: dir,
        now: clock.now,
        sleep: async () => {},
      });
      await stuck.refresh();
      const e = await failureOf(stuck.refresh());
      expect(e.status).toBe(429);
      expect(e.message).toMatch(
        /rate limited .* the refresh token was not used, try again in a few seconds$/,
      );
      clock.t += 1500;
      await stuck.refresh();
      expect(stats(s.service)).toEqual({ refreshesAccepted: 2, refreshesRejected: 2 });
    });
  });

  it('names the missing OAuth setting and where to give it', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock);
      const e = await failureOf(
        sessionFor({ ...s, config: { ...s.config, clientId: undefined } }, dir, clock).refresh(),
      );
      expect(e.kind).toBe('config');
      expect(e.message).toBe(
        'missing OAuth client ID: give it with --client-id, WHITEBIT_CLIENT_ID or client_id in [default] of /home/test/.whitebit/config.toml',
      );
      const noToken = { ...s, config: { ...s.config, refreshToken: undefined } };
      expect((await failureOf(sessionFor(noToken, dir, clock).refresh())).message).toMatch(
        /^missing OAuth refresh token: give it with --refresh-token/,
      );
      expect(stats(s.service).refreshesAccepted).toBe(0);
    });
  });
});
