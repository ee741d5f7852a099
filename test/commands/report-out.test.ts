/**
 * `pooltop report --out`: the CSV and JSON, written in chunks, arrive whole in the file (the
 * built CLI on the demo, a short window to keep it quick).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'pooltop-report-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('report --out', () => {
  it('writes the whole CSV table and the whole JSON', async () => {
    const window = ['--demo', '--from', '2d', '--to', '1d', '--all-accounts'];
    const csvFile = join(dir, 'workers.csv');
    const csv = await runCli(
      ['report', ...window, '--format', 'csv', '--table', 'workers', '--out', csvFile],
      undefined,
      60_000,
    );
    expect(csv.stderr).toBe('');
    expect(csv.stdout).toMatch(/workers\.csv: csv statement of 3 accounts, /);
    const lines = readFileSync(csvFile, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      'account,worker,uptime_percent,up_hours,down_hours,flap_hours,unwatched_hours,filled_hours,outages,longest_outage_s,mean_hashrate_hs',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toHaveLength(3 * 40);

    const jsonFile = join(dir, 'statement.json');
    const json = await runCli(
      ['report', ...window, '--format', 'json', '--out', jsonFile],
      undefined,
      60_000,
    );
    expect(json.stderr).toBe('');
    const statement = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
      accounts: { workerRows: { rows: unknown[] }; outages: { columns: string[] } }[];
    };
    expect(statement.accounts.map((a) => a.workerRows.rows.length)).toEqual([40, 40, 40]);
    expect(statement.accounts[0]!.outages.columns[0]).toBe('worker');
  }, 150_000);
});
