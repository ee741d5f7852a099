import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle, ServiceOptions } from '../../src/service/server.js';
import { REFRESH_PATH, refresh, refreshWith, reply, start } from './helpers.js';

const open: ServiceHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function startOAuth(options: ServiceOptions = {}) {
  const started = await start({ accounts: 0, ...options });
  open.push(started.svc);
  return started;
}

interface TokenBody {
  data: {
    access_token: string;
    expires_in: number;
    refresh_token: string;
    scope: string;
    token_type: string;
  };
}

const INVALID_TOKEN = { data: { token: ['Invalid token.'] } };

describe('OAuth refresh', () => {
  it('returns the documented token set and rotates the refresh token', async () => {
    const { svc } = await startOAuth();
    const r = await refreshWith(svc, svc.credentials.refreshToken);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const { data } = r.json as TokenBody;
    expect(Object.keys(data).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(data.expires_in).toBe(300);
    expect(data.scope).toBe('codes.apply,show.userinfo');
    expect(data.token_type).toBe('Bearer');
    expect(data.access_token.length).toBeGreaterThanOrEqual(32);
    expect(data.refresh_token).not.toBe(svc.credentials.refreshToken);
    expect(svc.stats().refreshesAccepted).toBe(1);
  });

  it('keeps a chain of 60 rotations alive; every used token dies at once', async () => {
    const { svc, clock } = await startOAuth({ accessTtl: 2, refreshTtl: 10 });
    let token = svc.credentials.refreshToken;
    const used: string[] = [];
    const seen = new Set<string>([token]);
    for (let i = 0; i < 60; i++) {
      clock.advance(2000);
      const r = await refreshWith(svc, token);
      expect(r.status).toBe(200);
      const { data } = r.json as TokenBody;
      expect(data.expires_in).toBe(2);
      expect(seen.has(data.refresh_token)).toBe(false);
      seen.add(data.refresh_token);
      used.push(token);
      token = data.refresh_token;
    }
    expect(svc.stats().refreshesAccepted).toBe(60);
    for (const dead of [used[0]!, used[30]!, used[59]!]) {
      clock.advance(1000);
      const r = await refreshWith(svc, dead);
      expect(r.status).toBe(400);
      expect(r.json).toEqual(INVALID_TOKEN);
    }
    clock.advance(1000);
    expect((await refreshWith(svc, token)).status).toBe(200);
  });

  it('refuses a token past its lifetime (refreshTtl from issue) with 400', async () => {
    const { svc, clock } = await startOAuth({ refreshTtl: 600 });
    const first = (await refreshWith(svc, svc.credentials.refreshToken)).json as TokenBody;
    clock.advance(599_999);
    const second = await refreshWith(svc, first.data.refresh_token);
    expect(second.status).toBe(200);
    clock.advance(600_000);
    const third = await refreshWith(svc, (second.json as TokenBody).data.refresh_token);
    expect(third.status).toBe(400);
    expect(third.json).toEqual(INVALID_TOKEN);
  });

  it('the initial token also expires refreshTtl after the service started', async () => {
    const { svc, clock } = await startOAuth({ refreshTtl: 10 });
    clock.advance(10_000);
    const r = await refreshWith(svc, svc.credentials.refreshToken);
    expect(r.status).toBe(400);
    expect(r.json).toEqual(INVALID_TOKEN);
  });

  it('unknown, empty or missing token: 400 Invalid token.', async () => {
    const { svc, clock } = await startOAuth();
    for (const token of ['NOPE', '']) {
      clock.advance(1000);
      const r = await refreshWith(svc, token);
      expect(r.status).toBe(400);
      expect(r.json).toEqual(INVALID_TOKEN);
    }
    clock.advance(1000);
    const r = await refresh(svc, {
      client_id: svc.credentials.clientId,
      client_secret: svc.credentials.clientSecret,
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual(INVALID_TOKEN);
    expect(svc.stats().refreshesRejected).toBe(3);
  });

  it('1 request per second per client: 429 without consuming the token', async () => {
    const { svc, clock } = await startOAuth();
    const first = await refreshWith(svc, svc.credentials.refreshToken);
    expect(first.status).toBe(200);
    const next = (first.json as TokenBody).data.refresh_token;
    clock.advance(999);
    const limited = await refreshWith(svc, next);
    expect(limited.status).toBe(429);
    expect(limited.json).toBeUndefined();
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(svc.stats().refreshesAccepted).toBe(1);
    clock.advance(1);
    expect((await refreshWith(svc, next)).status).toBe(200);
    expect(svc.stats().refreshesAccepted).toBe(2);
  });

  it('wrong or missing client credentials: 401 and the token survives', async () => {
    const { svc, clock } = await startOAuth();
    const { clientId, clientSecret, refreshToken } = svc.credentials;
    const cases = [
      { client_id: clientId, client_secret: 'wrong', token: refreshToken },
      { client_id: 'someone-else', client_secret: clientSecret, token: refreshToken },
      { client_secret: clientSecret, token: refreshToken },
      { client_id: clientId, token: refreshToken },
    ];
    for (const form of cases) {
      clock.advance(1000);
      const r = await refresh(svc, form as Record<string, string>);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ data: { client: ['Invalid client credentials.'] } });
    }
    clock.advance(1000);
    expect((await refreshWith(svc, refreshToken)).status).toBe(200);
  });

  it('accepts only a form-encoded body (415 otherwise) and only POST (405)', async () => {
    const { svc, clock } = await startOAuth();
    const { clientId, clientSecret, refreshToken } = svc.credentials;
    const json = await fetch(svc.baseUrl + REFRESH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, token: refreshToken }),
    }).then(reply);
    expect(json.status).toBe(415);
    expect(json.json).toMatchObject({ data: { content_type: [expect.any(String)] } });
    const getReply = await fetch(svc.baseUrl + REFRESH_PATH).then(reply);
    expect(getReply.status).toBe(405);
    expect(getReply.headers.get('allow')).toBe('POST');
    clock.advance(1000);
    const ok = await refresh(
      svc,
      { client_id: clientId, client_secret: clientSecret, token: refreshToken },
      'application/x-www-form-urlencoded; charset=utf-8',
    );
    expect(ok.status).toBe(200);
  });
});
