/**
 * `pooltop mining fleet --json` through the built CLI against the embedded service with five
 * mining accounts, its clock frozen so the fleet holds still, each account checked against a
 * signed fetch written here from the vendor's documentation (base64 payload of the JSON body,
 * lowercase hex HMAC-SHA512 of it keyed with the secret), not with src/api.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

const T0 = Date.UTC(2025, 8, 3, 7, 41, 13);
let service: ServiceHandle;

let lastNonce = 0;
async function signedPost(path: string, fields: object): Promise<{ data: unknown }> {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  const body = JSON.stringify({ ...fields, request: path, nonce: lastNonce });
  const payload = Buffer.from(body, 'utf8').toString('base64');
  const res = await fetch(service.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': service.credentials.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', service.credentials.apiSecret).update(payload).digest('hex'),
    },
    body,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: unknown };
}

beforeAll(async () => {
  service = await startService({ port: 0, seed: 5, miningAccounts: 5, now: () => T0, nonceNow: Date.now });
});
afterAll(async () => {
  await service.close();
});

interface Row {
  name: string;
  hashRate: number | null;
  hashRate24h: number | null;
  rejectRate: number | null;
  workers: { online: number; low: number; offline: number };
  workersGone: number;
  reward: { status: string | null; amount: string | null } | null;
}

describe('pooltop mining fleet', () => {
  it('--json: one object per account, agreeing with signed fetches of miners/info, hashrate and rewards', async () => {
    const r = await runCli(['mining', 'fleet', '--json'], serviceEnv(service));
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows.map((x) => x.name)).toEqual(service.miningAccounts);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const info = (await signedPost('/api/v4/mining/miners/info', { account: row.name })).data as {
        workers: { online: number; low: number; offline: number };
      };
      expect(row.workers, row.name).toEqual(info.workers);
      const series = (
        (await signedPost('/api/v4/mining/hashrate', { account: row.name, interval: '5m' })).data as {
          hashrate: { hashrate: string; rejectRate: number }[];
        }
      ).hashrate;
      const rates = series.map((p) => Number(p.hashrate));
      expect(row.hashRate).toBeCloseTo(rates.at(-1)!, 0);
      expect(row.hashRate24h).toBeCloseTo(rates.reduce((a, b) => a + b, 0) / rates.length, 0);
      expect(row.rejectRate).toBe(series.at(-1)!.rejectRate);
      const reward = (
        (await signedPost('/api/v4/mining/rewards', { account: row.name, limit: 1 })).data as {
          totalReward: string;
          status: string;
        }[]
      )[0];
      expect(row.reward?.amount).toBe(reward?.totalReward);
      expect(row.reward?.status).toBe(reward?.status);
      // A fresh state directory has seen no worker yet.
      expect(row.workersGone).toBe(0);
    }
  });

  it('text: an aligned table, one row per account', async () => {
    const r = await runCli(['mining', 'fleet'], serviceEnv(service));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^Account +Hash rate +24 h avg +Reject +Workers on · low · off +Gone +Last reward +Status$/,
    );
    for (const name of service.miningAccounts) expect(lines.some((l) => l.startsWith(`${name} `))).toBe(true);
    expect(lines.at(-1)).toBe('5 mining accounts');
  });
});
