/**
 * `pooltop accounts --all` as users run it: the built CLI (dist/pooltop.cjs) over real HTTP
 * against the embedded service with more accounts than the API's reach. JSON, NDJSON and CSV are
 * compared with the API's own data (every page read with the client), the CSV through a standard
 * RFC 4180 parser (csv-parse); faults (`serve --fail-rate`) are retried and never skipped; a page
 * that always fails ends with exit 1, the rows before it written, and a last line saying so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterAccounts } from '../../src/accounts/filter.js';
import { sortAccounts } from '../../src/accounts/sort.js';
import { createClient } from '../../src/api/client.js';
import { PATHS, type SubAccountJson } from '../../src/api/types.js';
import { CSV_HEADER } from '../../src/commands/account-sinks.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';
import { startPageFaultProxy } from './page-fault-proxy.js';
import { subAccountModel } from '../../src/api/schemas.js';

const services: ServiceHandle[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(services.map((s) => s.close()));
});

async function service(accounts: number, extra: Parameters<typeof startService>[0] = {}) {
  const s = await startService({ port: 0, accounts, seed: 21, ...extra });
  services.push(s);
  return s;
}

const envFor = (baseUrl: string, s: ServiceHandle, extra: NodeJS.ProcessEnv = {}) =>
  cleanEnv({
    WHITEBIT_API_URL: baseUrl,
    WHITEBIT_API_KEY: s.credentials.apiKey,
    WHITEBIT_API_SECRET: s.credentials.apiSecret,
    ...extra,
  });

/** The API's own data: every page from offset 0, read with the client, until a short page or the reach. */
async function apiData(s: ServiceHandle, search?: string): Promise<SubAccountJson[]> {
  const client = createClient({
    baseUrl: s.baseUrl,
    apiKey: s.credentials.apiKey,
    apiSecret: s.credentials.apiSecret,
  });
  const rows: SubAccountJson[] = [];
  try {
    for (let offset = 0; offset <= 10_000; offset += 100) {
      const page = await client.listSubAccounts({ search, offset, limit: 100 });
      rows.push(...page.data.map((a) => a.received));
      if (page.data.length < 100) break;
    }
  } finally {
    await client.close();
  }
  return rows;
}

