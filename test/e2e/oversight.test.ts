/**
 * The oversight commands as users run them: the built CLI against the embedded service over real
 * HTTP. What `audit keys` finds is checked against an independent reading of the service, every
 * request signed here from the vendor's documentation (base64 payload of the JSON body, lowercase
 * hex HMAC-SHA512 of it keyed with the secret), not with src/api, and judged by rules written here.
 * The service counts every request to an operation that changes an account: none is ever sent.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotRow } from '../../src/accounts/snapshot-store.js';
import { SCHEMA_VERSION } from '../../src/history/schema.js';
import { historyPath, openHistory } from '../../src/history/store.js';
import { CAPPED_TRANSFERS } from '../../src/service/oversight-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

const ACCOUNTS = 40;
const DAY = 86_400;

let svc: ServiceHandle;
let lastNonce = 0;

async function signed(
  path: string,
  fields: object,
  target = svc,
): Promise<{ status: number; json: unknown }> {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  const body = JSON.stringify({ ...fields, request: path, nonce: lastNonce });
  const payload = Buffer.from(body, 'utf8').toString('base64');
  const res = await fetch(target.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': target.credentials.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', target.credentials.apiSecret).update(payload).digest('hex'),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) };
}

interface WireKey {
  id: string;
  subAccountId: string;
  title: string;
  isEnabled: boolean;
  type: string;
  lastActivity: number;
  apiSecret: string;
  accessEndpoints: { name: string }[];
}

async function allAccounts(): Promise<{ id: string; alias: string }[]> {
  const r = await signed('/api/v4/sub-account/list', { limit: 100, offset: 0 });
  return (r.json as { data: { id: string; alias: string }[] }).data;
}

/** The findings the vendor's fields imply, by this test's own reading of the rules. */
function expectedFindings(k: WireKey, ips: string[], nowSec: number): string[] {
  const out: string[] = [];
  if (k.isEnabled && ips.length === 0) out.push('no-ip-restriction');
  if (!k.lastActivity) out.push('never-used');
  else if (nowSec - k.lastActivity > 90 * DAY) out.push('idle');
  if (k.type === '2' || k.accessEndpoints.some((e) => /withdraw|transfer/.test(e.name)))
    out.push('moves-money');
  if (!k.isEnabled) out.push('disabled');
  return out;
}

beforeAll(async () => {
  svc = await startService({ accounts: ACCOUNTS });
});
afterAll(async () => {
  // No operation that changes an account was sent by anything in this file.
  expect(svc.stats().writes).toBe(0);
  await svc.close();
});

describe('pooltop audit keys', () => {
  it('lists every key of every sub-account with the findings the service implies; secrets redacted', async () => {
    const r = await runCli(['audit', 'keys', '--json'], serviceEnv(svc), 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1); // findings
    const got = JSON.parse(r.stdout) as {
      summary: { accounts: number; keys: number };
      data: { id: string; subAccountId: string; findings: string[]; apiSecret: string; ips: string[] }[];
      complete: boolean;
    };
    expect(got.complete).toBe(true);
    const nowSec = Math.floor(Date.now() / 1000);
    const expected = new Map<string, { findings: string[]; ips: string[]; secret: boolean }>();
    for (const account of await allAccounts()) {
      const keys = (await signed('/api/v4/sub-account/api-key/list', { subAccountId: account.id })).json as {
        data: WireKey[];
      };
      for (const k of keys.data) {
        const ips = (await signed('/api/v4/sub-account/api-key/ip-address/list', { apiKeyId: k.id }))
          .json as {
          data: string[];
        };
        expected.set(k.id, {
          findings: expectedFindings(k, ips.data, nowSec),
          ips: ips.data,
          secret: k.apiSecret !== '',
        });
      }
    }
    expect(got.summary.accounts).toBe(ACCOUNTS);
    expect(got.data.map((k) => k.id).sort()).toEqual([...expected.keys()].sort());
    for (const key of got.data) {
      const want = expected.get(key.id);
      expect(key.findings, key.id).toEqual(want?.findings);
      expect(key.ips).toEqual(want?.ips);
      expect(key.apiSecret).toBe(want?.secret ? '[redacted]' : '');
    }
    for (const f of ['no-ip-restriction', 'idle', 'never-used', 'moves-money', 'disabled']) {
      expect(
        got.data.some((k) => k.findings.includes(f)),
        f,
      ).toBe(true);
    }
    expect([...expected.values()].some((e) => e.secret)).toBe(true);
    expect(r.stdout).not.toContain('must-never-be-shown');
  }, 120_000);

  it('writes a summary and a table with hostile titles cleaned, and CSV', async () => {
    const text = await runCli(['audit', 'keys'], serviceEnv(svc), 60_000);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^40 sub-accounts · 120 keys · \d+ with findings\n {2}enabled without IP restriction/,
    );
    expect(text.stdout).toContain('ops RED key');
    // No escape, bell or bidi control reaches the terminal.
    expect(text.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text.stdout).not.toContain('must-never-be-shown');
    const csv = await runCli(['audit', 'keys', '--csv'], serviceEnv(svc), 60_000);
    expect(csv.stdout.trim().split('\n')).toHaveLength(1 + 3 * ACCOUNTS);
    expect(csv.stdout).not.toContain('must-never-be-shown');
  }, 120_000);

  it('exits 3 with one line when it cannot audit (as check’s UNKNOWN)', async () => {
    const r = await runCli(['audit', 'keys', '--idle', 'soon'], serviceEnv(svc));
    expect(r.code).toBe(3);
    expect(r.stderr).toBe("pooltop: --idle must be a duration such as 90d or 12h, not 'soon'\n");
  });
});

