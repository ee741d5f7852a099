/**
 * The exporter judged by the real engine: Debian's `prometheus` package (`prometheus` and
 * `promtool`; .ci/run installs it). The built exporter polls the embedded service (frozen data
 * clock, so values are fixed) for the pool and its three mining accounts; `promtool check metrics` lints its /metrics and `promtool check rules`
 * the shipped rules; a real Prometheus (own loopback port, config and data directory in a temp
 * dir, 1 s scrapes, the shipped rules loaded) scrapes it, and its query API must give back the
 * service's own values. Skipped, saying so, only when the binaries are not installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miningSeriesQuery, readMining, readPool } from '../../src/alerts/readings.js';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS } from '../../src/api/mining-types.js';
import { parsePoolOverview } from '../../src/api/schemas.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import {
  killExporters,
  type RunningExporter,
  startExporter,
  untilPolled,
} from '../support/exporter-process.js';
import { cleanEnv } from '../support/run-cli.js';

const RULES = join(import.meta.dirname, '..', '..', 'contrib', 'prometheus-rules.yml');
const POOL_PATH = '/api/v4/public/mining-pool';

const installed = (bin: string) => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0;
const missing = ['prometheus', 'promtool'].filter((bin) => !installed(bin));
const title = missing.length
  ? `real Prometheus — SKIPPED: ${missing.join(' and ')} not installed (apt-get install -y prometheus)`
  : 'real Prometheus';
if (missing.length) console.warn(`test/integration/prometheus.test.ts: ${title}`);

/** Runs promtool without blocking this process (the embedded service answers from it meanwhile). */
function promtool(args: string[], input?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input ?? '');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
      .on('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });
}

