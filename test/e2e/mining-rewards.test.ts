/**
 * `pooltop mining rewards` for the books, as a user runs it: the built CLI against `pooltop serve`
 * (a child process, real HTTP) with five mining accounts, each with a year of daily rewards.
 * What it prints is checked against an independent reading of the same service: every page
 * fetched here with a request signed here (sign.ts and fetch, not the command's pager), and
 * sums and quotients worked out here with BigInt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { runCli } from '../support/run-cli.js';
import { expectYield, fetchRewardPages, units, type WireReward as Wire } from '../support/signed-rewards.js';
import { type ServedCli, startServeCli } from '../support/serve-cli.js';
import { startPageFaultProxy } from './page-fault-proxy.js';

const DAY_MS = 86_400_000;
const ACCOUNTS = 5;

let served: ServedCli;
const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
const from = new Date(today.getTime() - 365 * DAY_MS).toISOString().slice(0, 10);
const to = new Date(today.getTime() - DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  served = await startServeCli(['--mining-accounts', String(ACCOUNTS), '--seed', '5', '--workers', '30']);
});
afterAll(async () => {
  await served?.stop();
});

/** Every reward of the window, read here. */
function fetchAll(): Promise<Wire[]> {
  const { base_url: baseUrl, api_key: apiKey, api_secret: apiSecret } = served.facts;
  return fetchRewardPages(
    { baseUrl, apiKey, apiSecret },
    { from: Date.parse(from) / 1000, to: Date.parse(to) / 1000 },
  );
}

/** The service's rows, read before and after `run`, until no status changed while it ran. */
async function steady<T>(run: () => Promise<T>): Promise<{ wire: Wire[]; result: T }> {
  // A reward settles at one second of the day: two settling during the same run are unlikely.
  for (let attempt = 1; ; attempt++) {
    const before = await fetchAll();
    const result = await run();
    const after = await fetchAll();
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 3) {
      expect(after).toEqual(before);
      return { wire: before, result };
    }
  }
}

const cli = (...args: string[]) =>
  runCli(['mining', 'rewards', '--all-accounts', '--from', from, '--to', to, ...args], served.env(), 60_000);

/** Records of a CSV without quoted cells (the demo's values need none), CRLF line ends. */
function csvRecords(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).not.toMatch(/["\n\r]/);
  return lines.map((l) => l.split(','));
}

const iso = (sec: number | null) =>
  sec === null ? '' : new Date(sec * 1000).toISOString().replace('.000Z', 'Z');

describe('pooltop mining rewards --all-accounts: a year of five accounts, for the books', () => {
  it('--csv equals, row for row, every page fetched here; each yield is total ÷ TH/s to the last digit', async () => {
    const { wire, result } = await steady(() => cli('--csv'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header, ...rows] = csvRecords(result.stdout);
    expect(header).toEqual([
      'date',
      'account',
      'currency',
      'total',
      'fee',
      'reward',
      'hash_rate_hs',
      'yield_per_th_day',
      'status',
      'payout_time',
      'transaction_hash',
      'payout_address',
    ]);
    // A year of days for each of the five accounts, a few canceled.
    expect(new Set(wire.map((w) => w.miningAccountName)).size).toBe(ACCOUNTS);
    expect(wire.length).toBeGreaterThanOrEqual(ACCOUNTS * 365);
    expect(wire.some((w) => w.status === 'canceled')).toBe(true);
    expect(rows).toHaveLength(wire.length);
    rows.forEach((row, i) => {
      const w = wire[i]!;
      expect(row.slice(0, 7).concat(row.slice(8)), `row ${i + 1}`).toEqual([
        new Date(w.date * 1000).toISOString().slice(0, 10),
        w.miningAccountName,
        w.rewardCurrency,
        w.totalReward,
        w.fee,
        w.reward,
        w.hashRate,
        w.status,
        iso(w.payoutTime),
        w.payoutTransactionHash ?? '',
        w.payoutAddress ?? '',
      ]);
      expectYield(row[7]!, units(w.totalReward, 8), 8, BigInt(w.hashRate));
    });
  }, 120_000);

  it('--by month: each month is the exact sum of its days, canceled days left out', async () => {
    const { wire, result } = await steady(() => cli('--by', 'month', '--csv'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header, ...rows] = csvRecords(result.stdout);
    expect(header).toEqual([
      'month',
      'account',
      'currency',
      'days',
      'canceled_days',
      'total',
      'fee',
      'reward',
      'yield_per_th_day',
    ]);
    const expected = new Map<string, Wire[]>();
    for (const w of wire) {
      const key = `${new Date(w.date * 1000).toISOString().slice(0, 7)} ${w.miningAccountName} ${w.rewardCurrency}`;
      expected.set(key, [...(expected.get(key) ?? []), w]);
    }
    expect(rows).toHaveLength(expected.size);
    // Twelve months and more for every account; one of them with a canceled day.
    expect(rows.length).toBeGreaterThanOrEqual(12 * ACCOUNTS);
    expect(rows.some((r) => r[4] !== '0')).toBe(true);
    for (const [month, account, currency, days, canceled, total, fee, reward, yieldText] of rows) {
      const group = expected.get(`${month} ${account} ${currency}`);
      expect(group, `${month} ${account}`).toBeDefined();
      const summed = group!.filter((w) => w.status !== 'canceled');
      const sum = (pick: (w: Wire) => string) => summed.reduce((s, w) => s + units(pick(w), 8), 0n);
      expect([days, canceled]).toEqual([String(summed.length), String(group!.length - summed.length)]);
      expect(units(total!, 8)).toBe(sum((w) => w.totalReward));
      expect(units(fee!, 8)).toBe(sum((w) => w.fee));
      expect(units(reward!, 8)).toBe(sum((w) => w.reward));
      // Weighted by hash rate: Σ total ÷ Σ TH/s.
      const rates = summed.reduce((s, w) => s + BigInt(w.hashRate), 0n);
      expectYield(yieldText!, sum((w) => w.totalReward), 8, rates);
    }
  }, 120_000);

  it('one page that cannot be fetched: exit 1, one line, nothing on stdout', async () => {
    const proxy = await startPageFaultProxy(served.facts.base_url, 500, MINING_PATHS.rewards);
    try {
      const r = await runCli(
        ['mining', 'rewards', '--all-accounts', '--from', from, '--to', to, '--csv'],
        served.env({ WHITEBIT_API_URL: proxy.baseUrl }),
        60_000,
      );
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^pooltop: .*500/);
      expect(proxy.refused()).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  }, 120_000);
});
