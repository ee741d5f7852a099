/**
 * `pooltop exporter --balances`: the built exporter's one exposition (`--once`) against the
 * embedded service equals an independent signed fetch of every account's balances; on fake
 * timers, one balances request per account per interval and never a second round while one is
 * running; alias labels cleaned, bounded and distinct.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestQueue } from '../../src/api/request-queue.js';
import type { CurrencyBalance } from '../../src/api/balance-types.js';
import type { ApiClient, SubAccountJson } from '../../src/api/types.js';
import { balanceTarget } from '../../src/exporter/balance-targets.js';
import { createExposition } from '../../src/exporter/exposition.js';
import { createPoller } from '../../src/exporter/poller.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { type Account, postSignedText, Signer } from '../service/helpers.js';
import { subAccountModel } from '../../src/api/schemas.js';

const BALANCES = '/api/v4/sub-account/balances';

describe('pooltop exporter --balances --once', () => {
  let service: ServiceHandle;
  beforeAll(async () => {
    service = await startService({ port: 0, accounts: 60, seed: 12 });
  });
  afterAll(() => service.close());

  it('exposes every account, currency and place the service sends, as sent', async () => {
    const signer = new Signer(service);
    const accounts: Account[] = (await signer.page({ limit: 100 })).data;
    expect(accounts).toHaveLength(60);
    const expected: string[] = [];
    for (const a of accounts) {
      signer.nonce += 1;
      const body = JSON.stringify({ id: a.id, request: BALANCES, nonce: signer.nonce });
      const raw = (await postSignedText(service, body, { path: BALANCES })).json as Record<
        string,
        Record<string, string>[]
      >;
      for (const [ticker, [item]] of Object.entries(raw)) {
        for (const place of ['main', 'spot', 'collateral']) {
          expected.push(
            `whitebit_subaccount_balance{alias="${a.alias}",ticker="${ticker}",place="${place}"} ${Number(item?.[place])}`,
          );
        }
      }
    }
    const r = await runCli(
      ['exporter', '--once', '--balances'],
      cleanEnv({
        WHITEBIT_API_URL: service.baseUrl,
        WHITEBIT_API_KEY: service.credentials.apiKey,
        WHITEBIT_API_SECRET: service.credentials.apiSecret,
      }),
      60_000,
    );
    expect(r.code, r.stderr).toBe(0);
    const got = r.stdout.split('\n').filter((l) => l.startsWith('whitebit_subaccount_balance{'));
    expect(got.sort()).toEqual(expected.sort());
    expect(r.stdout).toContain('pooltop_up{endpoint="subaccount_balances"} 1');
    expect(r.stdout).toContain('# TYPE whitebit_subaccount_balance gauge');
  }, 90_000);

  it('--balances needs an API key', async () => {
    const r = await runCli(
      ['exporter', '--once', '--balances'],
      cleanEnv({ WHITEBIT_API_URL: service.baseUrl }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('pooltop: --balances reads sub-accounts: it needs an API key and secret\n');
  });
});

/** An in-memory client: the list and each account's balances; counts balances requests by id. */
function memoryClient(accounts: SubAccountJson[], hang?: string) {
  const asked = new Map<string, number>();
  const rows = (id: string): CurrencyBalance[] => [
    { ticker: 'BTC', main: String(id.length), spot: '0', collateral: null, total: String(id.length) },
  ];
  const client = {
    listSubAccounts: async (q: { offset?: number; limit?: number } = {}) => ({
      offset: q.offset ?? 0,
      limit: q.limit ?? 30,
      data: accounts.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 30)).map(subAccountModel),
    }),
    subAccountBalances: (q: { id: string }) => {
      asked.set(q.id, (asked.get(q.id) ?? 0) + 1);
      return q.id === hang ? new Promise<never>(() => {}) : Promise.resolve(rows(q.id));
    },
  } as unknown as ApiClient;
  return { client, asked };
}

/** Sleeps on the (faked) global timers, so vi's fake clock drives the loaders' pace. */
const fakeTiming = {
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('the balances target on fake timers', () => {
  afterEach(() => vi.useRealTimers());
  const exposition = () =>
    createExposition({ endpoints: [], thresholds: { pool: {}, mining: {} }, processMetrics: false });

  it('one balances request per account per interval', async () => {
    vi.useFakeTimers();
    const accounts = Array.from({ length: 50 }, (_, i) => ({ id: uuid(i), alias: `acct-${i}` }));
    const { client, asked } = memoryClient(accounts);
    const ex = exposition();
    const poller = createPoller([balanceTarget(client, createRequestQueue(), ex, fakeTiming)], {
      record: () => {},
    });
    poller.start(5000);
    await vi.advanceTimersByTimeAsync(60_000 + 4000);
    poller.stop();
    expect([...asked.keys()].sort()).toEqual(accounts.map((a) => a.id).sort());
    // 1 at start and 12 ticks in 60 s.
    for (const n of asked.values()) expect(n).toBe(13);
    expect(await ex.text()).toContain(
      'whitebit_subaccount_balance{alias="acct-7",ticker="BTC",place="main"} 36',
    );
  });

  it('a round still running is never doubled', async () => {
    vi.useFakeTimers();
    const accounts = Array.from({ length: 10 }, (_, i) => ({ id: uuid(i), alias: `acct-${i}` }));
    const { client, asked } = memoryClient(accounts, uuid(3));
    const poller = createPoller([balanceTarget(client, createRequestQueue(), exposition(), fakeTiming)], {
      record: () => {},
    });
    poller.start(5000);
    await vi.advanceTimersByTimeAsync(60_000);
    poller.stop();
    for (const n of asked.values()) expect(n).toBe(1);
  });

  it('alias labels are cleaned, at most 64 characters, and distinct (the id added to a shared one)', async () => {
    const accounts = [
      { id: uuid(1), alias: `\u001b]0;pwned\u0007${'A'.repeat(10_240)}` },
      { id: uuid(2), alias: 'twin' },
      { id: uuid(3), alias: 'twin' },
      { id: uuid(4), alias: null },
      { id: uuid(5), alias: '\u001b[31mred\u001b[0m' },
    ];
    const { client } = memoryClient(accounts);
    const ex = exposition();
    const poller = createPoller([balanceTarget(client, createRequestQueue(), ex)], { record: () => {} });
    await poller.pollAll();
    poller.stop();
    const aliases = [...(await ex.text()).matchAll(/^whitebit_subaccount_balance\{alias="([^"]*)"/gm)].map(
      (m) => m[1],
    );
    const distinct = [...new Set(aliases)];
    expect(distinct.sort()).toEqual(
      ['A'.repeat(64), 'red', `twin ${uuid(2)}`, `twin ${uuid(3)}`, uuid(4)].sort(),
    );
    // No collateral sample: the place was null.
    expect(await ex.text()).not.toContain('place="collateral"');
  });
});
