/**
 * `pooltop check mining` through the built CLI against the embedded service: every exit code,
 * the account found as `pooltop mining` finds it, and the values the same as the Mining Pool
 * client reads them. The service runs on the real clock (signed requests must carry a nonce
 * within 5 s of it), so the numbers are read just before and just after the plugin runs and the
 * plugin's must be one of the two.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINING_METRICS } from '../../src/alerts/metrics.js';
import { type MiningReadings, miningSeriesQuery, readMining } from '../../src/alerts/readings.js';
import { createClient } from '../../src/api/client.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { cleanEnv, runCli, serviceEnv } from '../support/run-cli.js';

const FIRST_LINE = /^POOLTOP (OK|WARNING|CRITICAL|UNKNOWN) - ([^|\n]+?)(?: \| (.+))?$/;
const EXIT = { OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3 } as const;

let service: ServiceHandle;
let single: ServiceHandle;
let account: string;

const envFor = serviceEnv;

beforeAll(async () => {
  service = await startService({ port: 0, seed: 21, workers: 30 });
  single = await startService({ port: 0, seed: 22, miningAccounts: 1, workers: 5 });
  account = service.miningAccounts[1] ?? '';
});
afterAll(async () => {
  await service.close();
  await single.close();
});

/** The account's readings as the client reads them now. */
async function truthNow(): Promise<MiningReadings> {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.credentials.apiKey,
    apiSecret: service.credentials.apiSecret,
  });
  try {
    const [info, series] = await Promise.all([
      client.mining.minerInfo({ account }),
      client.mining.hashrate(miningSeriesQuery(account, Date.now() / 1000)),
    ]);
    return readMining(account, info, series);
  } finally {
    await client.close();
  }
}

/** One line, the plugin grammar, the exit code that matches the state. */
async function check(args: string[], env = envFor(service)) {
  const r = await runCli(['check', 'mining', ...args], env);
  expect(r.stdout.endsWith('\n') && r.stdout.split('\n').length === 2, r.stdout).toBe(true);
  const m = FIRST_LINE.exec(r.stdout.trimEnd());
  expect(m, r.stdout).not.toBeNull();
  const state = m?.[1] as keyof typeof EXIT;
  expect(r.code).toBe(EXIT[state]);
  return { state, summary: m?.[2] ?? '', perf: m?.[3] ?? '' };
}

