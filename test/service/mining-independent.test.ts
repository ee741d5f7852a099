/**
 * An independent check of the service's eight Mining Pool operations against the vendor's
 * documents: nothing here comes from src/ — the service is
 * the built CLI's `serve --json`, and signing is written out from the documented recipe with node:crypto
 * (base64 payload of the exact JSON body; lowercase hex HMAC-SHA512 of that base64 text keyed
 * with the secret; a nonce of our own, strictly increasing, without nonceWindow).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv } from '../support/run-cli.js';

interface Served {
  base_url: string;
  api_key: string;
  api_secret: string;
  mining_accounts: string[];
}

let child: ChildProcess;
let served: Served;
let nonce = 1_000_000;

beforeAll(async () => {
  child = spawn(process.execPath, [CLI, 'serve', '--json', '--seed', '5', '--workers', '120'], {
    // This service is sent write operations on purpose (below): not the suite's log (no-writes.ts).
    env: cleanEnv({ POOLTOP_SERVICE_WRITE_LOG: '' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  served = await new Promise<Served>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Served));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
});
afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function post(path: string, fields: Record<string, unknown>, tamper = false): Promise<Answer> {
  nonce += 1;
  const text = JSON.stringify({ ...fields, request: path, nonce });
  const payload = Buffer.from(text, 'utf8').toString('base64');
  const signature = createHmac('sha512', served.api_secret).update(payload).digest('hex');
  const res = await fetch(served.base_url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': served.api_key,
      'x-txc-payload': payload,
      'x-txc-signature': tamper ? signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) : signature,
    },
    body: text,
  });
  const raw = await res.text();
  return { status: res.status, body: raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>) };
}

const M = '/api/v4/mining';
const DECIMAL = /^\d+(\.\d+)?$/;
const nowSec = () => Math.floor(Date.now() / 1000);
const account = () => served.mining_accounts[0]!;
const validation = (errors: Record<string, string[]>) => ({ code: 0, message: 'Validation failed', errors });
const incorrectTimestamp = { code: 422, message: 'Incorrect timestamp' };
/** The documented example's own unknown account. */
const UNKNOWN = 'unknown_miner';
const notFound = validation({ user: ["Mining pool account 'unknown_miner' not found"] });

function isInteger(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v);
}

describe('accounts', () => {
  it('answers {data:[{name, createdAt}], limit, offset}, newest first; name is an exact filter', async () => {
    const r = await post(`${M}/accounts`, {});
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'limit', 'offset']);
    expect(isInteger(r.body.limit) && isInteger(r.body.offset)).toBe(true);
    const data = r.body.data as { name: string; createdAt: number }[];
    expect(data.map((a) => a.name)).toEqual(served.mining_accounts);
    expect(served.mining_accounts).toHaveLength(3);
    for (const a of data) expect(Object.keys(a).sort()).toEqual(['createdAt', 'name']);
    expect(data.map((a) => a.createdAt)).toEqual(data.map((a) => a.createdAt).sort((x, y) => y - x));
    const one = await post(`${M}/accounts`, { name: account() });
    expect((one.body.data as unknown[]).length).toBe(1);
    const long = await post(`${M}/accounts`, { name: 'n'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      code: 0,
      message: 'Validation failed',
      errors: { name: [expect.any(String)] },
    });
  });
});

describe('miners/info', () => {
  it('answers fee (a string), worker counts and stratum URLs with counts', async () => {
    const r = await post(`${M}/miners/info`, { account: account() });
    expect(r.status).toBe(200);
    const data = r.body.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['fee', 'stratum', 'workers']);
    expect(data.fee).toMatch(DECIMAL);
    const workers = data.workers as Record<string, number>;
    expect(Object.keys(workers).sort()).toEqual(['low', 'offline', 'online']);
    expect(workers.online! + workers.low! + workers.offline!).toBe(120);
    for (const s of data.stratum as Record<string, unknown>[]) {
      expect(Object.keys(s).sort()).toEqual(['url', 'workersCount']);
      expect(isInteger(s.workersCount)).toBe(true);
    }
  });

  it('an unknown account is the documented 400', async () => {
    expect(await post(`${M}/miners/info`, { account: UNKNOWN })).toEqual({ status: 400, body: notFound });
  });
});

