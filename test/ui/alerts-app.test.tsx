import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../src/alerts/range.js';
import type { ThresholdSet } from '../../src/alerts/thresholds.js';
import type { AccountHashRate, MinerInfo } from '../../src/api/mining-types.js';
import type { AlertSettings } from '../../src/ui/alerts/alerts-context.js';
import { DEFAULT_WATCH } from '../../src/alerts/watch-settings.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';
import { sentEffects } from './helpers/fake-effects.js';
import { configFixture, NOW, overviewFixture, StubClient } from './helpers/fixtures.js';
import { loaded, startApp, unmountApps, waitForFrame } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';
import { keyOf } from './helpers/keys.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(unmountApps);

const pool = (warn: Record<string, string>, crit: Record<string, string> = {}): ThresholdSet => {
  const units = {
    hashrate: 'hashrate',
    workers: 'count',
    block_age: 'seconds',
    data_age: 'seconds',
  } as const;
  const out: Record<
    string,
    { warning?: ReturnType<typeof parseRange>; critical?: ReturnType<typeof parseRange> }
  > = {};
  for (const [level, given] of [['warning', warn] as const, ['critical', crit] as const]) {
    for (const [key, text] of Object.entries(given)) {
      out[key] = { ...out[key], [level]: parseRange(text, units[key as keyof typeof units]) };
    }
  }
  return { pool: out, mining: {} };
};

// No hold time: a condition fires at the watcher's second round (never at the first sight).
const settings = (thresholds: ThresholdSet, extra: Partial<AlertSettings> = {}): AlertSettings => ({
  thresholds,
  watch: { ...DEFAULT_WATCH, forS: 0 },
  notify: false,
  ...extra,
});

type App = ReturnType<typeof startApp>['app'];
const writes = (app: App) => app.sent;
const bells = (app: App) => writes(app).filter((w) => w === '\x07').length;

