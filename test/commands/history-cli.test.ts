/**
 * `pooltop history` as users run it (the built CLI): a history file recorded by the store is
 * read back through every output, bad flags are one line (exit 2), and `--demo` shows data.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/history/schema.js';
import { historyPath, openHistory } from '../../src/history/store.js';
import { cleanEnv, runCli } from '../support/run-cli.js';

const T0 = 1_700_000_000;

function recorded(env: NodeJS.ProcessEnv): void {
  const opened = openHistory({ path: historyPath(join(env.XDG_STATE_HOME ?? '', 'pooltop'), 'default') });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  const rounds: Array<[number, string[]]> = [
    [0, ['rig-1', 'rig-2']],
    [60, ['rig-1', 'rig-2']],
    [120, ['rig-1']],
    [180, ['rig-1']],
    [240, ['rig-1', 'rig-2']],
  ];
  for (const [dt, names] of rounds) {
    opened.store.record({
      at: T0 + dt,
      intervalS: 60,
      accounts: [{ account: 'farm', listing: { at: T0 + dt, names } }],
    });
  }
  opened.store.close();
}

describe('pooltop history', () => {
  it('reads back what was recorded: incidents, uptime, export, info', async () => {
    const env = cleanEnv();
    recorded(env);
    const window = ['--from', String(T0), '--to', String(T0 + 300)];
    const incidents = await runCli(['history', 'incidents', ...window, '--json'], env);
    expect(incidents.stderr).toBe('');
    expect(JSON.parse(incidents.stdout)).toEqual([
      {
        account: 'farm',
        worker: 'rig-2',
        lastPresentAt: T0 + 60,
        firstMissingAt: T0 + 120,
        backAt: T0 + 240,
        lastMissingAt: T0 + 240,
        ongoing: false,
        durationS: 120,
        how: 'listing',
        filled: false,
      },
    ]);
    const uptime = await runCli(['history', 'uptime', ...window, '--csv'], env);
    expect(uptime.stdout.split('\r\n').slice(0, 3)).toEqual([
      'account,worker,from,to,up_s,down_s,not_watched_s,uptime,incidents,mean_hashrate_hs,filled_s',
      'farm,rig-1,2023-11-14T22:13:20.000Z,2023-11-14T22:18:20.000Z,240,0,60,1.000000,0,,0',
      'farm,rig-2,2023-11-14T22:13:20.000Z,2023-11-14T22:18:20.000Z,120,120,60,0.500000,1,,0',
    ]);
    const text = await runCli(['history', 'uptime', ...window], env);
    expect(text.stdout).toMatch(/^farm\s+rig-2\s+2m 00s\s+2m 00s\s+1m 00s\s+50\.00%\s+1\s+—\s+0s$/m);
    const spans = await runCli(['history', 'export', ...window], env);
    expect(
      spans.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).state),
    ).toEqual(['up', 'up', 'down', 'up']);
    const info = await runCli(['history', 'info', '--json'], env);
    expect(JSON.parse(info.stdout)).toMatchObject({
      schemaVersion: SCHEMA_VERSION,
      accounts: 1,
      workers: 2,
      oldest: T0,
      newest: T0 + 240,
    });
  });

  it('refuses bad flags in one line, exit 2', async () => {
    for (const [args, line] of [
      [['history'], 'pooltop: history needs a command: uptime, incidents, export, info (see --help)'],
      [['history', 'uptime', '--by', 'year'], "pooltop: --by must be day, week, month, got 'year'"],
      [
        ['history', 'uptime', '--last', 'ever'],
        "pooltop: --last must be a duration such as 24h, 7d or 30d, got 'ever'",
      ],
      [['history', 'incidents', '--by', 'day'], 'pooltop: --by splits history uptime only'],
    ] as const) {
      const r = await runCli([...args], cleanEnv());
      expect([r.code, r.stderr.trim()]).toEqual([2, line]);
    }
  });

  it('--demo back-fills the demo account and shows months of uptime', async () => {
    const r = await runCli(['history', 'uptime', '--demo', '--last', '60d', '--json'], cleanEnv(), 60_000);
    expect(r.stderr).toBe('');
    const rows = JSON.parse(r.stdout) as Array<{
      upS: number;
      downS: number;
      uptime: number;
      filledS: number;
    }>;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.uptime).toBeGreaterThan(0);
      expect(row.uptime).toBeLessThanOrEqual(1);
      expect(row.filledS).toBeGreaterThan(0);
      expect(row.upS + row.downS).toBeGreaterThan(50 * 86_400);
    }
  }, 90_000);
});
