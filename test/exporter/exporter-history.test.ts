/**
 * The exporter records history: the built exporter, serving against the embedded service with
 * `[history]` on by default, records each poll's listing and series into the profile's history
 * file and back-fills the account on first sight; `history uptime` then reads it. Waits are on the
 * file's contents, never on the clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPath, openHistory } from '../../src/history/store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { killExporters, startExporter } from '../support/exporter-process.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

describe('the exporter records history', () => {
  let service: ServiceHandle;
  let stateDir = '';
  beforeAll(async () => {
    service = await startService({ port: 0, seed: 4, workers: 20, miningAccounts: 1 });
    stateDir = mkdtempSync(join(tmpdir(), 'pooltop-exporter-history-'));
  });
  afterAll(async () => {
    killExporters();
    await service.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('its polls and a back-fill land in the profile file', async () => {
    const env = serviceEnv(service, { POOLTOP_STATE_DIR: stateDir });
    const exporter = await startExporter(['--interval', '5'], env);
    const account = service.miningAccounts[0]!;
    const opened = openHistory({ path: historyPath(stateDir, 'default') });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    const { store } = opened;
    const now = () => Math.floor(Date.now() / 1000);
    await expect
      .poll(
        () => {
          const spans = store.exportSpans({ from: now() - 3600, to: now() + 60, accounts: [account] });
          return !store.needsBackfill(account) && spans.some((s) => !s.filled && s.state === 'up');
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    expect(
      store.exportHashrate({ from: now() - 86_400, to: now(), accounts: [account], worker: '' }, '5m').length,
    ).toBeGreaterThan(0);
    store.close();
    exporter.child.kill('SIGTERM');
    expect(await exporter.exited).toBe(0);
    expect(exporter.stderr()).toBe('');
    const r = await runCli(['history', 'uptime', '--account', account, '--last', '30d', '--json'], env);
    const rows = JSON.parse(r.stdout) as Array<{ filledS: number }>;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.filledS).toBeGreaterThan(20 * 86_400);
  }, 90_000);
});
