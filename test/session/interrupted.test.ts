import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isPooltopError, type PooltopError } from '../../src/errors/pooltop-error.js';
import { createSession } from '../../src/session/session.js';
import type { ApiClient } from '../../src/api/types.js';
import { fileTokenStore } from '../../src/config/token-store.js';
import { formatClock } from '../../src/format/time.js';
import { startService } from '../../src/service/server.js';
import { FAKE_CLIENT, type FakeClock, fakeClock, oauthConfig, withTmp } from './helpers.js';
import { type ProxyMode, startCutProxy } from './proxy.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function setup(clock: FakeClock, mode: ProxyMode) {
  const service = await startService({ port: 0, now: clock.now, credentials: FAKE_CLIENT });
  const proxy = await startCutProxy(service.baseUrl, mode);
  const direct = createClient({ baseUrl: service.baseUrl, now: clock.now });
  const cut = createClient({ baseUrl: proxy.baseUrl, now: clock.now });
  open.push(service, proxy, direct, cut);
  // Both clients write to the same store entry (keyed by the service's URL).
  const viaProxy: Pick<ApiClient, 'baseUrl' | 'refreshToken'> = {
    baseUrl: service.baseUrl,
    refreshToken: cut.refreshToken,
  };
  return { service, direct, viaProxy, config: oauthConfig(service.baseUrl, service.credentials) };
}

async function failureOf(p: Promise<unknown>): Promise<PooltopError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isPooltopError(e)) throw new Error('expected a PooltopError');
  return e;
}

describe('a refresh interrupted after the server accepted it (the unavoidable window)', () => {
  it('reports the window, records it, and explains the dead token on the next refresh', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, 'drop-response');
      const mk = (client: Pick<ApiClient, 'baseUrl' | 'refreshToken'>) =>
        createSession({ config: s.config, client, stateDir: dir, now: clock.now, sleep: clock.sleep });
      const sentAt = clock.now();
      const e = await failureOf(mk(s.viaProxy).refresh());
      expect(s.service.stats().refreshesAccepted).toBe(1);
      expect(e.kind).toBe('network');
      expect(e.message).toMatch(
        /the request may have reached the server, which may have issued a new token whose answer was lost; the stored refresh token was kept/,
      );
      const status = await mk(s.direct).status();
      expect(status.lastRefresh?.result).toBe('uncertain');
      expect(status.interruptedAt).toBe(sentAt);

      clock.t += 2000;
      const next = await failureOf(mk(s.direct).refresh());
      expect(next.kind).toBe('auth');
      expect(next.message).toMatch(
        new RegExp(
          `^the refresh token was already used: the refresh sent at ${formatClock(sentAt)} reached the server but its answer never arrived; get a new one by`,
        ),
      );
    });
  });

  it('keeps a working token when the request never reached the server', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, 'drop-request');
      const mk = (client: Pick<ApiClient, 'baseUrl' | 'refreshToken'>) =>
        createSession({ config: s.config, client, stateDir: dir, now: clock.now, sleep: clock.sleep });
      await failureOf(mk(s.viaProxy).refresh());
      expect(s.service.stats().refreshesAccepted).toBe(0);
      clock.t += 2000;
      const out = await mk(s.direct).refresh();
      expect(out.shared).toBe(false);
      const status = await mk(s.direct).status();
      expect(status.interruptedAt).toBeUndefined();
      expect(status.lastRefresh?.result).toBe('ok');
    });
  });

  it('retries a failed save of the new set through another temporary file', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, 'pass');
      let writes = 0;
      const store = fileTokenStore({
        stateDir: dir,
        profile: 'default',
        baseUrl: s.service.baseUrl,
        onWriteStep: (step) => {
          if (step === 'temp-written' && ++writes === 2) throw new Error('simulated crash');
        },
      });
      const session = createSession({ config: s.config, client: s.direct, store, now: clock.now });
      const out = await session.refresh();
      expect(out.shared).toBe(false);
      expect((await store.read())?.tokens?.refresh_token).toBe(out.tokens.refresh_token);
    });
  });

  it('keeps a set no save takes in memory, records the marker, and saves it on the next refresh', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, 'pass');
      let writes = 0;
      let failing = true;
      const store = fileTokenStore({
        stateDir: join(dir, 'state'),
        profile: 'default',
        baseUrl: s.service.baseUrl,
        onWriteStep: (step) => {
          if (step === 'temp-written' && ++writes >= 2 && failing) throw new Error('simulated I/O error');
        },
      });
      const failingSession = createSession({
        config: s.config,
        client: s.direct,
        store,
        now: clock.now,
        sleep: clock.sleep,
      });
      const e = await failureOf(failingSession.refresh());
      expect(e.kind).toBe('storage');
      expect(e.message).toMatch(
        /^the new token set could not be saved to \S+tokens-default\.json \(Error: simulated I\/O error\); it was saved to \S+pooltop-unsaved-tokens-default\.json instead/,
      );

      // A later process finds the marker written before the request was sent.
      const later = createSession({
        config: s.config,
        client: s.direct,
        stateDir: join(dir, 'state'),
        now: clock.now,
        sleep: clock.sleep,
      });
      expect((await later.status()).interruptedAt).toBe(clock.now());

      // The process that failed still holds the new set in memory and goes on from it.
      failing = false;
      clock.t += 2000;
      const out = await failingSession.refresh();
      expect(out.shared).toBe(false);
      expect((await later.status()).lastRefresh?.result).toBe('ok');
      expect(s.service.stats().refreshesAccepted).toBe(2);
      expect(s.service.stats().refreshesRejected).toBe(0);
    });
  });

  it('sends nothing when the marker cannot be written', async () => {
    await withTmp(async (dir) => {
      const clock = fakeClock();
      const s = await setup(clock, 'pass');
      const store = fileTokenStore({
        stateDir: dir,
        profile: 'default',
        baseUrl: s.service.baseUrl,
        onWriteStep: () => {
          throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
        },
      });
      const session = createSession({ config: s.config, client: s.direct, store, now: clock.now });
      const e = await failureOf(session.refresh());
      expect(e.message).toBe(`cannot write the token store ${store.path} (ENOSPC); nothing was sent`);
      expect(s.service.stats().refreshesAccepted + s.service.stats().refreshesRejected).toBe(0);
    });
  });
});
