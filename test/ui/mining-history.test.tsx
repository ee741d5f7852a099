/**
 * What the Mining tab shows from the history file: the workers' uptime columns and their sort, a
 * worker's strip and incidents, the fleet's and the account's 30-day uptime; over a scripted
 * Mining API and a history file filled with rounds as a writer records them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import {
  clientOf,
  FakeMining,
  KEYS,
  keyedConfig,
  mountMining,
  NOW,
  waitForFrame,
} from './helpers/mining-fakes.js';
import { fillRounds, tempStore } from './helpers/history-fixture.js';
import { keyOf } from './helpers/keys.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const NOW_S = NOW / 1000;
const WORKERS = ['rig-0001', 'rig-0002', 'rig-0003', 'rig-0004', 'rig-0005'];
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
  vi.useRealTimers();
});

/**
 * Three days of rounds every 10 minutes: rig-0002 away 2h 20m 20 hours ago, rig-0003 away since
 * 30 minutes ago and still; the others always there.
 */
function filled() {
  const t = tempStore(NOW_S);
  fillRounds(t.store, {
    nowS: NOW_S,
    account: 'main_farm',
    workers: WORKERS,
    days: 3,
    stepS: 600,
    outages: [
      { worker: 'rig-0002', fromAgoS: 72_000, toAgoS: 72_000 - 8400 },
      { worker: 'rig-0003', fromAgoS: 1800, toAgoS: -1 },
    ],
  });
  cleanup.push(() => t.remove());
  return t.store;
}

function mount(opts: Omit<Parameters<typeof mountMining>[0], 'client'> = {}, fake = new FakeMining()) {
  const view = mountMining({ client: clientOf(fake), ...opts });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, fake, press };
}

const rowOf = (f: string, name: string) => f.split('\n').find((l) => l.slice(2).startsWith(`${name} `)) ?? '';
const uptimesShown = (f: string) => /rig-0002 .*90\.2%/.test(f);
const workerOrder = (f: string) =>
  f
    .split('\n')
    .filter((l) => /^[› ] rig-\d{4}/.test(l))
    .map((l) => l.slice(2).split(' ')[0]);

