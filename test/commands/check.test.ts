/**
 * `pooltop check` as Nagios or Icinga runs it: the built CLI, against the embedded service (on a
 * frozen clock, so the values are known) and against failing servers. Every exit code of the
 * Monitoring Plugins guidelines, and the first line against their grammar.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPool } from '../../src/alerts/readings.js';
import { parsePoolOverview } from '../../src/api/schemas.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { startFaultServer, type FaultServer } from '../hardening/fault-server.js';
import { cleanEnv, runCli } from '../support/run-cli.js';

// The guidelines' grammar: `'label'=value[UOM];[warn];[crit];[min];[max]`, values in [-0-9.],
// warn and crit in the range format, UOM s, % or none here.
const NUM = String.raw`-?[0-9]+(?:\.[0-9]+)?`;
const RANGE = `@?(?:(?:~|${NUM}):(?:${NUM})?|${NUM})`;
const PERF = `'(?:[^']|'')+'=${NUM}(?:s|%)?(?:;(?:${RANGE})?(?:;(?:${RANGE})?(?:;(?:${NUM})?(?:;(?:${NUM})?)?)?)?)?`;
const FIRST_LINE = new RegExp(
  String.raw`^POOLTOP (OK|WARNING|CRITICAL|UNKNOWN) - ([^|\n]+?)(?: \| (${PERF}(?: ${PERF})*))?$`,
);
const EXIT = { OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3 } as const;

let service: ServiceHandle;
let pool: ReturnType<typeof readPool>;
const servers: FaultServer[] = [];

beforeAll(async () => {
  const frozen = Date.now();
  service = await startService({ port: 0, seed: 3, now: () => frozen });
  const res = await fetch(`${service.baseUrl}/api/v4/public/mining-pool`);
  pool = readPool(parsePoolOverview(await res.json()));
});
afterAll(async () => {
  await service.close();
  await Promise.all(servers.map((s) => s.close()));
});

/** Runs the plugin; checks the contract every run must keep: one line, the grammar, the code. */
async function check(args: string[], env = cleanEnv({ WHITEBIT_API_URL: service.baseUrl })) {
  const r = await runCli(['check', ...args], env);
  const lines = r.stdout.split('\n');
  expect(lines, r.stdout).toHaveLength(2);
  expect(lines[1]).toBe('');
  const m = FIRST_LINE.exec(lines[0] ?? '');
  expect(m, lines[0]).not.toBeNull();
  const state = m?.[1] as keyof typeof EXIT;
  expect(r.code).toBe(EXIT[state]);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return { state, summary: m?.[2] ?? '', perf: m?.[3] ?? '', code: r.code, stderr: r.stderr, line: lines[0] };
}

describe('pooltop check pool: verdicts', () => {
  it('OK with no thresholds: every metric in the summary and the performance data', async () => {
    const r = await check([]);
    expect(r.state).toBe('OK');
    expect(r.summary).toMatch(/^pool: hashrate [\d.]+ PH\/s, workers [\d,]+, block_age [^,]+, data_age \S/);
    const labels = [...r.perf.matchAll(/'([^']+)'=/g)].map((x) => x[1]);
    expect(labels).toEqual(['hashrate', 'workers', 'block_age', 'data_age']);
    expect(r.perf).toContain(`'hashrate'=${pool.hashRate};;;0`);
    expect(r.perf).toContain(`'workers'=${pool.workers};;;0`);
    expect(r.perf).toMatch(/'block_age'=\d+s;;;0 'data_age'=\d+s;;;0$/);
  });

  it('WARNING when a value leaves its warning range, with the range in the perfdata', async () => {
    const above = Math.ceil((pool.hashRate ?? 0) / 1e15) + 1;
    const r = await check(['--warning', `hashrate=${above}P:`, '-c', 'hashrate=1P:']);
    expect(r.state).toBe('WARNING');
    expect(r.summary).toMatch(
      new RegExp(`^pool: hashrate [\\d.]+ PH/s is WARNING \\(below ${above}\\.?0* PH/s\\)`),
    );
    expect(r.perf).toContain(`'hashrate'=${pool.hashRate};${above}000000000000000:;1000000000000000:;0`);
  });

  it('CRITICAL wins over WARNING; the metric in trouble comes first', async () => {
    const r = await check([
      '-w',
      'hashrate=1E:',
      '-c',
      `workers=${(pool.workers ?? 0) + 1}:`,
      '-w',
      'block_age=~:1d',
    ]);
    expect(r.state).toBe('CRITICAL');
    expect(r.summary).toMatch(
      /^pool: workers [\d,]+ is CRITICAL \(below [\d,]+\), hashrate [\d.]+ PH\/s is WARNING/,
    );
    expect(r.perf).toMatch(/'block_age'=\d+s;~:86400;;0/);
  });

  it('an inside range (@) alerts inside', async () => {
    const w = pool.workers ?? 0;
    expect((await check(['-c', `workers=@${w - 1}:${w + 1}`])).state).toBe('CRITICAL');
    expect((await check(['-c', `workers=@${w + 1}:${w + 9}`])).state).toBe('OK');
  });

  it('takes thresholds from the preferences file; a flag overrides its metric only', async () => {
    const env = cleanEnv({ WHITEBIT_API_URL: service.baseUrl });
    const dir = join(env.XDG_CONFIG_HOME as string, 'pooltop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.toml'),
      `[thresholds.pool]\nhashrate = { warning = "1E:", critical = "1E:" }\nworkers = { warning = "${(pool.workers ?? 0) + 5}:" }\n`,
    );
    const fromFile = await check([], env);
    expect(fromFile.state).toBe('CRITICAL');
    expect(fromFile.perf).toContain(';1000000000000000000:;1000000000000000000:;0');
    const overridden = await check(['-w', 'hashrate=1P:'], env);
    expect(overridden.state).toBe('WARNING');
    expect(overridden.summary).toMatch(/^pool: workers [\d,]+ is WARNING/);
  });

  it('--json prints the same verdict for scripts', async () => {
    const r = await runCli(
      ['check', '--json', '-w', 'hashrate=1E:'],
      cleanEnv({ WHITEBIT_API_URL: service.baseUrl }),
    );
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: 'WARNING', exit_code: 1, scope: 'pool' });
    expect(out.metrics[0]).toEqual({
      metric: 'hashrate',
      value: pool.hashRate,
      unit: 'H/s',
      status: 'WARNING',
      warning: '1E:',
      critical: null,
    });
  });
});

