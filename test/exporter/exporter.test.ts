/**
 * `pooltop exporter` as it runs: the built CLI against the embedded service (frozen clock, so
 * values are known), scraped over HTTP. A scrape never reaches the API; the routes, --once,
 * the listen warning and SIGTERM.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPool } from '../../src/alerts/readings.js';
import { parsePoolOverview } from '../../src/api/schemas.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { startFaultServer } from '../hardening/fault-server.js';
import { killExporters, sample, startExporter, untilPolled } from '../support/exporter-process.js';
import { cleanEnv, runCli } from '../support/run-cli.js';

const POOL_PATH = '/api/v4/public/mining-pool';
let service: ServiceHandle;
let pool: ReturnType<typeof readPool>;

beforeAll(async () => {
  const frozen = Date.now();
  service = await startService({ port: 0, seed: 5, now: () => frozen });
  pool = readPool(parsePoolOverview(await (await fetch(`${service.baseUrl}${POOL_PATH}`)).json()));
});
afterAll(async () => {
  killExporters();
  await service.close();
});

describe('pooltop exporter', () => {
  it("serves the service's values; scrapes never reach the API", async () => {
    const env = cleanEnv({ WHITEBIT_API_URL: service.baseUrl });
    const exporter = await startExporter(['--interval', '3600'], env);
    const first = await untilPolled(exporter.url);
    const polled = service.stats().byPath[POOL_PATH] ?? 0;
    for (let i = 0; i < 25; i++) await (await fetch(`${exporter.url}/metrics`)).text();
    expect(service.stats().byPath[POOL_PATH] ?? 0).toBe(polled);

    expect(sample(first, 'whitebit_pool_hashrate_hashes_per_second')).toBe(pool.hashRate);
    expect(sample(first, 'whitebit_pool_workers')).toBe(pool.workers);
    expect(sample(first, 'whitebit_pool_last_block_height')).toBe(pool.lastBlockHeight);
    expect(sample(first, 'whitebit_pool_last_block_timestamp_seconds')).toBe(pool.lastBlockTime);
    expect(sample(first, 'whitebit_pool_last_sample_timestamp_seconds')).toBe(pool.newestSampleTime);
    expect(sample(first, 'pooltop_api_requests_total{endpoint="pool",outcome="success"}')).toBe(1);
    expect(sample(first, 'pooltop_last_success_timestamp_seconds{endpoint="pool"}')).toBeGreaterThan(1.7e9);
    expect(first).toMatch(/^process_cpu_seconds_total \d/m);
    expect(first).toMatch(/^process_resident_memory_bytes \d/m);
    expect(first).not.toMatch(/^pooltop_threshold_status/m);
    // No API key: the pool only, and no request to a signed mining operation.
    expect(first).not.toMatch(/^(whitebit_mining_|pooltop_up\{endpoint="mining)/m);
    expect(Object.keys(service.stats().byPath).filter((p) => p.includes('/mining/'))).toEqual([]);

    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
    expect(exporter.stderr()).toBe('');
  });

  it('answers /, /-/healthy, 404 and 405', async () => {
    const exporter = await startExporter(
      ['--interval', '3600'],
      cleanEnv({ WHITEBIT_API_URL: service.baseUrl }),
    );
    const landing = await fetch(`${exporter.url}/`);
    const page = await landing.text();
    expect(landing.status).toBe(200);
    expect(page.trimEnd().split('\n')).toHaveLength(1);
    expect(page).toContain('<a href="/metrics">');
    expect((await fetch(`${exporter.url}/-/healthy`)).status).toBe(200);
    expect((await fetch(`${exporter.url}/nope`)).status).toBe(404);
    const post = await fetch(`${exporter.url}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${exporter.url}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
  });

  it('publishes the status of each metric with thresholds in the preferences file', async () => {
    const env = cleanEnv({ WHITEBIT_API_URL: service.baseUrl });
    const dir = join(env.XDG_CONFIG_HOME as string, 'pooltop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.toml'),
      '[thresholds.pool]\nhashrate = { warning = "1E:", critical = "1P:" }\nworkers = { critical = "1:" }\n',
    );
    const exporter = await startExporter(['--interval', '3600'], env);
    const text = await untilPolled(exporter.url);
    expect(sample(text, 'pooltop_threshold_status{scope="pool",metric="hashrate"}')).toBe(1);
    expect(sample(text, 'pooltop_threshold_status{scope="pool",metric="workers"}')).toBe(0);
    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
  });

  it('warns when it listens beyond this machine', async () => {
    const exporter = await startExporter(
      ['--listen', '0.0.0.0:0', '--interval', '3600'],
      cleanEnv({ WHITEBIT_API_URL: service.baseUrl }),
    );
    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
    expect(exporter.stderr()).toMatch(
      /^pooltop: warning: listening on 0\.0\.0\.0: anyone who can reach it can read the pool and account data it serves\n$/,
    );
  });

  it('--once prints one exposition without process metrics (a textfile collector has its own)', async () => {
    const r = await runCli(['exporter', '--once'], cleanEnv({ WHITEBIT_API_URL: service.baseUrl }));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(sample(r.stdout, 'whitebit_pool_workers')).toBe(pool.workers);
    expect(r.stdout).not.toMatch(/^(process|nodejs)_/m);
  });

  it('--once against a failing API: pooltop_up 0, no data, one warning line', async () => {
    const server = await startFaultServer('500-json');
    try {
      const r = await runCli(['exporter', '--once'], cleanEnv({ WHITEBIT_API_URL: server.url }));
      expect(r.code).toBe(0);
      expect(sample(r.stdout, 'pooltop_up{endpoint="pool"}')).toBe(0);
      expect(sample(r.stdout, 'pooltop_api_requests_total{endpoint="pool",outcome="http"}')).toBe(1);
      expect(r.stdout).not.toMatch(/^whitebit_/m);
      expect(r.stderr).toMatch(/^pooltop: warning: pool: server error \(HTTP 500\)[^\n]*\n$/);
      expect(server.total()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('refuses bad flags with one line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--interval', '4'], /^pooltop: --interval must be an integer from 5 to 86400, got '4'\n$/],
      [
        ['--listen', '9861'],
        /^pooltop: --listen must be HOST:PORT \(e\.g\. 127\.0\.0\.1:9861\), got '9861'\n$/,
      ],
      [['--listen', 'localhost:70000'], /^pooltop: --listen must be HOST:PORT/],
      [
        ['--listen', `127.0.0.1:${new URL(service.baseUrl).port}`],
        /^pooltop: cannot listen on 127\.0\.0\.1:\d+: the address is already in use\n$/,
      ],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(['exporter', '--demo', ...args])));
    results.forEach((r, i) => {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(cases[i]?.[1] ?? /x/);
    });
  });
});