describe('Mining tab: history', () => {
  it('shows each worker its uptime over 24 h, 7 d and 30 d; — without history', async () => {
    const v = mount({ history: filled() });
    const f = await waitForFrame(v.frame, uptimesShown);
    expect(f).toMatch(/Worker\s+Now\s+2 h mean\s+24 h\s+7 d\s+30 d\s+Trend, 2 h/);
    // 2h 20m of 24 h down: 90.27 % cut to 90.2%; of the three days watched, 96.7%.
    expect(rowOf(f, 'rig-0002')).toMatch(/ 90\.2%\s+96\.7%\s+96\.7%/);
    expect(rowOf(f, 'rig-0001')).toMatch(/ 100%\s+100%\s+100%/);
    // rig-0003 missing the last 30 minutes: 97.9 % of a day.
    expect(rowOf(f, 'rig-0003')).toMatch(/ 97\.9%/);
    // No history of rig-0006: a dash in each column.
    expect(rowOf(f, 'rig-0006')).toMatch(/ —\s+—\s+—/);
    // The account's own, over its workers, after the hint to pick another of the key's three
    // accounts (drawn once the account list answers, which may be before or after the uptimes).
    const line = await waitForFrame(v.frame, (x) => x.includes('another of 3') && x.includes('up 30 d'));
    expect(line).toMatch(/Account main_farm · a: another of 3 · Esc: fleet · up 30 d 9\d\.\d% · Payout /);
  });

  it('without a history file the table and the account line are as before', async () => {
    const v = mount();
    const f = await waitForFrame(v.frame, (x) => /rig-0001\s+100 TH\/s/.test(x));
    expect(f).not.toMatch(/ 24 h +7 d +30 d|up 30 d/);
    expect(f).toMatch(/Worker\s+Now\s+2 h mean\s+Trend, 2 h/);
  });

  it('s sorts the workers by uptime 24 h, 7 d, 30 d, worst first, then as listed; S reverses', async () => {
    const v = mount({ history: filled() });
    await waitForFrame(v.frame, uptimesShown);
    // The whole listing is sorted (read once, as a search reads it), then paged.
    let f = await v.press(keyOf('mining', 'sort'), (x) => /24 h↑/.test(x) && workerOrder(x).length > 5);
    expect(workerOrder(f).slice(0, 5)).toEqual(['rig-0002', 'rig-0003', 'rig-0001', 'rig-0004', 'rig-0005']);
    expect(v.ui.notify).toHaveBeenLastCalledWith('Workers by uptime 24 h, worst first.');
    f = await v.press(keyOf('mining', 'sort-reverse'), (x) => /24 h↓/.test(x) && workerOrder(x).length > 5);
    // Best first, and the workers without history still last.
    expect(workerOrder(f).slice(0, 3)).toEqual(['rig-0001', 'rig-0004', 'rig-0005']);
    expect(workerOrder(f).at(-1)).not.toMatch(/rig-000[1-5]/);
    f = await v.press(keyOf('mining', 'sort'), (x) => /7 d↑/.test(x));
    f = await v.press(keyOf('mining', 'sort'), (x) => /30 d↑/.test(x) && workerOrder(x).length > 5);
    expect(workerOrder(f)[0]).toBe('rig-0002');
    f = await v.press(
      keyOf('mining', 'sort'),
      (x) =>
        !/[↑↓]/.test(x.split('\n').find((l) => l.includes('2 h mean')) ?? '') && workerOrder(x).length > 5,
    );
    expect(workerOrder(f).slice(0, 3)).toEqual(['rig-0001', 'rig-0002', 'rig-0003']);
  });

  it("a worker's detail: its uptime, a glyph per day with the legend, its incidents newest first", async () => {
    const v = mount({ history: filled() });
    await waitForFrame(v.frame, uptimesShown);
    await v.press(KEYS.down, (x) => /› rig-0002/.test(x));
    const f = await v.press(KEYS.enter, (x) => x.includes('Uptime of rig-0002') && x.includes('Went down'));
    expect(f).toContain('Uptime of rig-0002 · 24 h 90.2% · 7 d 96.7% · 30 d 96.7%');
    // 30 days at least; four UTC days watched (three days back from noon), one with the outage.
    expect(f).toMatch(/ 30 d {2}·{26}██▄█$/m);
    expect(f).toContain('█ 100% ▆ ≥99% ▄ ≥90% ▂ <90% · not watched');
    // 20 h before 12:00 is 16:00 the day before; last seen 15:50, back 18:20.
    expect(f).toMatch(/11-21 15:50–16:00\s+11-21 18:20\s+2h 20m\s+listing/);
    expect(f).not.toContain('Last reward');
  });

  it('an ongoing outage is said so, with the time it has lasted so far', async () => {
    const v = mount({ history: filled() });
    await waitForFrame(v.frame, uptimesShown);
    await v.press(KEYS.down + KEYS.down, (x) => /› rig-0003/.test(x));
    const f = await v.press(KEYS.enter, (x) => x.includes('Uptime of rig-0003') && x.includes('still down'));
    expect(f).toMatch(/11-22 11:20–11:30\s+still down\s+≥ 30m 00s\s+listing/);
  });

  it('in ASCII the strip and its legend have look-alikes', async () => {
    const v = mount({ history: filled(), width: 80, height: 30 });
    await waitForFrame(v.frame, uptimesShown);
    // The pane reads the glyphs of the terminal given; the harness's terminal is UTF-8, so the
    // ASCII form is checked on the pure helper the pane draws with.
    const { stripLegend, uptimeStrip } = await import('../../src/ui/mining/uptime-text.js');
    expect(stripLegend(true)).toBe('# 100% + >=99% = >=90% - <90% . not watched');
    const day = (uptime: number | null) => ({ uptime }) as Parameters<typeof uptimeStrip>[0][number];
    expect(uptimeStrip([day(1), day(0.995), day(0.95), day(0.2), day(null)], 10, true)).toBe('#+=-.');
    expect(uptimeStrip([day(1), day(0.995), day(0.95), day(0.2), day(null)], 3, false)).toBe('▄▂·');
  });

  it('the uptime columns give way on narrow terminals and no line is wider than the screen', async () => {
    const store = filled();
    for (const [width, height, columns] of [
      [80, 24, /24 h\s+7 d\s+30 d/],
      [120, 40, /24 h\s+7 d\s+30 d/],
      [200, 60, /24 h\s+7 d\s+30 d/],
    ] as const) {
      const v = mount({ history: store, width, height });
      const f = await waitForFrame(v.frame, uptimesShown);
      const header = f.split('\n').find((l) => l.includes('2 h mean')) ?? '';
      expect(header).toMatch(columns);
      for (const line of f.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      v.unmount();
    }
    // The layout itself: as the room shrinks, 7 d goes first, then 24 h, then 30 d.
    const { layoutWorkerColumns } = await import('../../src/ui/mining/worker-columns.js');
    expect(layoutWorkerColumns(80, true).uptime).toEqual(['d1', 'd7', 'd30']);
    expect(layoutWorkerColumns(74, true).uptime).toEqual(['d1', 'd7', 'd30']);
    expect(layoutWorkerColumns(73, true).uptime).toEqual(['d1', 'd30']);
    expect(layoutWorkerColumns(60, true).uptime).toEqual(['d30']);
    expect(layoutWorkerColumns(59, true).uptime).toEqual([]);
    expect(layoutWorkerColumns(200, false).uptime).toEqual([]);
  });

  it('asks the history file once a minute per account, not per row or per render', async () => {
    const store = filled();
    const asked = vi.spyOn(store, 'uptime');
    const v = mount({ history: store, intervalSec: 1 });
    await waitForFrame(v.frame, uptimesShown);
    await v.press(KEYS.down + KEYS.down + KEYS.down, (x) => /› rig-0004/.test(x));
    // One read: one question per window (24 h, 7 d, 30 d), whatever the rows and renders.
    expect(asked).toHaveBeenCalledTimes(3);
    expect(new Set(asked.mock.calls.map(([q]) => q.accounts?.join()))).toEqual(new Set(['main_farm']));
  });
});

describe('Mining fleet: history', () => {
  const noPreselection = { ...keyedConfig, miningAccount: undefined };

  it('has each account its 30-day uptime, sortable worst first', async () => {
    const store = filled();
    const v = mount({ history: store, config: noPreselection, width: 120, height: 30 });
    let f = await waitForFrame(v.frame, (x) => /main_farm .*9\d\.\d%/.test(x));
    expect(f).toMatch(/Account\s+Hash rate\s+24 h avg\s+Up 30 d\s+Reject/);
    expect(rowOf(f, 'solar_shed')).toMatch(/ — /);
    // hash rate, 24 h average, reject rate, …, last reward, then 30-day uptime.
    for (let i = 0; i < 9; i++) v.stdin.write(keyOf('mining', 'sort'));
    f = await waitForFrame(v.frame, (x) => x.includes('sorted by 30-day uptime ↑'));
    const rows = f.split('\n').filter((l) => /^[› ] (main_farm|solar_shed|hosting_kz)\b/.test(l));
    expect(rows[0]).toMatch(/main_farm/);
  });

  it('at 80 columns the uptime stays and the 24 h average gives way', async () => {
    const v = mount({ history: filled(), config: noPreselection, width: 80, height: 24 });
    const f = await waitForFrame(v.frame, (x) => /main_farm .*9\d\.\d%/.test(x));
    expect(f).toMatch(/Account\s+Hash rate\s+Up 30 d\s+Reject/);
    expect(f).not.toContain('24 h avg');
    for (const line of f.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });
});
