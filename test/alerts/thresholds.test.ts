import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateMetrics } from '../../src/alerts/evaluate.js';
import { MINING_METRICS, POOL_METRICS } from '../../src/alerts/metrics.js';
import { readPool } from '../../src/alerts/readings.js';
import { thresholdsFromFlags, thresholdsFromToml, withOverrides } from '../../src/alerts/thresholds.js';
import { poolOverviewModel } from '../../src/api/schemas.js';
import type { PoolOverviewJson } from '../../src/api/types.js';
import { loadPreferences, preferencesPath } from '../../src/alerts/preferences.js';
import { withTmp } from '../session/helpers.js';

const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a failure');
};

describe('thresholds from the preferences file', () => {
  it('reads one warning and one critical range per metric, per scope', () => {
    const set = thresholdsFromToml(
      {
        pool: { hashrate: { warning: '150P:', critical: '100P:' }, block_age: { critical: '2h' } },
        mining: {
          reject_rate: { warning: '2%', critical: '5%' },
          workers_offline: { warning: '0', critical: '5' },
          hashrate_24h: { warning: '90T:' },
          workers_low: { warning: '@1:1000' },
        },
      },
      'prefs.toml',
    );
    expect(set.pool.hashrate?.warning?.start).toBe(150e15);
    expect(set.pool.block_age?.critical?.end).toBe(7200);
    expect(set.pool.block_age?.warning).toBeUndefined();
    expect(set.mining.reject_rate?.critical?.end).toBeCloseTo(0.05);
    expect(set.mining.workers_offline?.warning).toMatchObject({ start: 0, end: 0 });
    expect(set.mining.hashrate_24h?.warning?.start).toBe(90e12);
  });

  it('knows every mining metric already, so configs using them validate', () => {
    expect(MINING_METRICS.map((m) => m.key)).toEqual([
      'hashrate',
      'hashrate_24h',
      'reject_rate',
      'workers_online',
      'workers_offline',
      'workers_low',
      'workers_gone',
      'data_age',
    ]);
    expect(POOL_METRICS.map((m) => m.key)).toEqual(['hashrate', 'workers', 'block_age', 'data_age']);
  });

  it('names the key in every error', () => {
    const at = '/home/u/.config/pooltop/config.toml';
    const cases: [unknown, string][] = [
      [
        { pool: { hashrat: { warning: '1' } } },
        `${at}: thresholds.pool.hashrat: unknown pool metric (pool metrics: hashrate, workers, block_age, data_age)`,
      ],
      [
        { pool: { reject_rate: { warning: '1%' } } },
        `${at}: thresholds.pool.reject_rate: unknown pool metric`,
      ],
      [{ pools: {} }, `${at}: thresholds.pools: unknown scope (use pool, mining or subaccounts)`],
      [
        { pool: { hashrate: { warn: '1' } } },
        `${at}: thresholds.pool.hashrate.warn: unknown key (use warning and critical)`,
      ],
      [
        { pool: { hashrate: { warning: 150 } } },
        `${at}: thresholds.pool.hashrate.warning: must be a string such as "10:"`,
      ],
      [{ pool: { hashrate: '150P:' } }, `${at}: thresholds.pool.hashrate: must be a table like`],
      [
        { pool: { hashrate: { warning: '150X:' } } },
        `${at}: thresholds.pool.hashrate.warning: unknown suffix 'X'`,
      ],
      [
        { mining: { reject_rate: { critical: '5' } } },
        `${at}: thresholds.mining.reject_rate.critical: 5 is not a ratio`,
      ],
      ['x', `${at}: thresholds: must be a table`],
    ];
    for (const [table, expected] of cases)
      expect(message(() => thresholdsFromToml(table, at))).toContain(expected);
  });
});

describe('thresholds from --warning/--critical', () => {
  it('reads METRIC=RANGE, several per flag kind', () => {
    const t = thresholdsFromFlags('pool', {
      warning: ['hashrate=150P:', 'block_age=1h'],
      critical: ['hashrate=100P:'],
    });
    expect(t.hashrate?.warning?.start).toBe(150e15);
    expect(t.hashrate?.critical?.start).toBe(100e15);
    expect(t.block_age?.warning?.end).toBe(3600);
  });

  it('says which flag is wrong', () => {
    expect(message(() => thresholdsFromFlags('pool', { warning: ['hashrate'], critical: [] }))).toBe(
      "--warning 'hashrate': expected METRIC=RANGE, e.g. hashrate=150P:",
    );
    expect(message(() => thresholdsFromFlags('pool', { warning: [], critical: ['reject_rate=5%'] }))).toMatch(
      /^--critical reject_rate: unknown pool metric/,
    );
    expect(
      message(() => thresholdsFromFlags('pool', { warning: ['workers=1:', 'workers=2:'], critical: [] })),
    ).toBe('--warning workers: given twice');
    expect(
      message(() => thresholdsFromFlags('mining', { warning: ['reject_rate=7'], critical: [] })),
    ).toMatch(/^--warning reject_rate: 7 is not a ratio/);
  });

  it('a metric named in a flag takes its ranges from the flags only', () => {
    const file = thresholdsFromToml(
      { pool: { hashrate: { warning: '150P:', critical: '100P:' }, workers: { critical: '10:' } } },
      'f',
    ).pool;
    const merged = withOverrides(
      file,
      thresholdsFromFlags('pool', { warning: ['hashrate=1P:'], critical: [] }),
    );
    expect(merged.hashrate?.warning?.start).toBe(1e15);
    expect(merged.hashrate?.critical).toBeUndefined();
    expect(merged.workers?.critical?.start).toBe(10);
  });
});

