import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumDecimals } from '../../src/format/decimal.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { type CliResult, cleanEnv, runCli, serviceEnv } from '../support/run-cli.js';

// `pooltop mining …` through the built CLI against an embedded service in this process.
let service: ServiceHandle;
let single: ServiceHandle;
let account: string;

const envFor = serviceEnv;

beforeAll(async () => {
  service = await startService({ port: 0, seed: 7, workers: 60 });
  single = await startService({ port: 0, seed: 8, miningAccounts: 1, workers: 5 });
  account = service.miningAccounts[1]!;
});
afterAll(async () => {
  await service.close();
  await single.close();
});

/** Runs the argument lists a few at a time (each is a process of its own). */
async function runAll(
  list: string[][],
  env: () => NodeJS.ProcessEnv = () => envFor(service),
): Promise<CliResult[]> {
  const out: CliResult[] = [];
  for (let i = 0; i < list.length; i += 4) {
    out.push(...(await Promise.all(list.slice(i, i + 4).map((args) => runCli(args, env())))));
  }
  return out;
}

function expectOneErrorLine(r: CliResult, code: number, pattern: RegExp) {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pooltop: /);
  expect(lines[0]).toMatch(pattern);
}

describe('--json: the answer data, normalised (hash rates in H/s)', () => {
  it('every subcommand', async () => {
    const json = (sub: string, ...rest: string[]) => ['mining', sub, '--json', '--account', account, ...rest];
    const first = await runCli(json('workers', '--limit', '1'), envFor(service));
    const worker: string = JSON.parse(first.stdout).workers[0];
    const results = await runAll([
      ['mining', 'accounts', '--json'],
      json('info'),
      json('hashrate', '--interval', '5m', '--from', '2h'),
      json('workers', '--limit', '7', '--offset', '3'),
      json('worker', '--worker', worker, '--interval', '24h'),
      json('rewards', '--limit', '4'),
      json('payout'),
      json('links'),
    ]);
    for (const r of results) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    }
    const [accounts, info, hashrate, workers, one, rewards, payout, links] = results.map((r) =>
      JSON.parse(r.stdout),
    );
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(service.miningAccounts);
    expect(Object.keys(info).sort()).toEqual(['fee', 'stratum', 'workers']);
    expect(info.workers.online + info.workers.low + info.workers.offline).toBe(60);
    expect(hashrate.account).toBe(account);
    expect(hashrate.hashrate.length).toBeGreaterThanOrEqual(23);
    expect(hashrate.hashrate[0].hashrate).toBeGreaterThan(1e15);
    expect(typeof hashrate.hashrate[0].rejectRate).toBe('number');
    expect(workers.workers).toHaveLength(7);
    expect(one).toMatchObject({ account, worker });
    expect(one.hashrate.length).toBe(30);
    expect(Math.max(...one.hashrate.map((p: { hashrate: number }) => p.hashrate))).toBeGreaterThan(1e12);
    expect(Object.keys(one.hashrate[0]).sort()).toEqual(['hashrate', 'timestamp']);
    expect(rewards).toHaveLength(4);
    expect(rewards[0]).toMatchObject({
      miningAccountName: account,
      rewardCurrency: 'BTC',
      hashRate: expect.any(Number),
    });
    expect(['main_balance', 'external_address']).toContain(payout.payoutDestination);
    expect(Array.isArray(links)).toBe(true);
  });
});