describe('pooltop accounts transfers', () => {
  it('returns every transfer of the account past the 10,000 cap after two syncs, then only what is new', async () => {
    const [capped] = await allAccounts();
    const id = capped?.id as string;
    const env = serviceEnv(svc);
    const first = await runCli(['accounts', 'transfers', id, '--json'], env, 60_000);
    expect(first.stderr).toBe('');
    const added = svc.addTransfer(id, { direction: 'sub_to_main', currency: 'BTC', amount: '0.5' });
    const before = svc.stats().byPath['/api/v4/sub-account/transfer/history'] ?? 0;
    const second = await runCli(['accounts', 'transfers', id, '--json'], env, 60_000);
    // One page per direction: the first page of each holds a kept transfer.
    expect((svc.stats().byPath['/api/v4/sub-account/transfer/history'] ?? 0) - before).toBe(2);
    const got = JSON.parse(second.stdout) as { data: { id: string; direction: string }[]; complete: boolean };
    expect(got.complete).toBe(true);
    expect(got.data).toHaveLength(CAPPED_TRANSFERS + 1);
    expect(got.data[0]?.id).toBe(added);
    expect(new Set(got.data.map((t) => t.id)).size).toBe(CAPPED_TRANSFERS + 1);
    // Kept in the profile's history file, nowhere else.
    const kept = readdirSync(join(env.XDG_STATE_HOME as string, 'pooltop'));
    expect(kept).toContain('history-default.sqlite');
    expect(kept.filter((f) => f.endsWith('.json'))).toEqual([]);
    // The API alone stops at 10,000 rows without a direction.
    const reach = await signed('/api/v4/sub-account/transfer/history', { id, offset: 9_950, limit: 100 });
    expect(reach.status).toBe(422);
    const out = await runCli(
      ['accounts', 'transfers', id, '--direction', 'out', '--from', '2d', '--csv'],
      env,
    );
    const rows = out.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split(',')[1] === 'sub_to_main')).toBe(true);
  }, 120_000);
});

