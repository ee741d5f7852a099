/**
 * `pooltop report` outside the demo reads the profile's history store: rounds recorded into a
 * store in a temporary state directory (as watch records them) come back as the statement's
 * uptime, outages and worker rows from the built CLI (POOLTOP_STATE_DIR pointed there; the
 * account's watcher links from the embedded service). A profile with no history is one line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPath, openHistory } from '../../src/history/store.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { runCli, serviceEnv } from '../support/run-cli.js';

const T0 = Date.UTC(2025, 2, 3, 0, 0, 0) / 1000;

describe('pooltop report from the history store', () => {
  let service: ServiceHandle;
  let stateDir = '';
  beforeAll(async () => {
    service = await startService({ port: 0, seed: 2, workers: 6, miningAccounts: 1 });
    stateDir = mkdtempSync(join(tmpdir(), 'pooltop-report-store-'));
  });
  afterAll(async () => {
    await service.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('reports what was recorded: two hours, rig-2 down 30 minutes', async () => {
    const account = service.miningAccounts[0]!;
    const opened = openHistory({ path: historyPath(stateDir, 'default') });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    for (let t = T0; t <= T0 + 7200; t += 60) {
      const down = t >= T0 + 1800 && t < T0 + 3600;
      opened.store.record({
        at: t,
        intervalS: 60,
        // A third worker whose name holds a C1 control (CSI): escaped in the JSON, never raw.
        accounts: [
          {
            account,
            listing: { at: t, names: down ? ['rig-1', 'rig-\u009b3'] : ['rig-1', 'rig-2', 'rig-\u009b3'] },
          },
        ],
      });
    }
    opened.store.close();
    const env = serviceEnv(service, { POOLTOP_STATE_DIR: stateDir });
    const r = await runCli(
      ['report', '--account', account, '--from', String(T0), '--to', String(T0 + 7200), '--format', 'json'],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const statement = JSON.parse(r.stdout) as {
      accounts: Array<{
        account: string;
        workers: number;
        uptime: { up: number; down: number; unwatched: number; percent: string };
        outages: Table;
        workerRows: Table;
      }>;
    };
    const [a] = statement.accounts;
    expect(r.stdout).not.toContain('\u009b');
    expect(r.stdout).toContain('"rig-\\u009b3"');
    expect(a).toMatchObject({ account, workers: 3 });
    expect(records(a!.outages)).toEqual([
      expect.objectContaining({
        worker: 'rig-2',
        start: T0 + 1800,
        end: T0 + 3600,
        seconds: 1800,
        filled: false,
      }),
    ]);
    const rows = Object.fromEntries(records(a!.workerRows).map((w) => [w.worker, w]));
    expect(rows['rig-1']).toMatchObject({ up: 7200, down: 0, outages: 0 });
    expect(rows['rig-2']).toMatchObject({ up: 5400, down: 1800, outages: 1 });
    expect(rows['rig-\u009b3']).toMatchObject({ up: 7200, down: 0, outages: 0 });
    expect(a!.uptime).toMatchObject({ up: 19_800, down: 1800, unwatched: 0, percent: '91.67' });
  });

  it('a profile with no history yet is one line and a failure exit', async () => {
    const env = serviceEnv(service, {
      POOLTOP_STATE_DIR: mkdtempSync(join(tmpdir(), 'pooltop-report-none-')),
    });
    const r = await runCli(['report', '--account', service.miningAccounts[0]!, '--format', 'json'], env);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^pooltop: report: no history recorded for profile 'default' yet .*try --demo\n$/,
    );
    expect(r.code).not.toBe(0);
  });
});

/** A JSON table of the statement: its columns and one array a row. */
interface Table {
  columns: string[];
  rows: unknown[][];
}

const records = (t: Table): Record<string, unknown>[] =>
  t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));