/** CSV back into accounts, undoing the formula guard. */
function fromCsv(text: string): SubAccountJson[] {
  const records: Record<string, string>[] = parse(text, { columns: true, relax_quotes: false });
  const cell = (v: string | undefined) =>
    v !== undefined && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : (v ?? '');
  const bool = (v: string | undefined) => {
    if (v !== 'true' && v !== 'false') throw new Error(`not a boolean: ${v}`);
    return v === 'true';
  };
  // CSV has no "missing": an empty cell stands for an absent field (a shared-KYC account has no
  // email), and toEqual treats an undefined property as absent.
  const opt = (v: string | undefined) => (v ? cell(v) : undefined);
  return records.map((r) => ({
    id: cell(r.id),
    alias: opt(r.alias),
    userId: opt(r.userId),
    email: opt(r.email),
    status: opt(r.status),
    color: opt(r.color),
    kyc: { shareKyc: bool(r['kyc.shareKyc']), kycStatus: opt(r['kyc.kycStatus']) },
    permissions: {
      spotEnabled: bool(r['permissions.spotEnabled']),
      collateralEnabled: bool(r['permissions.collateralEnabled']),
    },
  }));
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('pooltop accounts --all', () => {
  let big: ServiceHandle[];
  let reference: SubAccountJson[];
  beforeAll(async () => {
    big = await Promise.all([service(12_000), service(12_000), service(12_000)]);
    reference = await apiData(big[0]!);
  }, 120_000);

  it('writes the API data up to its reach as JSON, NDJSON and CSV, each read back equal', async () => {
    expect(reference).toHaveLength(10_100);
    const run = (flag: string, s: ServiceHandle) =>
      runCli(['accounts', '--all', flag], envFor(s.baseUrl, s), 120_000);
    const [json, ndjson, csv] = await Promise.all([
      run('--json', big[0]!),
      run('--ndjson', big[1]!),
      run('--csv', big[2]!),
    ]);
    for (const r of [json, ndjson, csv]) {
      expect(r.code, r.stderr).toBe(0);
      expect(lastLine(r.stderr)).toBe(
        "pooltop: warning: stopped at the API's reach of 10,100 rows (offset ≤ 10000); the list may go on: narrow it with --search",
      );
    }
    const parsed = JSON.parse(json.stdout) as { data: SubAccountJson[]; complete: boolean };
    expect(Object.keys(parsed)).toEqual(['data', 'complete']);
    expect(parsed.complete).toBe(false);
    expect(parsed.data).toEqual(reference);

    const lines = ndjson.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l))).toEqual(reference);

    expect(csv.stdout.split('\r\n')[0]).toBe(CSV_HEADER.join(','));
    expect(csv.stdout.endsWith('\r\n')).toBe(true);
    expect(fromCsv(csv.stdout)).toEqual(reference);
    // 101 list requests each, none skipped, none repeated.
    for (const s of big)
      expect(s.stats().byPath[PATHS.subAccounts]).toBeLessThanOrEqual(s === big[0] ? 202 : 101);
  }, 240_000);

  it('reads the whole result of a term, filters and sorts it locally, and says it is complete', async () => {
    const s = big[1]!;
    const term = 'miner';
    const expected = sortAccounts(
      filterAccounts((await apiData(s, term)).map(subAccountModel), {
        status: ['active', 'blocked'],
        kyc: ['verified'],
      }),
      { key: 'alias', desc: true },
    ).map((a) => a.received);
    expect(expected.length).toBeGreaterThan(100);
    const r = await runCli(
      [
        'accounts',
        '--all',
        '--search',
        term,
        '--sort',
        'alias:desc',
        '--filter',
        'status=active|blocked,kyc=verified',
        '--json',
      ],
      envFor(s.baseUrl, s),
      120_000,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ data: expected, complete: true });
  }, 240_000);

  it('streams NDJSON: the first accounts are out while later pages are still being asked for', async () => {
    const s = await service(12_000, { latency: 30 });
    const child = spawn(process.execPath, [CLI, 'accounts', '--all', '--ndjson'], {
      env: envFor(s.baseUrl, s),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const requestsAtFirstLine = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', () => resolve(s.stats().byPath[PATHS.subAccounts] ?? 0));
      child.once('exit', () => reject(new Error('exited before writing')));
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(requestsAtFirstLine).toBeLessThan(50);
    expect(s.stats().byPath[PATHS.subAccounts]).toBe(101);
    expect(out.length).toBeGreaterThan(0);
  }, 240_000);

  it('retries the faults of `pooltop serve --fail-rate` (5xx, 429, resets) and skips no page', async () => {
    const serve = spawn(
      process.execPath,
      [CLI, 'serve', '--accounts', '10100', '--seed', '21', '--fail-rate', '0.1', '--json'],
      {
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(serve);
    const info = await new Promise<{ base_url: string; api_key: string; api_secret: string }>(
      (resolve, reject) => {
        let text = '';
        serve.stdout.setEncoding('utf8').on('data', (d: string) => {
          text += d;
          if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]!));
        });
        serve.once('exit', () => reject(new Error('serve exited')));
      },
    );
    const env = cleanEnv({
      WHITEBIT_API_URL: info.base_url,
      WHITEBIT_API_KEY: info.api_key,
      WHITEBIT_API_SECRET: info.api_secret,
      DEBUG: 'pooltop',
    });
    const r = await runCli(['accounts', '--all', '--csv'], env, 120_000);
    serve.kill('SIGTERM');
    expect(r.code, r.stderr).toBe(0);
    const retries = r.stderr
      .split('\n')
      .filter((l) => /^pooltop: retrying rows [\d,]+–[\d,]+ in [\d.]+ s: /.test(l));
    expect(retries.length).toBeGreaterThan(0);
    expect(fromCsv(r.stdout)).toEqual(generateAccounts(10_100, 21));
  }, 240_000);

  it('a page that always fails: exit 1, the rows before it written, and the last line says how far it got', async () => {
    const s = big[2]!;
    const proxy = await startPageFaultProxy(s.baseUrl, 2000);
    try {
      const env = envFor(proxy.baseUrl, s);
      const [json, csv, ndjson] = await Promise.all([
        runCli(['accounts', '--all', '--json'], env, 120_000),
        runCli(['accounts', '--all', '--csv'], env, 120_000),
        runCli(['accounts', '--all', '--ndjson'], env, 120_000),
      ]);
      const first2000 = reference.slice(0, 2000);
      for (const r of [json, csv, ndjson]) {
        expect(r.code, r.stderr).toBe(1);
        expect(lastLine(r.stderr)).toBe(
          'pooltop: incomplete: got rows 1–2,000 of the list, then rows 2,001–2,100 could not be fetched after 4 attempts: server error (HTTP 500): Internal server error.',
        );
      }
      expect(JSON.parse(json.stdout)).toEqual({ data: first2000, complete: false });
      expect(fromCsv(csv.stdout)).toEqual(first2000);
      expect(
        ndjson.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ).toEqual(first2000);
      expect(proxy.refused()).toBe(12);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('checks its flags before sending anything', async () => {
    const s = big[0]!;
    const before = s.stats().requests;
    const cases: [string[], string][] = [
      [['--all', '--csv', '--json'], 'pooltop: choose one output format: --json or --csv'],
      [['--csv'], 'pooltop: --csv works on the whole list: add --all'],
      [['--all', '--sort', 'size'], "pooltop: --sort: unknown column 'size'"],
      [['--all', '--filter', 'spot=perhaps'], "pooltop: --filter: spot is yes or no, got 'perhaps'"],
      [['--all', '--limit', '5'], 'pooltop: --all reads every page: leave out --limit'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['accounts', ...args], envFor(s.baseUrl, s));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.startsWith(message), r.stderr).toBe(true);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(s.stats().requests).toBe(before);
  }, 240_000);
});