describe('readings and metrics of the pool', () => {
  const wire: PoolOverviewJson = {
    connection_links: [],
    location: 'global',
    assets: ['BTC'],
    reward_schemes: ['FPPS'],
    workers: 2000,
    current_hash_rate: '140000000000000000.5', // more digits than a double holds
    last7days_hash_rate: [
      { timestamp: 1_000_000, hashrate: '1' },
      { timestamp: 1_003_600, hashrate: '2' },
    ],
    blocks: [
      { block_found_at: 1_003_000, block_height: 41 },
      { block_found_at: 1_003_500, block_height: 42 },
    ],
  };
  const overview = poolOverviewModel(wire);

  it('reads each metric in base units at a given time', () => {
    const r = readPool(overview);
    expect(r).toEqual({
      hashRate: 14e16,
      workers: 2000,
      lastBlockHeight: 42,
      lastBlockTime: 1_003_500,
      newestSampleTime: 1_003_600,
    });
    const t = thresholdsFromFlags('pool', {
      warning: ['hashrate=150P:', 'block_age=5m'],
      critical: ['block_age=1h'],
    });
    const results = evaluateMetrics(POOL_METRICS, r, t, 1_004_000);
    expect(results.map((m) => [m.key, m.value, m.status])).toEqual([
      ['hashrate', 14e16, 'warning'],
      ['workers', 2000, 'ok'],
      ['block_age', 500, 'warning'],
      ['data_age', 400, 'ok'],
    ]);
  });

  it('a missing or unreadable field costs its own metric only', () => {
    const odd = poolOverviewModel({ ...wire, current_hash_rate: 'n/a', blocks: [] });
    const r = readPool(odd);
    expect(r.hashRate).toBeUndefined();
    expect(r.lastBlockTime).toBeUndefined();
    expect(r.workers).toBe(2000);
    const t = thresholdsFromFlags('pool', { warning: ['hashrate=1:', 'workers=1:'], critical: [] });
    const results = evaluateMetrics(POOL_METRICS, r, t, 1_004_000);
    expect(results.map((m) => m.status)).toEqual(['unknown', 'ok', 'ok', 'ok']);
  });
});

describe('the preferences file', () => {
  it('lives in $XDG_CONFIG_HOME/pooltop, else ~/.config/pooltop', () => {
    expect(preferencesPath({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/u')).toBe('/x/cfg/pooltop/config.toml');
    expect(preferencesPath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.config/pooltop/config.toml',
    );
    expect(preferencesPath({}, '/home/u')).toBe('/home/u/.config/pooltop/config.toml');
  });

  async function withPrefs<T>(text: string | undefined, fn: (env: NodeJS.ProcessEnv, path: string) => T) {
    return withTmp(async (dir) => {
      const path = join(dir, 'pooltop', 'config.toml');
      if (text !== undefined) {
        await mkdir(join(dir, 'pooltop'));
        await writeFile(path, text);
      }
      return fn({ XDG_CONFIG_HOME: dir }, path);
    });
  }

  it('reads thresholds; no file means none', async () => {
    const none = await withPrefs(undefined, (env) => loadPreferences(env));
    expect(none.exists).toBe(false);
    expect(none.thresholds.pool).toEqual({});
    const some = await withPrefs(
      '[thresholds.pool]\nhashrate = { warning = "150P:", critical = "100P:" }\n\n[thresholds.mining]\nreject_rate = { warning = "2%" }\n',
      (env) => loadPreferences(env),
    );
    expect(some.exists).toBe(true);
    expect(some.thresholds.pool.hashrate?.critical?.start).toBe(100e15);
    expect(some.thresholds.mining.reject_rate?.warning?.end).toBeCloseTo(0.02);
  });

  it('one line naming the file, and the line of broken TOML or the key', async () => {
    const broken = await withPrefs('[thresholds.pool\n', (env, path) => [
      message(() => loadPreferences(env)),
      path,
    ]);
    expect(broken[0]).toMatch(
      new RegExp(`^preferences file ${broken[1]} is not valid TOML: line 1, column \\d+: `),
    );
    const unknown = await withPrefs('interval = 5\n', (env, path) => [
      message(() => loadPreferences(env)),
      path,
    ]);
    expect(unknown[0]).toBe(`${unknown[1]}: interval: unknown key (known: thresholds, watch, notify, ui, history, report)`);
    const badKey = await withPrefs('[thresholds.pool]\nworkers = { critical = "lots" }\n', (env, path) => [
      message(() => loadPreferences(env)),
      path,
    ]);
    expect(badKey[0]).toBe(
      `${badKey[1]}: thresholds.pool.workers.critical: 'lots' is not a number (counts take no suffix)`,
    );
  });
});