describe('pooltop check mining', () => {
  it("OK: every mining metric, the same numbers as the client's", async () => {
    const before = await truthNow();
    const r = await check(['--account', account]);
    const after = await truthNow();
    expect(r.state).toBe('OK');
    expect(r.summary).toMatch(
      new RegExp(
        `^mining ${account}: hashrate [\\d.]+ [PTGE]H/s, hashrate_24h [\\d.]+ [PTGE]H/s, reject_rate [\\d.]+%, workers_online \\d+, workers_offline \\d+, workers_low \\d+, data_age \\S+`,
      ),
    );
    const perf = Object.fromEntries(
      [...r.perf.matchAll(/'([^']+)'=([\d.]+)(s|%)?/g)].map((x) => [x[1], Number(x[2])]),
    );
    // The value before or after the check (the service's series moves on), to 12 significant
    // digits: perfdata writes plain decimals, and a hash rate is ~1e15.
    const either = (pick: (m: MiningReadings) => number | undefined, scale = 1) =>
      [pick(before), pick(after)].map((v) => Number(((v ?? Number.NaN) * scale).toPrecision(12)));
    const near = (x: number | undefined) => Number((x ?? Number.NaN).toPrecision(12));
    expect(either((m) => m.hashRate)).toContain(near(perf.hashrate));
    expect(either((m) => m.hashRate24h)).toContain(near(perf.hashrate_24h));
    expect(either((m) => m.rejectRatio, 100)).toContain(near(perf.reject_rate));
    expect(either((m) => m.workersOnline)).toContain(perf.workers_online);
    expect(either((m) => m.workersOffline)).toContain(perf.workers_offline);
    expect(either((m) => m.workersLow)).toContain(perf.workers_low);
    expect(perf.data_age).toBeGreaterThanOrEqual(300);
    expect(r.perf).toMatch(/'reject_rate'=[\d.]+%;;;0;100 /);
  });

  it('WARNING and CRITICAL, worst first, ranges in the performance data', async () => {
    const warn = await check(['--account', account, '-w', 'workers_online=1000:']);
    expect(warn.state).toBe('WARNING');
    expect(warn.summary).toMatch(
      new RegExp(`^mining ${account}: workers_online \\d+ is WARNING \\(below 1,000\\)`),
    );
    expect(warn.perf).toMatch(/'workers_online'=\d+;1000:;;0 /);

    const crit = await check([
      '--account',
      account,
      '-w',
      'workers_online=1000:',
      '-c',
      'reject_rate=~:0%',
      '-w',
      'hashrate_24h=1E:',
    ]);
    expect(crit.state).toBe('CRITICAL');
    expect(crit.summary).toMatch(
      /: reject_rate [\d.]+% is CRITICAL \(above 0%\), hashrate_24h [\d.]+ \S+ is WARNING \(below 1\.00 EH\/s\), workers_online \d+ is WARNING/,
    );
    expect(crit.perf).toMatch(/'reject_rate'=[\d.]+%;;~:0;0;100/);
  });

  it('thresholds from the [thresholds.mining] table of the preferences file', async () => {
    const env = envFor(service, { WHITEBIT_MINING_ACCOUNT: account });
    const dir = join(env.XDG_CONFIG_HOME as string, 'pooltop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.toml'), '[thresholds.mining]\ndata_age = { critical = "~:1m" }\n');
    const r = await check([], env);
    expect(r.state).toBe('CRITICAL');
    expect(r.summary).toMatch(
      new RegExp(`^mining ${account}: data_age [^,]+ is CRITICAL \\(above 1m 00s\\)`),
    );
  });

  it('finds the account like pooltop mining: the only one, WHITEBIT_MINING_ACCOUNT, the profile', async () => {
    const home = cleanEnv();
    mkdirSync(join(home.HOME ?? '', '.whitebit'), { recursive: true });
    writeFileSync(
      join(home.HOME ?? '', '.whitebit', 'config.toml'),
      `[default]\nmining_account = "${service.miningAccounts[2]}"\n`,
      { mode: 0o600 },
    );
    const [only, fromEnv, fromProfile] = await Promise.all([
      check([], envFor(single)),
      check([], envFor(service, { WHITEBIT_MINING_ACCOUNT: service.miningAccounts[0] })),
      check([], envFor(service, { HOME: home.HOME })),
    ]);
    expect(only.summary).toMatch(new RegExp(`^mining ${single.miningAccounts[0]}: `));
    expect(fromEnv.summary).toMatch(new RegExp(`^mining ${service.miningAccounts[0]}: `));
    expect(fromProfile.summary).toMatch(new RegExp(`^mining ${service.miningAccounts[2]}: `));
  });

  it('--json names the account', async () => {
    const r = await runCli(['check', 'mining', '--json', '--account', account], envFor(service));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: 'OK', scope: 'mining', account });
    // workers_gone reads every page of worker names: reported only when a threshold asks for it.
    const measured = MINING_METRICS.filter((m) => m.key !== 'workers_gone').map((m) => m.key);
    expect(out.metrics.map((m: { metric: string }) => m.metric)).toEqual(measured);
    expect(out.metrics[3]).toMatchObject({ value: expect.any(Number), unit: 'count', status: 'OK' });
  });
});

describe('pooltop check mining: UNKNOWN (exit 3)', () => {
  it('several accounts and none chosen: the accounts listed, and how to choose', async () => {
    const r = await check([]);
    expect(r.state).toBe('UNKNOWN');
    expect(r.summary).toMatch(new RegExp(`3 mining accounts \\(${service.miningAccounts.join(', ')}\\)`));
    expect(r.summary).toMatch(/--account, WHITEBIT_MINING_ACCOUNT or mining_account/);
    expect(r.perf).toBe('');
  });

  it('an unknown account, no credentials, a ratio without %, a failing API', async () => {
    // Every request answered 500 (the fault picked by 0.6 is 'internal').
    const failing500 = await startService({ port: 0, failRate: 1, random: () => 0.6 });
    try {
      const [ghost, noKey, ratio, failing] = await Promise.all([
        check(['--account', 'ghost']),
        check(['--account', account], cleanEnv({ WHITEBIT_API_URL: service.baseUrl })),
        check(['-w', 'reject_rate=2']),
        check(['--account', 'a'], envFor(failing500)),
      ]);
      expect(ghost.summary).toMatch(/no mining account "ghost" on this API key; it has \d+: \S+/);
      expect(noKey.summary).toMatch(/API key/);
      expect(ratio.summary).toMatch(/--warning reject_rate: 2 is not a ratio \(write 2% or 0\.02\)/);
      expect(failing.summary).toMatch(/server error \(HTTP 500\)/);
      for (const r of [ghost, noKey, ratio, failing]) expect(r.state).toBe('UNKNOWN');
    } finally {
      await failing500.close();
    }
  });
});
