import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';

let service: ServiceHandle;
let keyFlags: string[];

beforeAll(async () => {
  service = await startService({ port: 0, accounts: 250, seed: 7 });
  keyFlags = [
    '--base-url',
    service.baseUrl,
    '--api-key',
    service.credentials.apiKey,
    '--api-secret',
    service.credentials.apiSecret,
  ];
});
afterAll(() => service.close());

function expectOneErrorLine(stderr: string, pattern: RegExp) {
  const lines = stderr
    .trimEnd()
    .split('\n')
    .filter((l) => !l.startsWith('pooltop: warning:'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pooltop: /);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('usage errors (exit 2, nothing sent)', () => {
  it('--help works for every command', async () => {
    for (const args of [
      ['--help'],
      ['pool', '--help'],
      ['accounts', '-h'],
      ['mining', '--help'],
      ['auth', '--help'],
      ['serve', '--help'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/Usage/);
      expect(r.stderr).toBe('');
    }
  });

  it('rejects an unknown flag and an unknown command', async () => {
    const flag = await runCli(['pool', '--jsn']);
    expect(flag.code).toBe(2);
    expectOneErrorLine(flag.stderr, /unknown flag '--jsn'/);
    const cmd = await runCli(['pools']);
    expect(cmd.code).toBe(2);
    expectOneErrorLine(cmd.stderr, /unknown command 'pools'/);
  });

  it('checks limit and offset bounds before sending anything', async () => {
    const before = service.stats().requests;
    for (const [flag, value] of [
      ['--limit', '101'],
      ['--limit', '0'],
      ['--limit', '2.5'],
      ['--offset', '10001'],
      ['--offset', '-1'],
    ]) {
      const r = await runCli(['accounts', ...keyFlags, `${flag}=${value}`]);
      expect(r.code, `${flag} ${value}`).toBe(2);
      expectOneErrorLine(r.stderr, new RegExp(`${flag} must be an integer`));
    }
    expect(service.stats().requests).toBe(before);
  });

  it('explains how to pass a value that starts with a dash', async () => {
    const r = await runCli(['accounts', ...keyFlags, '--offset', '-1']);
    expect(r.code).toBe(2);
    expectOneErrorLine(r.stderr, /--offset=VALUE/);
  });

  it('refuses plain http to a non-loopback host in one line, with no warning before it', async () => {
    for (const args of [
      ['pool', '--base-url', 'http://example.com'],
      // Secrets on the command line draw a warning, but only for settings that are taken.
      ['accounts', '--base-url', 'http://example.com', '--api-key', 'k', '--api-secret', 's'],
    ]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'pooltop: invalid base URL: plain http is only allowed for loopback hosts; use https://example.com\n',
      );
    }
    const taken = await runCli(['accounts', '--limit', '1', ...keyFlags]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toMatch(/^pooltop: warning: --api-secret on the command line /);
  });

  it('names the missing credentials', async () => {
    const r = await runCli(['accounts', '--base-url', service.baseUrl]);
    expect(r.code).toBe(2);
    expectOneErrorLine(r.stderr, /API key/i);
  });

  it('refuses to open the dashboard without a terminal', async () => {
    const r = await runCli(['--base-url', service.baseUrl]);
    expect(r.code).toBe(2);
    expectOneErrorLine(r.stderr, /pooltop pool --json/);
  });
});

describe('pool', () => {
  it('--json prints exactly the data object with spec field names', async () => {
    const r = await runCli(['pool', '--json', '--base-url', service.baseUrl]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const data = JSON.parse(r.stdout);
    expect(Object.keys(data).sort()).toEqual(
      [
        'assets',
        'blocks',
        'connection_links',
        'current_hash_rate',
        'last7days_hash_rate',
        'location',
        'reward_schemes',
        'workers',
      ].sort(),
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('prints a readable summary', async () => {
    const r = await runCli(['pool', '--base-url', service.baseUrl]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Hash rate\s+\d[\d.]* [kMGTPE]?H\/s/);
    expect(r.stdout).toMatch(/Workers\s+[\d,]+/);
    expect(r.stdout).toMatch(/#\d+/);
  });

  it('works on the in-process demo service', async () => {
    const r = await runCli(['pool', '--demo', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).workers).toBeGreaterThan(0);
  });

  it('fails with one line and exit 1 when nothing listens', async () => {
    const r = await runCli(['pool', '--base-url', 'http://127.0.0.1:9']);
    expect(r.code).toBe(1);
    expectOneErrorLine(r.stderr, /127\.0\.0\.1/);
  });
});

describe('accounts', () => {
  it('--json prints the page as received', async () => {
    const r = await runCli(['accounts', '--json', '--limit', '5', '--offset', '10', ...keyFlags]);
    expect(r.code).toBe(0);
    const page = JSON.parse(r.stdout);
    expect(page.offset).toBe(10);
    expect(page.limit).toBe(5);
    expect(page.data).toHaveLength(5);
    expect(page.data[0]).toMatchObject({
      id: expect.any(String),
      kyc: expect.any(Object),
      permissions: expect.any(Object),
    });
  });

  it('prints a table with a footer, and the end of the list', async () => {
    const r = await runCli(['accounts', '--limit', '3', ...keyFlags]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Alias\s+Email\s+Status/);
    expect(r.stdout).toMatch(/rows 1–3\n/);
    const end = await runCli(['accounts', '--offset', '248', '--limit', '10', ...keyFlags]);
    expect(end.stdout).toMatch(/rows 249–250 \(end of list\)/);
  });

  it('reports a wrong secret as one auth line without the secret', async () => {
    const secret = 'not-the-right-secret-0123456789';
    const r = await runCli([
      'accounts',
      '--base-url',
      service.baseUrl,
      '--api-key',
      service.credentials.apiKey,
      '--api-secret',
      secret,
    ]);
    expect(r.code).toBe(1);
    expectOneErrorLine(r.stderr, /Unauthorized request\./);
    expect(r.stderr + r.stdout).not.toContain(secret);
  });
});

describe('serve', () => {
  it('--json prints one line of facts, then exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--json', '--port', '0', '--accounts', '20'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', () => reject(new Error(`serve exited early: ${out}`)));
    });
    const facts = JSON.parse(line);
    expect(Object.keys(facts).sort()).toEqual([
      'api_key',
      'api_secret',
      'base_url',
      'client_id',
      'client_secret',
      'mining_accounts',
      'refresh_token',
    ]);
    expect(facts.mining_accounts).toHaveLength(3);
    const pool = await runCli(['pool', '--json', '--base-url', facts.base_url]);
    expect(pool.code).toBe(0);
    const code = await new Promise<number | null>((resolve) => {
      child.removeAllListeners('exit');
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
  });
});
