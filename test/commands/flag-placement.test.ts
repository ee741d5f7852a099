/**
 * Global flags mean the same before the command as after it (`pooltop --demo pool` is `pooltop pool
 * --demo`), `--no-color` and `--ascii` are taken by every command, and a flag a command does not
 * take is one line and exit 2 wherever it is written. Run with the built executable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFirst } from '../../src/commands/support/mode.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { type CliResult, runCli } from '../support/run-cli.js';

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ port: 0, seed: 3 });
});
afterAll(() => service.close());

const NON_ASCII = /[^\x00-\x7f]/;

function expectOneLine(r: CliResult, code: number, pattern: RegExp) {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(/^pooltop: [^\n]*\n$/);
  expect(r.stderr).toMatch(pattern);
}

describe('the command word comes first, whatever precedes it', () => {
  it.each([
    [
      ['--demo', 'pool'],
      ['pool', '--demo'],
    ],
    [
      ['--account', 'main_farm', 'mining', 'info', '--demo'],
      ['mining', '--account', 'main_farm', 'info', '--demo'],
    ],
    [
      ['--base-url', 'URL', '--json', 'pool'],
      ['pool', '--base-url', 'URL', '--json'],
    ],
    // --worker is no global flag, but the command word is the first known command.
    [
      ['--worker', 'asic-001', 'mining', 'worker'],
      ['mining', '--worker', 'asic-001', 'worker'],
    ],
    [
      ['--demo', 'check', 'pool', '-w', 'x=1'],
      ['check', '--demo', 'pool', '-w', 'x=1'],
    ],
    [
      ['--interval', '5', '--demo'],
      ['--interval', '5', '--demo'],
    ],
    [
      ['--demo', 'pools'],
      ['pools', '--demo'],
    ],
    [
      ['pool', '--', '--demo'],
      ['pool', '--', '--demo'],
    ],
  ])('%j → %j', (given, expected) => {
    expect(commandFirst(given)).toEqual(expected);
  });
});

describe('a global flag before the command', () => {
  it('--demo: the same overview as after it', async () => {
    const [before, after] = await Promise.all([
      runCli(['--demo', 'pool', '--json']),
      runCli(['pool', '--json', '--demo']),
    ]);
    for (const r of [before, after]) expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(before.stdout))).toEqual(Object.keys(JSON.parse(after.stdout)));
  });

  it('--account and --demo on either side of the subcommand', async () => {
    const r = await runCli(['--account', 'main_farm', 'mining', 'info', '--demo']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Account\s+main_farm\n/);
  });

  it('--base-url: the command asks that service', async () => {
    const before = service.stats().requests;
    const r = await runCli(['--base-url', service.baseUrl, 'pool', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('workers');
    expect(service.stats().requests).toBeGreaterThan(before);
  });

  it('--ascii: nothing but ASCII, as after the command', async () => {
    const [plain, before, after] = await Promise.all([
      runCli(['pool', '--demo']),
      runCli(['--ascii', 'pool', '--demo']),
      runCli(['pool', '--demo', '--ascii']),
    ]);
    expect(plain.stdout).toMatch(NON_ASCII);
    for (const r of [before, after]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Hash rate/);
      expect(r.stdout).not.toMatch(NON_ASCII);
    }
  });

  it('--interval where the command takes it', async () => {
    const r = await runCli(['--interval', '5m', '--demo', 'mining', 'hashrate', '--from', '1h', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hashrate.length).toBeGreaterThan(0);
  });

  it('check keeps its own exit codes: a verdict, or 3 for a bad argument', async () => {
    const [verdict, bad] = await Promise.all([
      runCli(['--demo', '--json', 'check', 'pool']),
      runCli(['--demo', 'check', 'pools']),
    ]);
    expect(verdict.code, verdict.stderr).toBeLessThanOrEqual(2);
    expect(JSON.parse(verdict.stdout).scope).toBe('pool');
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/^POOLTOP UNKNOWN - .*unknown check 'pools'/);
  });
});

describe('--no-color and --ascii', () => {
  const commands: [string[], number[]][] = [
    [['pool', '--demo'], [0]],
    [['accounts', '--demo'], [0]],
    [['mining', 'accounts', '--demo'], [0]],
    [['auth', 'status', '--demo'], [0]],
    [
      ['check', 'pool', '--demo'],
      [0, 1, 2],
    ],
    [['exporter', '--once', '--demo'], [0]],
    [['serve', '--help'], [0]],
  ];
  it.each(commands)('are taken by %j, before the command and after it', async (args, codes) => {
    const runs = await Promise.all([
      runCli(['--no-color', '--ascii', ...args]),
      runCli([...args, '--no-color', '--ascii']),
    ]);
    for (const r of runs) {
      expect(codes, r.stderr).toContain(r.code);
      expect(r.stderr).toBe('');
      expect(r.stdout).not.toBe('');
      expect(r.stdout).not.toMatch(NON_ASCII);
    }
  });
});

describe('a flag the command does not take', () => {
  it.each([
    [['--interval', '5', 'pool', '--demo'], /'--interval'/],
    [['pool', '--interval', '5', '--demo'], /'--interval'/],
    [['--notify', 'accounts', '--demo'], /'--notify'/],
    [['--demo', 'serve'], /'--demo'/],
    [['--json', '--demo'], /'--json'/],
  ])('%j: one line, exit 2', async (args, pattern) => {
    expectOneLine(await runCli(args), 2, pattern);
  });
});