describe('human output: small tables', () => {
  it('every subcommand', async () => {
    const [accounts, info, hashrate, workers, worker, rewards, payout, links] = await runAll([
      ['mining', 'accounts'],
      ['mining', 'info', '--account', account],
      ['mining', 'hashrate', '--account', account],
      ['mining', 'workers', '--account', account, '--limit', '5'],
      ['mining', 'worker', '--account', account, '--worker', 'no_such'],
      ['mining', 'rewards', '--account', account, '--limit', '3'],
      ['mining', 'payout', '--account', account],
      ['mining', 'links', '--account', service.miningAccounts[0]!],
    ]);
    for (const r of [accounts, info, hashrate, workers, worker, rewards, payout, links]) {
      expect(r!.code, r!.stderr).toBe(0);
      expect(r!.stderr).toBe('');
    }
    expect(accounts!.stdout).toMatch(/^Name\s+Created\s+Age\n/);
    expect(accounts!.stdout).toContain('3 mining accounts');
    expect(info!.stdout).toMatch(/Workers\s+\d+ online · \d+ low · \d+ offline \(60 in all\)/);
    expect(info!.stdout).toMatch(/Stratum URL\s+Workers/);
    expect(hashrate!.stdout).toMatch(/Series\s+every 1h, 168 points/);
    expect(hashrate!.stdout).toMatch(/Now\s+[\d.]+ PH\/s/);
    expect(hashrate!.stdout).toMatch(/Reject\s+[\d.]+ % now/);
    expect(hashrate!.stdout).toContain('the latest 12 of 168 points; --json prints them all');
    expect(workers!.stdout).toMatch(/rows 1–5 · connected workers of /);
    expect(worker!.stdout).toContain('No hash rate for this worker in this window.');
    expect(rewards!.stdout).toMatch(
      /Day \(UTC\)\s+Status\s+Hash rate\s+Total\s+Fee\s+Reward\s+Yield\/TH\/s\/day/,
    );
    expect(rewards!.stdout).toMatch(/\d\.\d{8} {2,}0\.\d{12} {2,}BTC/);
    expect(rewards!.stdout).toMatch(/rows 1–3 · rewards after fee over these rows: [\d.]+ BTC/);
    expect(payout!.stdout).toMatch(/Payout to (main balance|external address bc1q)/);
    expect(links!.stdout).toMatch(/Name\s+Permissions\s+Live until\s+Accounts\s+Link/);
  });
});

