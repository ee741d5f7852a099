/**
 * `pooltop check subaccounts` and `pooltop exporter --keys` through the built CLI against the
 * embedded service: the key counts are the findings of `pooltop audit keys --json` (whose findings
 * test/e2e/oversight.test.ts checks against an independent signed reading of the service), the
 * withdrawals those the service lists; thresholds give the plugin's states and perfdata; the
 * withdrawals' 404 profile is none waiting; the exporter's gauges say the same; a key target on a
 * clock is audited once per --keys-interval, not every poll.
 */
import { createRequestQueue } from '../../src/api/request-queue.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/types.js';
import type { OversightApi } from '../../src/api/oversight-types.js';
import { createClient } from '../../src/api/client.js';
import { createExposition } from '../../src/exporter/exposition.js';
import { keyTargets } from '../../src/exporter/key-targets.js';
import { createPoller } from '../../src/exporter/poller.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

const FINDING_METRIC = {
  'no-ip-restriction': 'unrestricted_keys',
  idle: 'idle_keys',
  'never-used': 'never_used_keys',
  'moves-money': 'withdraw_keys',
  disabled: 'disabled_keys',
} as const;

let svc: ServiceHandle;
let off: ServiceHandle;

beforeAll(async () => {
  svc = await startService({ port: 0, accounts: 30, seed: 31 });
  off = await startService({ port: 0, accounts: 5, seed: 32, withdrawalsDisabled: true });
});
afterAll(async () => {
  expect(svc.stats().writes + off.stats().writes).toBe(0);
  await svc.close();
  await off.close();
});

/**
 * Each metric the audit and the withdrawals list imply; with `search`, of the sub-accounts
 * (`ids`) the list's search finds.
 */
async function expectedCounts(
  service: ServiceHandle,
  search?: { term: string; ids: ReadonlySet<string> },
): Promise<Record<string, number>> {
  const args = ['audit', 'keys', '--json', ...(search ? ['--search', search.term] : [])];
  const audit = await runCli(args, serviceEnv(service), 60_000);
  const rows = (JSON.parse(audit.stdout) as { data: { findings: string[] }[] }).data;
  const out: Record<string, number> = { keys: rows.length };
  for (const [finding, metric] of Object.entries(FINDING_METRIC)) {
    out[metric] = rows.filter((r) => r.findings.includes(finding)).length;
  }
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
  });
  try {
    const w = await client.oversight.unconfirmedWithdrawals({ limit: 100 });
    const items = w.enabled ? w.page.items : [];
    out.withdrawals_waiting = search
      ? items.filter((i) => i.subAccountId !== null && search.ids.has(i.subAccountId)).length
      : items.length;
  } finally {
    await client.close();
  }
  return out;
}

const perfOf = (line: string) =>
  Object.fromEntries(
    [...line.matchAll(/'([^']+)'=([\d.]+)(s)?((?:;[^ ]*)?)/g)].map((m) => [
      m[1],
      { value: Number(m[2]), rest: m[4] },
    ]),
  );