describe('pooltop check: UNKNOWN (exit 3) for everything that is not a verdict', () => {
  it('bad arguments, before anything is sent', async () => {
    const before = service.stats().requests;
    const cases: [string[], RegExp][] = [
      [['--warnin', 'x'], /unknown flag '--warnin'/],
      [['-w', 'hashrate'], /expected METRIC=RANGE/],
      [['-w', 'hashrate=150X:'], /--warning hashrate: unknown suffix 'X'/],
      [['-c', 'reject_rate=5%'], /--critical reject_rate: unknown pool metric/],
      [['pools'], /unknown check 'pools': use pool, mining or subaccounts/],
      [['pool', 'extra'], /unexpected argument 'extra'/],
      [['--account', 'a1'], /--account applies to check mining only/],
      [['--timeout', '0'], /--timeout must be a number from 1 to 3600/],
    ];
    const results = await Promise.all(cases.map(([args]) => check(args)));
    results.forEach((r, i) => {
      const [args, why] = cases[i] ?? [[], /./];
      expect(r.state, args.join(' ')).toBe('UNKNOWN');
      expect(r.summary).toMatch(why);
      expect(r.perf).toBe('');
    });
    expect(service.stats().requests).toBe(before);
  });

  it('a broken preferences file, naming the key', async () => {
    const env = cleanEnv({ WHITEBIT_API_URL: service.baseUrl });
    mkdirSync(join(env.XDG_CONFIG_HOME as string, 'pooltop'), { recursive: true });
    writeFileSync(
      join(env.XDG_CONFIG_HOME as string, 'pooltop', 'config.toml'),
      '[thresholds.pool]\nworker = { warning = "1" }\n',
    );
    const r = await check([], env);
    expect(r.state).toBe('UNKNOWN');
    expect(r.summary).toMatch(/config\.toml: thresholds\.pool\.worker: unknown pool metric/);
  });

  it('an unreachable API', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const r = await check([], cleanEnv({ WHITEBIT_API_URL: `http://127.0.0.1:${port}` }));
    expect(r.state).toBe('UNKNOWN');
    expect(r.summary).toMatch(/refused/);
  });

  it('an API that fails', async () => {
    const server = await startFaultServer('500-json');
    servers.push(server);
    const r = await check([], cleanEnv({ WHITEBIT_API_URL: server.url }));
    expect(r.state).toBe('UNKNOWN');
    expect(r.summary).toMatch(/server error \(HTTP 500\)/);
  });

  it('no answer within --timeout', async () => {
    const server = await startFaultServer('stall');
    servers.push(server);
    const r = await check(
      ['--timeout', '1', '-c', 'hashrate=1E:'],
      cleanEnv({ WHITEBIT_API_URL: server.url }),
    );
    expect(r.state).toBe('UNKNOWN');
    expect(r.summary).toBe('no answer within 1 s (--timeout)');
    expect(server.total()).toBeGreaterThan(0);
  });

  it('bad arguments with --json are JSON too', async () => {
    const r = await runCli(
      ['check', '--json', '-w', 'nope=1'],
      cleanEnv({ WHITEBIT_API_URL: service.baseUrl }),
    );
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'UNKNOWN', exit_code: 3, metrics: [] });
  });
});