describe('rewards over a window, for the books', () => {
  it('text, JSON and NDJSON: the same days; sums that leave canceled days out', async () => {
    const window = ['mining', 'rewards', '--account', account, '--from', '120d', '--to', '2d'];
    const [text, json, ndjson, months] = await runAll([
      window,
      [...window, '--json'],
      [...window, '--ndjson'],
      [...window, '--by', 'month', '--json'],
    ]);
    for (const r of [text, json, ndjson, months]) {
      expect(r!.code, r!.stderr).toBe(0);
      expect(r!.stderr).toBe('');
    }
    const days: Array<Record<string, unknown>> = JSON.parse(json!.stdout);
    expect(days.length).toBeGreaterThan(100);
    expect(Object.keys(days[0]!)).toEqual([
      'date',
      'account',
      'currency',
      'total',
      'fee',
      'reward',
      'hashRate',
      'yieldPerTh',
      'status',
      'payoutTime',
      'transactionHash',
      'payoutAddress',
    ]);
    expect(
      ndjson!.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(days);
    const lines = text!.stdout.split('\n');
    expect(lines.filter((l) => /^\d{4}-\d\d-\d\d {2}/.test(l))).toHaveLength(days.length);
    const canceled = days.filter((d) => d.status === 'canceled');
    expect(canceled.length).toBeGreaterThan(0);
    const summed = days.filter((d) => d.status !== 'canceled');
    const sums = lines.find((l) => l.startsWith('window '));
    expect(sums).toMatch(
      new RegExp(
        `^window +${account} +${summed.length} +${canceled.length} +${sumDecimals(summed.map((d) => d.total as string))}\\d* `,
      ),
    );
    const byMonth: Array<{ days: number; canceledDays: number }> = JSON.parse(months!.stdout);
    expect(byMonth.reduce((n, m) => n + m.days, 0)).toBe(summed.length);
    expect(byMonth.reduce((n, m) => n + m.canceledDays, 0)).toBe(canceled.length);
  });
});

describe('rewards: amounts in columns', () => {
  it('writes Total, Fee and Reward to BTC places, decimal points one above the other', async () => {
    const args = ['mining', 'rewards', '--account', account, '--limit', '30'];
    const [human, json] = await runAll([args, [...args, '--json']]);
    expect(human!.code, human!.stderr).toBe(0);
    const raw: Array<{ reward: string; fee: string }> = JSON.parse(json!.stdout);
    // The API leaves trailing zeros off (--json keeps its text): some amount has fewer places.
    expect(
      raw.some((r) => (r.reward.split('.')[1] ?? '').length < 8 || (r.fee.split('.')[1] ?? '').length < 8),
    ).toBe(true);
    const lines = human!.stdout.split('\n').filter((l) => /^\d{4}-\d\d-\d\d /.test(l));
    expect(lines).toHaveLength(raw.length);
    const cells = lines.map((l) =>
      [...l.matchAll(/\d+\.\d+(?= +(?:\d|BTC))/g)].map((m) => ({ text: m[0], at: m.index ?? 0 })),
    );
    for (const column of [0, 1, 2]) {
      const points = new Set(cells.map((c) => (c[column]?.at ?? 0) + (c[column]?.text.indexOf('.') ?? 0)));
      expect(points.size, `column ${column}:\n${lines.join('\n')}`).toBe(1);
      for (const c of cells) expect(c[column]?.text).toMatch(/^\d+\.\d{8}$/);
    }
    expect(human!.stdout).toMatch(/rewards after fee over these rows: \d+\.\d{8} BTC/);
  });
});

describe('which account', () => {
  it('several accounts and none chosen: one line listing them and how to choose (exit 2)', async () => {
    const r = await runCli(['mining', 'info'], envFor(service));
    expectOneErrorLine(r, 2, new RegExp(`3 mining accounts \\(${service.miningAccounts.join(', ')}\\)`));
    expect(r.stderr).toMatch(/--account, WHITEBIT_MINING_ACCOUNT or mining_account in \[default\]/);
  });

  it('the only account; WHITEBIT_MINING_ACCOUNT; mining_account in the profile; --account wins', async () => {
    const home = cleanEnv();
    // A profile file of our own, in a HOME of our own.
    mkdirSync(join(home.HOME!, '.whitebit'), { recursive: true });
    const file = join(home.HOME!, '.whitebit', 'config.toml');
    writeFileSync(file, `[default]\nmining_account = "${service.miningAccounts[2]}"\n`, { mode: 0o600 });
    const [only, fromEnv, fromFile, flagWins] = await Promise.all([
      runCli(['mining', 'payout'], envFor(single)),
      runCli(['mining', 'payout'], envFor(service, { WHITEBIT_MINING_ACCOUNT: service.miningAccounts[0] })),
      runCli(['mining', 'payout'], envFor(service, { HOME: home.HOME })),
      runCli(
        ['mining', 'payout', '--account', account],
        envFor(service, { HOME: home.HOME, WHITEBIT_MINING_ACCOUNT: 'nope' }),
      ),
    ]);
    expect(only.stdout).toContain(`Account   ${single.miningAccounts[0]}`);
    expect(fromEnv.stdout).toContain(`Account   ${service.miningAccounts[0]}`);
    expect(fromFile.stdout).toContain(`Account   ${service.miningAccounts[2]}`);
    expect(flagWins.stdout).toContain(`Account   ${account}`);
  });

  it("an unknown account: said in pooltop's words with the key's accounts, in one line (exit 1)", async () => {
    const r = await runCli(['mining', 'info', '--account', 'ghost'], envFor(service));
    const names = service.miningAccounts.join(', ');
    expectOneErrorLine(
      r,
      1,
      new RegExp(
        `^pooltop: no mining account "ghost" on this API key; it has 3: ${names}; choose one with --account, WHITEBIT_MINING_ACCOUNT or mining_account in \\[`,
      ),
    );
    expect(r.stderr).not.toContain('Validation failed');
    const demo = await runCli(['mining', 'info', '--demo', '--account', 'nope'], cleanEnv());
    expectOneErrorLine(
      demo,
      1,
      /^pooltop: no mining account "nope" on this API key; it has 3: \S+, \S+, \S+; choose one with --account$/,
    );
  });
});

describe('a refused API key', () => {
  it('names where the key came from and what to check, never the key', async () => {
    const wrong = 'f00dfacef00dfacef00dfacef00dface';
    const home = cleanEnv();
    mkdirSync(join(home.HOME!, '.whitebit'), { recursive: true });
    const file = join(home.HOME!, '.whitebit', 'config.toml');
    writeFileSync(
      file,
      `[default]\napi_url = "${service.baseUrl}"\napi_key = "${wrong}"\napi_secret = "${service.credentials.apiSecret}"\n`,
      { mode: 0o600 },
    );
    const [fromEnv, accounts] = await runAll([['mining', 'info', '--account', account], ['accounts']], () =>
      envFor(service, { WHITEBIT_API_KEY: wrong }),
    );
    const profile = await runCli(['mining', 'info', '--account', account], home);
    for (const r of [fromEnv!, accounts!]) {
      expectOneErrorLine(
        r,
        1,
        /^pooltop: the API refused the API key from WHITEBIT_API_KEY \(Unauthorized request\.\): check its secret \(WHITEBIT_API_SECRET\), and that the key is still active in WhiteBIT API settings$/,
      );
      expect(r.stderr).not.toContain(wrong);
    }
    expectOneErrorLine(
      profile,
      1,
      new RegExp(
        `^pooltop: the API refused the API key from api_key in profile "default" of ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(Unauthorized request\\.\\): check its secret \\(api_secret in the same profile\\)`,
      ),
    );
    expect(profile.stderr).not.toContain(wrong);
  });
});

describe('usage errors: exit 2, one line, nothing sent', () => {
  it('bounds, formats and flags are refused before any request', async () => {
    const before = service.stats().requests;
    const cases: [string[], RegExp][] = [
      [['workers', '--limit', '101'], /--limit must be an integer from 1 to 100/],
      [['rewards', '--offset', '10001'], /--offset must be an integer from 0 to 10000/],
      [['hashrate', '--interval', '2h'], /--interval must be 5m, 1h or 24h/],
      [['hashrate', '--from', '2999-01-01'], /--from is in the future/],
      [['rewards', '--from', '1h', '--to', '2h'], /--from must not be later than --to/],
      [['hashrate', '--from', 'yesterday'], /--from must be Unix seconds, an ISO date/],
      [['worker'], /needs --worker NAME/],
      [['accounts', '--worker', 'x'], /--worker does not apply to 'pooltop mining accounts'/],
      [['info', '--account', 'a'.repeat(256)], /--account must be at most 255 characters/],
      [['frob'], /unknown mining command 'frob'/],
      [[], /mining needs a command: accounts, info, hashrate/],
      [['rewards', '--by', 'week'], /--by must be day or month, got 'week'/],
      [['rewards', '--csv', '--json'], /choose one output format: --json or --csv/],
      [
        ['rewards', '--all-accounts', '--account', 'x'],
        /--all-accounts reads every account: leave out --account/,
      ],
      [['rewards', '--csv', '--limit', '5'], /--csv reads every page of the window: leave out --limit/],
      [
        ['rewards', '--by', 'month', '--offset', '5'],
        /--by reads every page of the window: leave out --offset/,
      ],
      [['workers', '--csv'], /--csv does not apply to 'pooltop mining workers'/],
    ];
    const results = await runAll(cases.map(([args]) => ['mining', ...args]));
    for (const [i, r] of results.entries()) expectOneErrorLine(r, 2, cases[i]![1]);
    expect(service.stats().requests).toBe(before);
  });
});

describe('--demo and help', () => {
  it('works on the in-process demo service', async () => {
    const [accounts, workers] = await Promise.all([
      runCli(['mining', 'accounts', '--demo']),
      runCli(['mining', 'workers', '--demo', '--json']),
    ]);
    expect(accounts.code).toBe(0);
    expect(accounts.stdout).toContain('3 mining accounts');
    expect(workers.code).toBe(0);
    // 40 workers, some away at any time (the demo's site of six drops for six minutes in twenty).
    expect(JSON.parse(workers.stdout).workers.length).toBeGreaterThan(20);
  });

  it('documents the commands and the setting', async () => {
    const [mining, main] = await Promise.all([runCli(['mining', '--help']), runCli(['--help'])]);
    for (const sub of ['accounts', 'info', 'hashrate', 'workers', 'worker', 'rewards', 'payout', 'links']) {
      expect(mining.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
    }
    expect(mining.stdout).toContain('WHITEBIT_MINING_ACCOUNT');
    expect(main.stdout).toMatch(/pooltop mining COMMAND/);
    expect(main.stdout).toContain('mining_account');
  });
});
