/**
 * The oversight operations end to end: the client against the embedded service. The service's
 * own answers are read with requests signed here (helpers.ts), independently of src/api.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { OVERSIGHT_PATHS } from '../../src/api/oversight-types.js';
import { CAPPED_TRANSFERS, KEYS_PER_ACCOUNT } from '../../src/service/oversight-model.js';
import type { ServiceHandle } from '../../src/service/server.js';
import { type Page, postSignedText, Signer, start } from './helpers.js';

let svc: ServiceHandle | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

let nonce = 0;
async function signed(s: ServiceHandle, path: string, fields: Record<string, unknown>) {
  nonce = Math.max(nonce + 1, Date.now());
  return postSignedText(s, JSON.stringify({ ...fields, request: path, nonce }), { path });
}

async function setUp(options = {}) {
  const started = await start({ accounts: 50, nonceNow: Date.now, ...options });
  svc = started.svc;
  const client = createClient({
    baseUrl: svc.baseUrl,
    apiKey: svc.credentials.apiKey,
    apiSecret: svc.credentials.apiSecret,
    retries: 0,
  });
  const first = await new Signer(svc).page({ limit: 100 });
  return { svc, client, accounts: first.data as Page['data'] };
}

describe('oversight operations', () => {
  it('lists each account’s keys, newest first, and never keeps a secret', async () => {
    const { svc: s, client, accounts } = await setUp();
    const id = accounts[1]?.id as string;
    const page = await client.oversight.apiKeys({ subAccountId: id });
    expect(page.items).toHaveLength(KEYS_PER_ACCOUNT);
    const wire = (await signed(s, OVERSIGHT_PATHS.apiKeys, { subAccountId: id })).json as {
      data: { id: string; apiSecret: string }[];
    };
    expect(page.items.map((k) => k.id)).toEqual(wire.data.map((k) => k.id));
    // The one key whose listing carries a secret: the model says so and holds nothing of it.
    expect(wire.data.some((k) => k.apiSecret !== '')).toBe(true);
    expect(page.items.some((k) => k.secretPresent)).toBe(true);
    expect(JSON.stringify(page)).not.toContain('must-never-be-shown');
    await client.close();
  });

  it('lists a key’s IP addresses; an unknown key is the documented 404', async () => {
    const { client, accounts } = await setUp();
    const keys = await client.oversight.apiKeys({ subAccountId: accounts[2]?.id as string });
    for (const key of keys.items) {
      const ips = await client.oversight.ipAddresses({ apiKeyId: key.id as string });
      for (const ip of ips) expect(ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    }
    await expect(
      client.oversight.ipAddresses({ apiKeyId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ status: 404 });
    await client.close();
  });

  it('pages transfers newest first, to the API’s reach, and per direction', async () => {
    const { client, accounts } = await setUp();
    const capped = accounts[0]?.id as string;
    const last = await client.oversight.transfers({ id: capped, offset: 9_900, limit: 100 });
    expect(last.items).toHaveLength(100);
    await expect(client.oversight.transfers({ id: capped, offset: 9_950, limit: 100 })).rejects.toMatchObject(
      {
        kind: 'validation',
      },
    );
    const first = await client.oversight.transfers({ id: capped, limit: 3 });
    const ids = first.items.map((t) => Number(t.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const out = await client.oversight.transfers({ id: capped, direction: 'sub_to_main', limit: 100 });
    expect(out.items.every((t) => t.direction === 'sub_to_main')).toBe(true);
    expect(CAPPED_TRANSFERS).toBeGreaterThan(10_000);
  });

  it('lists withdrawals awaiting the main account, or says the feature is off (404)', async () => {
    const on = await setUp();
    const answer = await on.client.oversight.unconfirmedWithdrawals();
    expect(answer.enabled).toBe(true);
    if (answer.enabled) expect(answer.page.items.length).toBeGreaterThan(0);
    await on.client.close();
    await on.svc.close();
    const off = await setUp({ withdrawalsDisabled: true });
    expect(await off.client.oversight.unconfirmedWithdrawals()).toEqual({ enabled: false });
    await off.client.close();
  });

  it('refuses bad queries before sending and counts no write operation', async () => {
    // A write operation is sent on purpose below: to a log of its own, not the suite's (no-writes.ts).
    const writeLog = join(mkdtempSync(join(tmpdir(), 'pooltop-writes-')), 'writes.log');
    const { svc: s, client } = await setUp({ writeLog });
    await expect(client.oversight.apiKeys({ subAccountId: 'nope' })).rejects.toMatchObject({
      kind: 'validation',
    });
    const before = s.stats().requests;
    await expect(client.oversight.transfers({ id: 'x', limit: 0 })).rejects.toThrow(
      /id must be a UUID; limit/,
    );
    expect(s.stats().requests).toBe(before);
    expect(Object.keys(client.oversight).sort()).toEqual([
      'apiKeys',
      'ipAddresses',
      'transfers',
      'unconfirmedWithdrawals',
    ]);
    const write = await signed(s, '/api/v4/sub-account/api-key/delete', { apiKeyId: 'x' });
    expect(write.status).toBe(404);
    expect(s.stats().writes).toBe(1);
    expect(readFileSync(writeLog, 'utf8')).toBe('/api/v4/sub-account/api-key/delete\n');
    await client.close();
  });
});