describe.skipIf(missing.length > 0)(title, () => {
  let service: ServiceHandle;
  let exporter: RunningExporter;
  let prometheus: ChildProcess | undefined;
  let promLog = '';
  let api = '';
  let frozen = 0;
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-prometheus-'));

  beforeAll(async () => {
    frozen = Date.now();
    // Signed (mining) requests carry real-time nonces: only the data's clock is frozen.
    service = await startService({ port: 0, seed: 11, now: () => frozen, nonceNow: Date.now });
    // One poll for the whole test: every value Prometheus shows comes from it, and the request
    // count proves that scrapes never reach the API.
    exporter = await startExporter(
      ['--interval', '3600'],
      cleanEnv({
        WHITEBIT_API_URL: service.baseUrl,
        WHITEBIT_API_KEY: service.credentials.apiKey,
        WHITEBIT_API_SECRET: service.credentials.apiSecret,
      }),
    );
    await untilPolled(exporter.url);

    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    const config = join(dir, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'rule_files:',
        `  - ${JSON.stringify(RULES)}`,
        'scrape_configs:',
        '  - job_name: pooltop',
        '    static_configs:',
        `      - targets: ['${new URL(exporter.url).host}']`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.setEncoding('utf8').on('data', (d: string) => (promLog += d));
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const gone = new Promise((r) => prometheus?.once('exit', r));
      prometheus.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      prometheus.kill('SIGKILL');
    }
    killExporters();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Instant query; the samples' values by their label sets. */
  async function query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: never[] } };
    expect(body.status).toBe('success');
    return body.data.result;
  }

  /** Waits (bounded) until `expr` has a result; Prometheus needs a few seconds to start and scrape. */
  async function eventually(expr: string) {
    for (let i = 0; i < 120; i++) {
      try {
        const result = await query(expr);
        if (result.length > 0) return result;
      } catch {
        // not listening yet
      }
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited: ${promLog}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no result for ${expr} after 30 s; prometheus said: ${promLog}`);
  }

  it('promtool passes the exposition and the shipped rules', async () => {
    const text = await (await fetch(`${exporter.url}/metrics`)).text();
    const metrics = await promtool(['check', 'metrics'], text);
    expect(metrics.out).toBe('');
    expect(metrics.code).toBe(0);
    const rules = await promtool(['check', 'rules', RULES]);
    expect(rules.out).toMatch(/SUCCESS: \d+ rules found/);
    expect(rules.code).toBe(0);
  });

  it("Prometheus scrapes the exporter and gives back the service's values", async () => {
    const overview = parsePoolOverview(await (await fetch(`${service.baseUrl}${POOL_PATH}`)).json());
    const truth = readPool(overview);
    const polled = service.stats().byPath[POOL_PATH] ?? 0;

    await eventually('count_over_time(up{job="pooltop"}[1m]) >= 3');
    const one = async (expr: string) => Number((await eventually(expr))[0]?.value[1]);
    expect(await one('up{job="pooltop"}')).toBe(1);
    expect(await one('pooltop_up{endpoint="pool"}')).toBe(1);
    expect(await one('whitebit_pool_hashrate_hashes_per_second')).toBe(truth.hashRate);
    expect(await one('whitebit_pool_workers')).toBe(truth.workers);
    expect(await one('whitebit_pool_last_block_height')).toBe(truth.lastBlockHeight);
    expect(await one('whitebit_pool_last_block_timestamp_seconds')).toBe(truth.lastBlockTime);
    expect(await one('whitebit_pool_last_sample_timestamp_seconds')).toBe(truth.newestSampleTime);
    expect(await one('pooltop_api_requests_total{endpoint="pool",outcome="success"}')).toBe(1);
    expect(await one('process_resident_memory_bytes{job="pooltop"}')).toBeGreaterThan(0);

    // Three scrapes or more, and still the one poll of the pool.
    expect(service.stats().byPath[POOL_PATH] ?? 0).toBe(polled);
  });

  it('and the mining accounts: values per account through the query API, one poll each', async () => {
    // The data's clock is frozen: the exporter's one poll read these same numbers.
    const client = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.credentials.apiKey,
      apiSecret: service.credentials.apiSecret,
    });
    const one = async (expr: string) => Number((await eventually(expr))[0]?.value[1]);
    // Every per-account call answered (the service computes each series afresh: seconds under load).
    // (miners/info, the series and the worker names for workers_gone, per account)
    const calls = 1 + 3 * service.miningAccounts.length;
    await eventually(`count(pooltop_up{endpoint=~"mining_.*"} == 1) == ${calls}`);
    const polled = { ...service.stats().byPath };
    for (const account of service.miningAccounts) {
      const [info, series] = await Promise.all([
        client.mining.minerInfo({ account }),
        client.mining.hashrate(miningSeriesQuery(account, frozen / 1000)),
      ]);
      const truth = readMining(account, info, series);
      const of = `account=${JSON.stringify(account)}`;
      expect(await one(`whitebit_mining_hashrate_hashes_per_second{${of}}`)).toBe(truth.hashRate);
      expect(await one(`whitebit_mining_reject_ratio{${of}}`)).toBe(truth.rejectRatio);
      expect(await one(`whitebit_mining_workers{${of},status="online"}`)).toBe(truth.workersOnline);
      expect(await one(`whitebit_mining_workers{${of},status="offline"}`)).toBe(truth.workersOffline);
      expect(await one(`whitebit_mining_workers{${of},status="low"}`)).toBe(truth.workersLow);
      expect(await one(`pooltop_up{endpoint="mining_hashrate",${of}}`)).toBe(1);
    }
    await client.close();
    expect(await one('count(whitebit_mining_workers)')).toBe(3 * service.miningAccounts.length);
    // The exporter's one round: the list, then miners/info and the series once per account.
    expect(polled[MINING_PATHS.accounts]).toBe(1);
    expect(polled[MINING_PATHS.minerInfo]).toBe(service.miningAccounts.length);
    expect(polled[MINING_PATHS.hashrate]).toBe(service.miningAccounts.length);
  }, 90_000);

  it('loads the shipped rules and evaluates them against the scraped series', async () => {
    const res = await fetch(`${api}/api/v1/rules`);
    const body = (await res.json()) as {
      data: { groups: { name: string; rules: { name: string; health: string }[] }[] };
    };
    const groups = body.data.groups.map((g) => g.name).sort();
    expect(groups).toEqual(['pooltop-exporter', 'pooltop-mining', 'pooltop-pool', 'pooltop-worker-uptime']);
    // Every rule evaluated without error once Prometheus has run them.
    for (let i = 0; i < 40; i++) {
      const again = (await (await fetch(`${api}/api/v1/rules`)).json()) as typeof body;
      const rules = again.data.groups.flatMap((g) => g.rules);
      if (rules.every((r) => r.health === 'ok')) return;
      expect(rules.filter((r) => r.health === 'err')).toEqual([]);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the rules were never all evaluated');
  });
});
