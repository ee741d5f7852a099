import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { type ServiceHandle, type ServiceOptions, startService } from '../../src/service/server.js';
import { failure } from '../support/failures.js';

// The typed client against the embedded reference service over real loopback HTTP.
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

const noSleep = async () => {};

async function setup(
  serviceOptions: ServiceOptions = {},
  keys: { apiKey?: string; apiSecret?: string } = {},
  retries = 0,
): Promise<{ service: ServiceHandle; client: ApiClient }> {
  const service = await startService({ port: 0, accounts: 300, seed: 3, ...serviceOptions });
  open.push(service);
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: keys.apiKey ?? service.credentials.apiKey,
    apiSecret: keys.apiSecret ?? service.credentials.apiSecret,
    retries,
    sleep: noSleep,
  });
  open.push(client);
  return { service, client };
}

describe('client against the embedded service', () => {
  it('reads the pool overview', async () => {
    const { client } = await setup();
    const pool = await client.getMiningPool();
    expect(pool.workers).toBeGreaterThan(0);
    expect(pool.currentHashRate).toBeGreaterThan(0);
    expect(pool.last7daysHashRate?.length).toBeGreaterThanOrEqual(7 * 24);
    expect(pool.blocks?.[0]?.blockHeight).toBeGreaterThan(pool.blocks?.[1]?.blockHeight ?? Infinity);
  });

  it('pages through every account exactly once with signed requests', async () => {
    const { client } = await setup();
    const seen = new Set<string>();
    for (let offset = 0; offset < 300; offset += 100) {
      const page = await client.listSubAccounts({ limit: 100, offset });
      expect(page.offset).toBe(offset);
      for (const a of page.data) seen.add(a.id ?? '');
    }
    expect(seen.size).toBe(300);
    const beyond = await client.listSubAccounts({ limit: 100, offset: 300 });
    expect(beyond.data).toEqual([]);
  });

  it('sends strictly increasing nonces for concurrent calls', async () => {
    const { client } = await setup();
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.listSubAccounts({ limit: 1, offset: i })),
    );
    expect(pages.map((p) => p.offset)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('searches on the server', async () => {
    const { client } = await setup();
    const first = (await client.listSubAccounts({ limit: 1 })).data[0]!;
    const term = (first.alias ?? '').slice(0, 6).toUpperCase();
    const page = await client.listSubAccounts({ search: term, limit: 100 });
    expect(page.data.length).toBeGreaterThan(0);
    for (const a of page.data) {
      expect([a.alias, a.email, a.id, a.userId].join(' ').toLowerCase()).toContain(term.toLowerCase());
    }
  });

  it('classifies a wrong secret and an unknown key as auth errors', async () => {
    const wrongSecret = await setup({}, { apiSecret: 'wrong-secret-value-123' });
    const e1 = await failure(wrongSecret.client.listSubAccounts());
    expect(e1.kind).toBe('auth');
    expect(e1.status).toBe(401);
    expect(e1.message).toContain('Unauthorized request.');
    expect(e1.message).not.toContain('wrong-secret-value-123');
    const unknownKey = await setup({}, { apiKey: 'no-such-key' });
    expect((await failure(unknownKey.client.listSubAccounts())).kind).toBe('auth');
  });

  it('classifies a disabled key and a key without permission', async () => {
    const disabled = await setup({ keyDisabled: true });
    const e1 = await failure(disabled.client.listSubAccounts());
    expect(e1.kind).toBe('auth');
    expect(e1.message).toContain('Enable your key in API settings');
    const forbidden = await setup({ keyForbidden: true });
    const e2 = await failure(forbidden.client.listSubAccounts());
    expect(e2.kind).toBe('auth');
    expect(e2.status).toBe(403);
  });

  it('rotates OAuth tokens and rejects a spent one with the documented error', async () => {
    let clock = Date.now();
    const { service, client } = await setup({ now: () => clock });
    const { clientId, clientSecret, refreshToken } = service.credentials;
    const first = await client.refreshToken({ clientId, clientSecret, refreshToken });
    clock += 1500; // past the 1 request/second refresh limit
    expect(first.tokenType).toBe('Bearer');
    expect(first.scope).toBe('codes.apply,show.userinfo');
    expect(first.refreshToken).not.toBe(refreshToken);
    const spent = await failure(client.refreshToken({ clientId, clientSecret, refreshToken }));
    expect(spent.kind).toBe('auth');
    expect(spent.status).toBe(400);
    expect(spent.message).not.toContain(refreshToken);
    expect(service.stats().refreshesAccepted).toBe(1);
  });

  it('gives up on injected faults after its retries, then recovers', async () => {
    const { service, client } = await setup({ failRate: 1, rateLimit: false }, {}, 2);
    const e = await failure(client.getMiningPool());
    expect(['http', 'network']).toContain(e.kind);
    expect(service.stats().requests).toBe(3);
    service.setFailRate(0);
    expect((await client.getMiningPool()).workers).toBeGreaterThan(0);
  });

  it('rejects bounds before sending', async () => {
    const { service, client } = await setup();
    const e = await failure(client.listSubAccounts({ limit: 101 }));
    expect(e.kind).toBe('validation');
    expect(e.status).toBeUndefined();
    expect(service.stats().requests).toBe(0);
  });

  it('reuses one keep-alive connection for sequential polls', async () => {
    const { service, client } = await setup();
    for (let i = 0; i < 10; i++) await client.getMiningPool();
    expect(service.stats().requests).toBe(10);
    expect(service.stats().connections).toBeLessThanOrEqual(1);
  });
});