describe('pooltop accounts withdrawals', () => {
  it('lists withdrawals awaiting the main account', async () => {
    const r = await runCli(['accounts', 'withdrawals', '--json'], serviceEnv(svc));
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout) as { enabled: boolean; data: { waitingSeconds: number }[] };
    expect(got.enabled).toBe(true);
    expect(got.data.length).toBeGreaterThan(0);
  });

  it('says in one plain line, exit 0, where the operation is not enabled (404)', async () => {
    const off = await startService({ accounts: 5, withdrawalsDisabled: true });
    try {
      const r = await runCli(['accounts', 'withdrawals'], serviceEnv(off));
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(
        'Withdrawals awaiting confirmation: the operation is not enabled for this account (the vendor enables it on request).\n',
      );
      expect(off.stats().writes).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('pooltop accounts changes', () => {
  it('shows a changed sub-account with each field before and after, and added and removed ones', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-changes-'));
    const env = serviceEnv(svc, { XDG_STATE_HOME: join(home, 'state') });
    const first = await runCli(['accounts', 'changes', '--since', '1s'], env);
    expect(first.stdout).toMatch(/^No earlier snapshot to compare with/);
    const [, second, third] = await allAccounts();
    svc.changeAccount(second?.id as string, { status: 'blocked', alias: 'renamed\u001b[2J\u202e' });
    svc.removeAccount(third?.id as string);
    const r = await runCli(['accounts', 'changes', '--since', '1s', '--json'], env);
    const got = JSON.parse(r.stdout) as {
      data: {
        removed: { id: string }[];
        changed: { id: string; fields: { field: string; before: unknown; after: unknown }[] }[];
      };
    };
    expect(got.data.removed.map((a) => a.id)).toEqual([third?.id]);
    const changed = got.data.changed.find((c) => c.id === second?.id);
    expect(changed?.fields).toContainEqual({
      field: 'alias',
      before: second?.alias,
      after: 'renamed\u001b[2J\u202e',
    });
    const text = await runCli(['accounts', 'changes', '--since', '1h'], env);
    expect(text.stdout).toContain(`alias: ${second?.alias} → renamed`);
    expect(text.stdout).not.toMatch(/[\u001b\u202e]/);
  });

  it('compares with the snapshot --since picks from the profile’s history file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-since-'));
    const env = serviceEnv(svc, { XDG_STATE_HOME: join(home, 'state') });
    const listed = await allAccounts();
    const first = listed[0];
    const nowSec = Math.floor(Date.now() / 1000);
    const row = (alias: string): SnapshotRow => ({
      id: first?.id as string,
      alias,
      email: null,
      status: null,
      color: null,
      kycStatus: null,
      shareKyc: null,
      spotEnabled: null,
      collateralEnabled: null,
    });
    const opened = openHistory({ path: historyPath(join(home, 'state', 'pooltop'), 'default') });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    const kept = opened.store.snapshotStore(svc.baseUrl);
    await kept.add({ takenAt: nowSec - 3 * DAY, rows: [row('three-days-ago')] });
    await kept.add({ takenAt: nowSec - DAY - 60, rows: [row('yesterday')] });
    opened.store.close();
    const sinceAlias = async (args: string[]) => {
      const r = await runCli(['accounts', 'changes', ...args, '--json'], env);
      expect(r.stderr).toBe('');
      const got = JSON.parse(r.stdout) as {
        since: number;
        data: { added: unknown[]; changed: { id: string; fields: { field: string; before: unknown }[] }[] };
      };
      const alias = got.data.changed.find((c) => c.id === first?.id)?.fields.find((f) => f.field === 'alias');
      return { since: got.since, before: alias?.before, added: got.data.added.length };
    };
    expect(await sinceAlias(['--since', '2d'])).toEqual({
      since: nowSec - 3 * DAY,
      before: 'three-days-ago',
      added: listed.length - 1,
    });
    expect(await sinceAlias([])).toEqual({
      since: nowSec - DAY - 60,
      before: 'yesterday',
      added: listed.length - 1,
    });
    // Older than anything kept: the oldest.
    expect((await sinceAlias(['--since', '30d'])).since).toBe(nowSec - 3 * DAY);
  });

  it('says in one line when the history file cannot be used, and keeps nothing', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-newer-'));
    const env = serviceEnv(svc, { XDG_STATE_HOME: join(home, 'state') });
    const path = historyPath(join(home, 'state', 'pooltop'), 'default');
    const opened = openHistory({ path });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    opened.store.close();
    const db = new DatabaseSync(path);
    db.exec('PRAGMA user_version = 99');
    db.close();
    for (const args of [
      ['accounts', 'changes'],
      ['accounts', 'transfers', (await allAccounts())[1]?.id as string],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `pooltop: the history file was written by a newer pooltop (schema 99; this one reads up to ${SCHEMA_VERSION}): ${path}\n`,
      );
    }
  });
});