describe('pooltop check subaccounts', () => {
  it('counts every key by finding and the withdrawals waiting; thresholds judge them', async () => {
    const expected = await expectedCounts(svc);
    expect(expected.unrestricted_keys).toBeGreaterThan(0);
    expect(expected.withdrawals_waiting).toBeGreaterThan(0);
    const r = await runCli(
      ['check', 'subaccounts', '-c', 'unrestricted_keys=0', '-w', 'withdrawals_waiting=100'],
      serviceEnv(svc),
      60_000,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      new RegExp(
        `^POOLTOP CRITICAL - subaccounts: unrestricted_keys ${expected.unrestricted_keys} is CRITICAL \\(outside 0–0\\), keys \\d+`,
      ),
    );
    const perf = perfOf(r.stdout);
    for (const [metric, value] of Object.entries(expected)) expect(perf[metric]?.value, metric).toBe(value);
    expect(perf.unrestricted_keys?.rest).toBe(';;0;0');
    expect(perf.withdrawals_waiting?.rest).toBe(';100;;0');
    expect(perf.oldest_withdrawal_age?.value).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/'oldest_withdrawal_age'=\d+s/);
  }, 120_000);

  it('--json, --idle; the withdrawals not enabled are none waiting', async () => {
    const r = await runCli(
      ['check', 'subaccounts', '--json', '--idle', '1d', '-w', 'oldest_withdrawal_age=1h'],
      serviceEnv(off),
      60_000,
    );
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout) as {
      status: string;
      metrics: { metric: string; value: number; status: string }[];
    };
    const by = Object.fromEntries(got.metrics.map((m) => [m.metric, m]));
    expect(by.withdrawals_waiting?.value).toBe(0);
    expect(by.oldest_withdrawal_age).toMatchObject({ value: 0, status: 'OK' });
    // Idle after a day: every key used within two weeks but not today counts too.
    const idle90 = await runCli(['check', 'subaccounts', '--json'], serviceEnv(off), 60_000);
    const idleDefault = (JSON.parse(idle90.stdout) as typeof got).metrics.find(
      (m) => m.metric === 'idle_keys',
    );
    expect(by.idle_keys?.value).toBeGreaterThan(idleDefault?.value ?? 0);
    expect(got.status).toBe('OK');
    expect(r.code).toBe(0);
  }, 120_000);

  it('--search: only the sub-accounts the search finds, their keys and their withdrawals', async () => {
    const client = createClient({
      baseUrl: svc.baseUrl,
      apiKey: svc.credentials.apiKey,
      apiSecret: svc.credentials.apiSecret,
    });
    const searches: { term: string; ids: Set<string> }[] = [];
    try {
      // The alias of the account a withdrawal waits for (found with it), and one found without any.
      const waiting = await client.oversight.unconfirmedWithdrawals({ limit: 100 });
      const owners = new Set((waiting.enabled ? waiting.page.items : []).map((w) => w.subAccountId));
      const all = await client.listSubAccounts({ limit: 100 });
      const owner = all.data.find((a) => owners.has(a.id))?.alias;
      for (const term of [owner ?? '', 'hedge']) {
        const found = await client.listSubAccounts({ search: term, limit: 100 });
        searches.push({ term, ids: new Set(found.data.flatMap((a) => (a.id ? [a.id] : []))) });
      }
    } finally {
      await client.close();
    }
    const everything = await expectedCounts(svc);
    const counted: Record<string, number>[] = [];
    for (const search of searches) {
      const expected = await expectedCounts(svc, search);
      expect(expected.keys, search.term).toBeGreaterThan(0);
      expect(expected.keys, search.term).toBeLessThan(everything.keys ?? 0);
      const r = await runCli(
        ['check', 'subaccounts', '--search', search.term, '--json'],
        serviceEnv(svc),
        60_000,
      );
      expect(r.stderr).toBe('');
      const got = JSON.parse(r.stdout) as { metrics: { metric: string; value: number }[] };
      const by = Object.fromEntries(got.metrics.map((m) => [m.metric, m.value]));
      for (const [metric, value] of Object.entries(expected))
        expect(by[metric], `${search.term} ${metric}`).toBe(value);
      counted.push(by);
    }
    // The owner's search counts its withdrawals; the other, none of them.
    expect(counted[0]?.withdrawals_waiting).toBeGreaterThan(0);
    expect(counted[1]?.withdrawals_waiting).toBe(0);
    expect(everything.withdrawals_waiting).toBeGreaterThan(0);
  }, 120_000);

  it('bad arguments are UNKNOWN before anything is sent', async () => {
    const before = svc.stats().requests;
    for (const [args, message] of [
      [
        ['check', 'subaccounts', '--idle', 'soon'],
        "--idle must be a duration such as 90d or 12h, not 'soon'",
      ],
      [['check', 'pool', '--idle', '1d'], '--idle applies to check subaccounts only'],
      [['check', 'mining', '--search', 'ops'], '--search applies to check subaccounts only'],
      [['check', 'subaccounts', '-c', 'hashrate=1'], 'unknown subaccounts metric'],
    ] as const) {
      const r = await runCli([...args], serviceEnv(svc));
      expect(r.code, r.stdout).toBe(3);
      expect(r.stdout).toContain(message);
    }
    expect(svc.stats().requests).toBe(before);
  });
});

