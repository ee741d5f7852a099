/**
 * `pooltop exporter --once --balances` judged by `promtool check metrics` (Debian's `prometheus`
 * package; .ci/run installs it): the balance gauges of every account of the embedded service,
 * with `--sparse` answers and aliases in Cyrillic, Japanese and accented Latin, lint clean.
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

const installed = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;
const title = installed
  ? 'promtool and the balance gauges'
  : 'promtool and the balance gauges — SKIPPED: promtool not installed (apt-get install -y prometheus)';
if (!installed) console.warn(`test/integration/promtool-balances.test.ts: ${title}`);

function promtool(input: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 20_000,
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

describe.skipIf(!installed)(title, () => {
  let service: ServiceHandle;
  beforeAll(async () => {
    service = await startService({ port: 0, accounts: 120, seed: 3, sparse: true });
  });
  afterAll(async () => {
    await service.close();
  });

  it('promtool check metrics passes the exposition with --balances', async () => {
    const r = await runCli(['exporter', '--once', '--balances'], serviceEnv(service), 60_000);
    expect(r.code, r.stderr).toBe(0);
    const series = r.stdout.split('\n').filter((l) => l.startsWith('whitebit_subaccount_balance{'));
    expect(series.length).toBeGreaterThan(120);
    // Labels that need escaping or are not ASCII are there to be judged.
    expect(series.some((l) => /alias="[^"]*[^\x20-\x7e"][^"]*"/.test(l))).toBe(true);
    const checked = await promtool(r.stdout);
    expect(checked.out).toBe('');
    expect(checked.code).toBe(0);
  }, 90_000);
});