describe('dashboard alerts', () => {
  it('shows WARN and CRIT in words beside the values past their thresholds, and nothing beside the rest', async () => {
    const { app } = startApp({
      alerts: settings(pool({ hashrate: '1P:', block_age: '~:1h' }, { workers: '2000:' })),
    });
    const f = await waitForFrame(app.frame, loaded);
    expect(f).toContain('Hash rate 184 TH/s WARN · Workers 1,234 CRIT');
    expect(f).toContain('Last block 5m 00s ago · History 10m 00s old · Location EU');
    expect(f).not.toMatch(/ago (WARN|CRIT)/);
  });

  it('lists the active alerts in the status bar, worst first, dropping whole fields when narrow', async () => {
    const thresholds = pool({ hashrate: '1P:', block_age: '~:1m', data_age: '~:1m' }, { workers: '2000:' });
    const wide = startApp({ alerts: settings(thresholds), columns: 140 }).app;
    let f = await waitForFrame(wide.frame, (x) => loaded(x) && x.includes('! history'));
    expect(f).toContain(
      'CRIT workers 1,234 · WARN hashrate 184 TH/s · WARN block_age 5m 00s · WARN data_age 10m 00s · ! history',
    );
    const narrow = startApp({ alerts: settings(thresholds), columns: 80 }).app;
    f = await waitForFrame(narrow.frame, (x) => loaded(x) && x.includes('more'));
    const line = f.split('\n').at(-1) ?? '';
    expect(line).toMatch(
      /^CRIT workers 1,234 · WARN hashrate 184 TH\/s · WARN block_age 5m 00s · \+2 more\s*$/,
    );
  });

  it('rings the bell once per change to a worse state: not on every poll, not on improvement', async () => {
    const thresholds = pool({ workers: '1000:' }, { workers: '500:' });
    let workers = 1234;
    const { app, client } = startApp({ alerts: settings(thresholds) }, (c) => {
      c.next = async () => overviewFixture({ workers });
    });
    await waitForFrame(app.frame, loaded);
    const step = async (next: number, expectBells: number) => {
      workers = next;
      const calls = client.calls;
      app.press(keyOf('global', 'refresh'));
      // The tab shows the answer, and the status bar the watcher's judgement of it (its round may
      // end a moment after the tab's frame): only then is the bell counted.
      const shown = next.toLocaleString('en-US');
      const judged = next < 500 ? `CRIT workers ${shown}` : next < 1000 ? `WARN workers ${shown}` : undefined;
      await waitForFrame(app.frame, (x) => {
        const bar = x.split('\n').at(-1) ?? '';
        const state = judged ? bar.includes(judged) : !/(WARN|CRIT) workers/.test(bar);
        return client.calls > calls && x.includes(`Workers ${shown}`) && state;
      });
      app.settle();
      expect(bells(app), `after workers ${next}`).toBe(expectBells);
    };
    expect(bells(app)).toBe(0);
    await step(900, 1); // OK → WARNING
    await step(950, 1); // still WARNING: no bell
    await step(400, 2); // WARNING → CRITICAL
    await step(450, 2); // still CRITICAL
    await step(1200, 2); // back to OK: no bell
    await step(800, 3); // OK → WARNING again
    expect(writes(app).filter((w) => w.includes('\x1b]'))).toEqual([]); // no --notify
  });

  it('--notify sends OSC 9 and OSC 777 with the bell, sanitised', async () => {
    const thresholds = pool({}, { workers: '2000:' });
    const { app } = startApp({ alerts: settings(thresholds, { notify: true }) });
    await waitForFrame(app.frame, (x) => loaded(x) && x.includes('CRIT workers'));
    // The first sight never fires: the next round does.
    expect(bells(app)).toBe(0);
    app.press(keyOf('global', 'refresh'));
    await waitForFrame(app.frame, () => bells(app) === 1);
    const sent = writes(app).filter((w) => w.startsWith('\x1b]'));
    expect(sent).toEqual([
      '\x1b]9;pooltop: CRIT pool: workers 1,234 (below 2,000)\x07\x1b]777;notify;pooltop;CRIT pool: workers 1,234 (below 2,000)\x07',
    ]);
  });

  it('--notify under tmux wraps each sequence in its passthrough', async () => {
    const thresholds = pool({}, { workers: '2000:' });
    // The port made for a terminal inside tmux (as run-dashboard makes it from the capabilities).
    const { effects, sent } = sentEffects({ ...DEFAULT_TERMINAL, multiplexer: 'tmux' });
    const { app } = startApp({ alerts: settings(thresholds, { notify: true }), effects });
    await waitForFrame(app.frame, (x) => loaded(x) && x.includes('CRIT workers'));
    app.press(keyOf('global', 'refresh'));
    await waitForFrame(app.frame, () => sent.filter((w) => w === '\x07').length === 1);
    expect(sent.filter((w) => w.startsWith('\x1bP'))).toEqual([
      '\x1bPtmux;\x1b\x1b]9;pooltop: CRIT pool: workers 1,234 (below 2,000)\x07\x1b\\' +
        '\x1bPtmux;\x1b\x1b]777;notify;pooltop;CRIT pool: workers 1,234 (below 2,000)\x07\x1b\\',
    ]);
  });

  it('judges every mining account with the Mining tab never opened, through the same evaluate', async () => {
    const account = 'farm\x1b[31m_a';
    const info: MinerInfo = { fee: 2, workers: { online: 30, offline: 4, low: 1 }, stratum: [] };
    const series: AccountHashRate = {
      account,
      hashrate: [
        { timestamp: NOW / 1000 - 900, hashrate: 2e15, rejectRate: 0.01 },
        { timestamp: NOW / 1000 - 600, hashrate: 1e15, rejectRate: 0.03 },
      ],
    };
    const mining = {
      workers_offline: { warning: parseRange('~:0', 'count'), critical: parseRange('~:3', 'count') },
      reject_rate: { warning: parseRange('~:2%', 'ratio') },
      hashrate: { critical: parseRange('10P:', 'hashrate') },
    };
    // The watcher reads the account itself: the Mining tab is never opened.
    const client = new StubClient();
    Object.assign(client.mining, {
      accounts: async () => ({ items: [{ name: account, createdAt: NOW / 1000 }], limit: 100, offset: 0 }),
      minerInfo: async () => info,
      hashrate: async () => series,
    });
    const { app } = startApp({
      client,
      columns: 160,
      config: { ...configFixture, apiKey: 'test-key', apiSecret: 'test-secret', miningAccount: account },
      alerts: settings({ pool: {}, mining }, { notify: true }),
    });
    const line =
      'CRIT farm_a/hashrate 1.00 PH/s · CRIT farm_a/workers_offline 4 · WARN farm_a/reject_rate 3% · ! history';
    await waitForFrame(app.frame, (x) => x.includes(line) && x.includes('Hash rate 184'));
    expect(bells(app)).toBe(0);
    app.press(keyOf('global', 'refresh'));
    // All three fire in the same round: one bell.
    await waitForFrame(app.frame, () => bells(app) === 1);
    app.settle();
    expect(bells(app)).toBe(1);
    expect(writes(app).join('')).not.toContain('[31m');
  });

  it('! lists the history since start (time, metric, from → to, value); Esc and ! close it', async () => {
    const thresholds = pool({ workers: '1000:' }, { workers: '500:' });
    let workers = 900;
    let now = NOW;
    const { app, client } = startApp({ alerts: settings(thresholds), now: () => now }, (c) => {
      c.next = async () => overviewFixture({ workers });
    });
    await waitForFrame(app.frame, (x) => x.includes('WARN workers'));
    now += 30_000;
    app.press(keyOf('global', 'refresh'));
    await waitForFrame(app.frame, () => bells(app) === 1);
    workers = 400;
    now += 35_000;
    app.press(keyOf('global', 'refresh'));
    await waitForFrame(
      app.frame,
      (x) => client.calls === 3 && x.includes('CRIT workers 400') && bells(app) === 2,
    );
    app.press(keyOf('global', 'alerts'));
    const f = await waitForFrame(app.frame, (x) => x.includes('Alert history since 12:00:00'));
    const rows = f.split('\n').filter((l) => /OK|WARNING|CRITICAL/.test(l) && /\d\d:\d\d:\d\d {2}/.test(l));
    expect(rows).toHaveLength(3);
    // Newest first: the escalation is the warning over and the critical begun.
    expect(rows[0]).toMatch(/12:01:05 {2}workers {2}OK → CRITICAL +400/);
    expect(rows[1]).toMatch(/12:01:05 {2}workers {2}WARNING → OK +900/); // its value when it last held
    expect(rows[2]).toMatch(/12:00:30 {2}workers {2}OK → WARNING +900/);
    expect(f).not.toContain('Hash rate 184');
    app.press(keyOf('global', 'close'));
    await waitForFrame(
      app.frame,
      (x) => loaded(x.replace('Workers 400', 'Workers 1,234')) && !x.includes('Alert history'),
    );
    app.press(keyOf('global', 'alerts'));
    await waitForFrame(app.frame, (x) => x.includes('Alert history'));
    app.press(keyOf('global', 'alerts'));
    await waitForFrame(app.frame, (x) => !x.includes('Alert history') && x.includes('Hash rate 184'));
  });

  it('! without thresholds says where to set them', async () => {
    const { app } = startApp({
      alerts: settings(
        { pool: {}, mining: {} },
        { preferencesPath: '/home/ops/.config/pooltop/config.toml' },
      ),
    });
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('global', 'alerts'));
    const f = await waitForFrame(app.frame, (x) => x.includes('No thresholds set'));
    expect(f.replace(/\s*│\s*/g, ' ')).toContain('/home/ops/.config/pooltop/config.toml');
    expect(bells(app)).toBe(0);
  });
});