describe('pooltop exporter --keys', () => {
  it('--once: the counts as gauges, the same as check subaccounts', async () => {
    const expected = await expectedCounts(svc);
    const r = await runCli(['exporter', '--once', '--keys'], serviceEnv(svc), 90_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const sample = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(r.stdout)?.[1]);
    expect(sample('whitebit_subaccount_api_keys')).toBe(expected.keys);
    for (const [finding, metric] of Object.entries(FINDING_METRIC)) {
      expect(sample(`whitebit_subaccount_api_keys_flagged\\{finding="${finding}"\\}`), finding).toBe(
        expected[metric],
      );
    }
    expect(sample('whitebit_subaccount_withdrawals_waiting')).toBe(expected.withdrawals_waiting);
    expect(sample('whitebit_subaccount_oldest_withdrawal_timestamp_seconds')).toBeGreaterThan(0);
    expect(sample('whitebit_subaccount_key_audit_timestamp_seconds')).toBeGreaterThan(0);
    expect(r.stdout).toContain('pooltop_up{endpoint="subaccount_keys"} 1');
  }, 120_000);

  it('flags that need --keys, a keys interval shorter than the interval', async () => {
    for (const [args, message] of [
      [['--keys-interval', '1h'], 'pooltop: --keys-interval applies to exporter --keys only\n'],
      [
        ['--keys', '--keys-interval', '10s'],
        "pooltop: --keys-interval must be a duration of at least the interval (30s), such as 10m, not '10s'\n",
      ],
    ] as const) {
      const r = await runCli(['exporter', '--once', ...args], serviceEnv(svc));
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(message);
    }
  });
});

describe('the key target on fake timers', () => {
  afterEach(() => vi.useRealTimers());

  it('audits once per keys interval, reads the withdrawals every poll', async () => {
    vi.useFakeTimers();
    const asked = { list: 0, withdrawals: 0 };
    const id = '00000000-0000-4000-8000-000000000001';
    const client = {
      // A load may ask for several pages at once: an audit is counted by its first page.
      listSubAccounts: async (q: { offset?: number }) => {
        if (!q.offset) asked.list++;
        return { offset: 0, limit: 100, data: [{ id, alias: 'a' }] };
      },
      oversight: {
        apiKeys: async () => ({ items: [], limit: 100, offset: 0 }),
        ipAddresses: async () => [],
        unconfirmedWithdrawals: async () => {
          asked.withdrawals++;
          return { enabled: false };
        },
      } as unknown as OversightApi,
    } as unknown as Pick<ApiClient, 'listSubAccounts'> & { oversight: OversightApi };
    const ex = createExposition({
      endpoints: [],
      thresholds: { pool: {}, mining: {} },
      processMetrics: false,
    });
    const poller = createPoller(
      keyTargets(client, createRequestQueue(), ex, { everyS: 600, idleSeconds: 90 * 86_400 }),
      { record: () => {} },
    );
    poller.start(30_000);
    await vi.advanceTimersByTimeAsync(20 * 60_000 + 1000);
    poller.stop();
    // At 0, 10 and 20 minutes; the withdrawals at start and at each of 40 ticks.
    expect(asked.list).toBe(3);
    expect(asked.withdrawals).toBe(41);
    expect(await ex.text()).toContain('whitebit_subaccount_withdrawals_waiting 0');
  });
});