describe('hashrate', () => {
  it('answers {data:{account, hashrate:[{timestamp, hashrate (decimal string), rejectRate}]}}, 1h by default', async () => {
    const r = await post(`${M}/hashrate`, { account: account() });
    expect(r.status).toBe(200);
    const data = r.body.data as { account: string; hashrate: Record<string, unknown>[] };
    expect(data.account).toBe(account());
    expect(data.hashrate.length).toBeGreaterThan(24);
    for (const p of data.hashrate) {
      expect(Object.keys(p).sort()).toEqual(['hashrate', 'rejectRate', 'timestamp']);
      expect(p.hashrate).toMatch(DECIMAL);
      expect(typeof p.rejectRate).toBe('number');
      expect(p.timestamp as number).toBeLessThanOrEqual(nowSec());
    }
    expect((data.hashrate[1]!.timestamp as number) - (data.hashrate[0]!.timestamp as number)).toBe(3600);
    const fine = await post(`${M}/hashrate`, { account: account(), interval: '5m', from: nowSec() - 3600 });
    const points = (fine.body.data as { hashrate: { timestamp: number }[] }).hashrate;
    expect(points[1]!.timestamp - points[0]!.timestamp).toBe(300);
  });

  it('errors: unknown account (its own documented form), bad interval, timestamps', async () => {
    expect(await post(`${M}/hashrate`, { account: UNKNOWN })).toEqual({
      status: 400,
      body: validation({ account: ['Account not found'] }),
    });
    const interval = await post(`${M}/hashrate`, { account: account(), interval: '2h' });
    expect(interval.status).toBe(400);
    expect((interval.body.errors as Record<string, unknown>).interval).toBeDefined();
    for (const window of [
      { from: nowSec() + 3600 },
      { to: nowSec() + 3600 },
      { from: 200, to: 100 },
      { from: 'x' },
    ]) {
      expect(await post(`${M}/hashrate`, { account: account(), ...window })).toEqual({
        status: 422,
        body: incorrectTimestamp,
      });
    }
  });
});

describe('workers/names', () => {
  it('answers {data:{workers:[names ascending]}, limit (default 100), offset}', async () => {
    const r = await post(`${M}/workers/names`, { account: account() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ limit: 100, offset: 0 });
    const workers = (r.body.data as { workers: string[] }).workers;
    expect(workers.length).toBeGreaterThan(80);
    expect(workers.length).toBeLessThanOrEqual(100);
    expect([...workers].sort()).toEqual(workers);
    const page = await post(`${M}/workers/names`, { account: account(), limit: 10, offset: 5 });
    expect((page.body.data as { workers: string[] }).workers).toEqual(workers.slice(5, 15));
  });

  it('errors: unknown account, paging out of bounds', async () => {
    expect(await post(`${M}/workers/names`, { account: UNKNOWN })).toEqual({ status: 400, body: notFound });
    const limit = await post(`${M}/workers/names`, { account: account(), limit: 101 });
    expect(limit).toEqual({ status: 400, body: validation({ limit: ['validation.max.integer'] }) });
  });
});

describe('workers/hashrate', () => {
  it('answers {data:{hashrates:[{time, hashrate (TH/s, a decimal string)}]}}', async () => {
    const names = await post(`${M}/workers/names`, { account: account(), limit: 1 });
    const worker = (names.body.data as { workers: string[] }).workers[0]!;
    const r = await post(`${M}/workers/hashrate`, { account: account(), worker, interval: '1h' });
    expect(r.status).toBe(200);
    const hashrates = (r.body.data as { hashrates: Record<string, unknown>[] }).hashrates;
    expect(hashrates.length).toBeGreaterThan(24);
    for (const p of hashrates) {
      expect(Object.keys(p).sort()).toEqual(['hashrate', 'time']);
      expect(p.hashrate).toMatch(DECIMAL);
      // A miner hashes tens to hundreds of TH/s: in TH/s that is a small number.
      expect(Number(p.hashrate)).toBeLessThan(300);
    }
    expect(hashrates.some((p) => Number(p.hashrate) > 5)).toBe(true);
  });

  it('errors: unknown account, missing worker, a future timestamp', async () => {
    expect(await post(`${M}/workers/hashrate`, { account: UNKNOWN, worker: 'w' })).toEqual({
      status: 400,
      body: notFound,
    });
    const missing = await post(`${M}/workers/hashrate`, { account: account() });
    expect(missing.status).toBe(400);
    expect((missing.body.errors as Record<string, unknown>).worker).toBeDefined();
    expect(
      await post(`${M}/workers/hashrate`, { account: account(), worker: 'w', to: nowSec() + 60 }),
    ).toEqual({
      status: 422,
      body: incorrectTimestamp,
    });
  });
});

describe('rewards', () => {
  const REWARD_KEYS = [
    'date',
    'fee',
    'fppsRate',
    'hashRate',
    'miningAccountName',
    'payoutAddress',
    'payoutDestination',
    'payoutTime',
    'payoutTransactionHash',
    'reward',
    'rewardCurrency',
    'status',
    'totalReward',
  ];

  it('answers {offset, limit (default 30), data:[MiningReward]}, newest first', async () => {
    // The oldest account: months of daily rewards.
    const r = await post(`${M}/rewards`, { account: served.mining_accounts.at(-1) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ offset: 0, limit: 30 });
    const data = r.body.data as Record<string, unknown>[];
    expect(data).toHaveLength(30);
    for (const reward of data) {
      expect(Object.keys(reward).sort()).toEqual(REWARD_KEYS);
      for (const amount of ['totalReward', 'reward', 'fee', 'fppsRate', 'hashRate']) {
        expect(reward[amount]).toMatch(DECIMAL);
      }
      expect(['pending', 'successful', 'canceled']).toContain(reward.status);
      expect(['main_balance', 'external_address']).toContain(reward.payoutDestination);
      if (reward.payoutDestination === 'main_balance') {
        expect([reward.payoutTransactionHash, reward.payoutAddress, reward.payoutTime]).toEqual([
          null,
          null,
          null,
        ]);
      }
    }
    const dates = data.map((x) => x.date as number);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('an unknown account is 200 with empty data, not an error', async () => {
    expect(await post(`${M}/rewards`, { account: UNKNOWN })).toEqual({
      status: 200,
      body: { offset: 0, limit: 30, data: [] },
    });
  });

  it('paging errors are 400 with translation keys; timestamps 422', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ limit: 101 }, { limit: ['validation.max.integer'] }],
      [{ limit: 0 }, { limit: ['validation.min'] }],
      [{ offset: 10_001 }, { offset: ['validation.max'] }],
      [{ limit: 2.5 }, { limit: ['validation.integer'] }],
    ];
    for (const [fields, errors] of cases) {
      expect(await post(`${M}/rewards`, fields)).toEqual({ status: 400, body: validation(errors) });
    }
    expect(await post(`${M}/rewards`, { from: nowSec() + 86_400 })).toEqual({
      status: 422,
      body: incorrectTimestamp,
    });
  });
});

describe('payout-destination', () => {
  it('takes accountName and answers unwrapped {payoutDestination, externalAddress}', async () => {
    for (const name of served.mining_accounts) {
      const r = await post(`${M}/payout-destination`, { accountName: name });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['externalAddress', 'payoutDestination']);
      expect(['main_balance', 'external_address']).toContain(r.body.payoutDestination);
      if (r.body.payoutDestination === 'main_balance') expect(r.body.externalAddress).toBeNull();
    }
  });

  it('errors: unknown account in its own words; `account` is not its field', async () => {
    expect(await post(`${M}/payout-destination`, { accountName: UNKNOWN })).toEqual({
      status: 400,
      body: validation({ user: ['Mining account not found.'] }),
    });
    const wrongField = await post(`${M}/payout-destination`, { account: account() });
    expect(wrongField.status).toBe(400);
    expect((wrongField.body.errors as Record<string, unknown>).accountName).toBeDefined();
  });
});

describe('watcher-links/list', () => {
  it('answers {data:[{id, accounts, name, link, permissions, liveUntil, createdAt}]}', async () => {
    const r = await post(`${M}/watcher-links/list`, { account: account() });
    expect(r.status).toBe(200);
    const data = r.body.data as Record<string, unknown>[];
    expect(data.length).toBeLessThanOrEqual(3);
    for (const link of data) {
      expect(Object.keys(link).sort()).toEqual([
        'accounts',
        'createdAt',
        'id',
        'link',
        'liveUntil',
        'name',
        'permissions',
      ]);
      expect(link.accounts).toContain(account());
      expect(link.liveUntil === null || isInteger(link.liveUntil)).toBe(true);
      for (const p of link.permissions as string[]) expect(['dashboard', 'rewards', 'workers']).toContain(p);
    }
  });

  it('an unknown account is the documented 400', async () => {
    expect(await post(`${M}/watcher-links/list`, { account: UNKNOWN })).toEqual({
      status: 400,
      body: notFound,
    });
  });
});

describe('signing, nonces and the write operations', () => {
  it('refuses a wrong signature and a reused nonce as on every private call', async () => {
    expect(await post(`${M}/miners/info`, { account: account() }, true)).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized request.' },
    });
    nonce -= 5;
    expect(await post(`${M}/miners/info`, { account: account() })).toMatchObject({
      status: 429,
      body: { message: 'Too many requests.' },
    });
    nonce += 10;
  });

  it('has no operation that creates or changes anything', async () => {
    for (const path of ['/accounts/create', '/payout-destination/edit', '/watcher-links/create']) {
      expect((await post(M + path, { name: 'x' })).status).toBe(404);
    }
  });
});
