/** The Mining tab (ink-testing-library) over a scripted Mining API. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRange } from '../../src/alerts/range.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { sumDecimals, withPlaces } from '../../src/format/decimal.js';
import { liveness, type StatusReport } from '../../src/ui/status-report.js';
import {
  clientOf,
  FakeMining,
  KEYS,
  keyedConfig,
  keylessConfig,
  mountMining,
  refused,
  NOW,
  waitForFrame,
  waitUntil,
} from './helpers/mining-fakes.js';
import { elapse, fakeClock } from './helpers/fixtures.js';
import { keyOf } from './helpers/keys.js';
import { scriptedFeed, watcherFeed } from './helpers/watcher-feed.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
  vi.useRealTimers();
});

function mount(fake = new FakeMining(), opts: Omit<Parameters<typeof mountMining>[0], 'client'> = {}) {
  const view = mountMining({ client: clientOf(fake), ...opts });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, fake, press };
}

const headline = (f: string) => f.includes('Workers 37 online');
const rowsLoaded = (f: string) => /rig-0001\s+100 TH\/s/.test(f);
const noPreselection = { ...keyedConfig, miningAccount: undefined };

describe('Mining tab', () => {
  it('asks for credentials without an API key and sends nothing', async () => {
    const v = mount(new FakeMining(), { config: keylessConfig });
    const f = await waitForFrame(v.frame, (x) => x.includes('Mining accounts need an API key and secret'));
    expect(f).toContain('WHITEBIT_API_KEY');
    expect(v.fake.calls).toHaveLength(0);
    // Its text is wrapped between words: every line starts at the panel's edge, none a space further.
    const prose = f.split('\n').filter((l) => l.trim() !== '' && !/API (key|secret)\s|Config file:/.test(l));
    expect(prose.length).toBeGreaterThan(3);
    for (const line of prose) expect(line, f).toMatch(/^ \S/);
  });

  it('a picks another account from the single-account view; Esc keeps the one shown', async () => {
    const v = mount(new FakeMining());
    let f = await waitForFrame(v.frame, (x) => headline(x) && x.includes('another of 3'));
    expect(f).toContain('Account main_farm · a: another of 3 · Esc: fleet');
    f = await v.press(keyOf('mining', 'choose-account'), (x) => x.includes('Choose a mining account'));
    expect(f).toMatch(/› main_farm\s+created .* · shown now/);
    f = await v.press(KEYS.escape, headline);
    expect(f).toContain('Account main_farm');
    await v.press(keyOf('mining', 'choose-account'), (x) => x.includes('Choose a mining account'));
    await v.press(KEYS.down, (x) => /› solar_shed/.test(x));
    f = await v.press(KEYS.enter, (x) => headline(x) && x.includes('Account solar_shed'));
    expect(v.fake.callsOf('minerInfo').map((c) => c.query.account)).toContain('solar_shed');
  });

  it('opens the only account without a picker, and the preselected one straight away', async () => {
    const only = new FakeMining();
    only.accountList = only.accountList.slice(2);
    const a = mount(only, { config: noPreselection });
    expect(await waitForFrame(a.frame, headline)).toContain('Account hosting_kz');
    const b = mount();
    const f = await waitForFrame(b.frame, headline);
    expect(f).toContain('Account main_farm');
    expect(b.fake.callsOf('minerInfo')[0]?.query).toEqual({ account: 'main_farm' });
  });

  it('says so when the key has no mining accounts', async () => {
    const none = new FakeMining();
    none.accountList = [];
    const v = mount(none, { config: noPreselection });
    await waitForFrame(v.frame, (x) => x.includes('This API key has no mining accounts'));
  });

  it('shows the headline: now, 24 h average, reject rate, workers with changes since the last poll, fee', async () => {
    const v = mount(new FakeMining(), { intervalSec: 1 });
    let f = await waitForFrame(v.frame, (x) => headline(x) && x.includes('Reject 0.84 %'));
    expect(f).toMatch(/Hash rate \d[\d.]* PH\/s · 24 h average \d[\d.]* PH\/s · Reject 0\.84 %/);
    expect(f).toContain('Workers 37 online · 2 low · 1 offline · Fee 2.5 %');
    await waitForFrame(v.frame, (x) => x.includes('Payout main balance'));
    v.fake.info = { ...v.fake.info, workers: { online: 35, low: 3, offline: 2 } };
    // The next poll (one interval later) brings the change, as text.
    f = await waitForFrame(v.frame, (x) => x.includes('Workers 35 online'), 5000);
    expect(f).toContain('Workers 35 online ▼ 2 · 3 low ▲ 1 · 2 offline ▲ 1 · Fee 2.5 %');
  });

  it('marks values past the preferences thresholds with WARN and CRIT in words', async () => {
    const thresholds = {
      pool: {},
      mining: {
        reject_rate: { warning: parseRange('0.005', 'ratio'), critical: parseRange('0.02', 'ratio') },
        workers_offline: { critical: parseRange('0', 'count') },
        workers_online: { warning: parseRange('10:', 'count') },
      },
    };
    // The dashboard's watcher judges the account (as app.tsx makes it); the pane only draws.
    const fake = new FakeMining();
    const judged = watcherFeed(clientOf(fake), thresholds, 3600, () => NOW);
    cleanup.push(judged.stop);
    const v = mount(fake, { thresholds, feed: judged.feed });
    let f = await waitForFrame(v.frame, (x) => headline(x) && /Reject 0\.84 % WARN/.test(x));
    expect(f).toMatch(/1 offline CRIT/);
    expect(f).toMatch(/37 online ·/); // within its range: no word
    v.unmount();
    const worse = new FakeMining();
    worse.rejectRate = 0.05;
    const again = watcherFeed(clientOf(worse), thresholds, 3600, () => NOW);
    cleanup.push(again.stop);
    const w = mount(worse, { thresholds, feed: again.feed });
    f = await waitForFrame(w.frame, (x) => headline(x) && /Reject 5\.00 % CRIT/.test(x));
  });

  it("marks a value with the watcher's judgement, not one of its own", async () => {
    const { feed, judge } = scriptedFeed();
    // No thresholds the view could judge by: whatever it marks is the watcher's.
    const v = mount(new FakeMining(), { feed });
    let f = await waitForFrame(v.frame, (x) => headline(x) && x.includes('Reject 0.84 %'));
    expect(f).not.toMatch(/WARN|CRIT/);
    judge({ 'mining:main_farm:reject_rate': 'warning', 'mining:main_farm:workers_offline': 'critical' });
    f = await waitForFrame(v.frame, (x) => /Reject 0\.84 % WARN/.test(x));
    expect(f).toMatch(/1 offline CRIT/);
    judge({ 'mining:main_farm:reject_rate': 'ok', 'mining:other:workers_offline': 'critical' });
    f = await waitForFrame(v.frame, (x) => headline(x) && !/WARN|CRIT/.test(x));
  });

  it('toggles the chart between 5 min, 1 h and 24 h points, asking each window once', async () => {
    const v = mount();
    let f = await waitForFrame(
      v.frame,
      (x) => x.includes('Hash rate · 5 min points, 24 h (t: 1 h)') && /PH\/s[┼┤]/.test(x),
    );
    expect(f).toContain('Reject 0.84 %');
    // The headline and the 5-minute chart share one request.
    expect(v.fake.callsOf('hashrate').map((c) => c.query.interval)).toEqual(['5m']);
    f = await v.press(
      keyOf('mining', 'chart-interval'),
      (x) => x.includes('Hash rate · hourly, 7 days (t: 24 h)') && /PH\/s[┼┤]/.test(x),
    );
    f = await v.press(
      keyOf('mining', 'chart-interval'),
      (x) => x.includes('Hash rate · daily, 30 days (t: 5 min)') && /PH\/s[┼┤]/.test(x),
    );
    await v.press(keyOf('mining', 'chart-interval'), (x) => x.includes('5 min points, 24 h'));
    const asked = v.fake
      .callsOf('hashrate')
      .map((c) => [c.query.interval, NOW / 1000 - (c.query.from as number)]);
    expect(asked).toEqual([
      ['5m', 86_400],
      ['1h', 7 * 86_400],
      ['24h', 30 * 86_400],
    ]);
  });

  it('pages workers 100 at a time like Sub-accounts', async () => {
    const fake = new FakeMining();
    fake.workerCount = 250;
    const v = mount(fake);
    let f = await waitForFrame(v.frame, (x) => x.includes('rows 1–100 ·') && rowsLoaded(x));
    expect(f).toContain('page size 100');
    f = await v.press(KEYS.pageDown, (x) => x.includes('rows 101–200 ·') && /rig-0101\s+100 TH\/s/.test(x));
    f = await v.press(
      keyOf('mining', 'page-down', 1),
      (x) => x.includes('rows 201–250 ·') && x.includes('end of list'),
    );
    f = await v.press(
      keyOf('mining', 'page-down', 1),
      (x) => x.includes('end of list') && /end of list\s*$/.test(x.trim()),
    );
    f = await v.press(keyOf('mining', 'page-up', 1), (x) => x.includes('rows 101–200 ·'));
    // Each page once, and the whole listing once: the first page alone, then four at a time.
    const asked = fake.callsOf('workerNames').map((c) => [c.query.offset, c.query.limit]);
    expect(asked.sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [0, 100],
      [0, 100],
      [100, 100],
      [100, 100],
      [200, 100],
      [200, 100],
      [300, 100],
      [400, 100],
    ]);
  });

  it('searches every worker name (the API has no filter) and pages the matches', async () => {
    const fake = new FakeMining();
    fake.workerCount = 250;
    const v = mount(fake);
    await waitForFrame(v.frame, rowsLoaded);
    await v.press(keyOf('mining', 'search'), (x) => x.includes('Search:'));
    for (const ch of '002') v.stdin.write(ch);
    // rig-0002 and rig-0020…0029, found across three pages of names
    let f = await waitForFrame(v.frame, (x) => x.includes('search "002"') && x.includes('rows 1–11 ·'));
    expect(f).toMatch(/› rig-0002/);
    // The first page, and the whole listing once (the gone workers' and the search's).
    const offsets = fake.callsOf('workerNames').map((c) => Number(c.query.offset));
    expect(offsets.sort((x, y) => x - y)).toEqual([0, 0, 100, 200, 300, 400]);
    const listed = f.split('\n').filter((l) => /^[› ] rig-/.test(l));
    expect(listed.length).toBeGreaterThan(5);
    for (const row of listed) expect(row).toContain('002');
    f = await v.press(KEYS.enter, (x) => !x.includes('Search:') && x.includes('search "002"'));
    f = await v.press(KEYS.escape, (x) => !x.includes('search "') && x.includes('rows 1–100 ·'));
  });

  it("opens the selected worker's chart with Enter and closes it with Esc", async () => {
    const v = mount();
    await waitForFrame(v.frame, rowsLoaded);
    await v.press(KEYS.down, (x) => /› rig-0002/.test(x));
    let f = await v.press(
      KEYS.enter,
      (x) => x.includes('Worker rig-0002 · 5 min points') && /TH\/s[┼┤]/.test(x),
    );
    const chartCalls = v.fake.callsOf('workerHashrate').filter((c) => c.query.worker === 'rig-0002');
    expect(chartCalls.map((c) => [c.query.interval, NOW / 1000 - (c.query.from as number)])).toContainEqual([
      '5m',
      86_400,
    ]);
    // Beside the rewards at 120 columns the span gives way to the name and the keys, uncut.
    f = await v.press(keyOf('mining', 'chart-interval'), (x) =>
      x.includes('Worker rig-0002 · hourly (t: 24 h · Esc)'),
    );
    f = await v.press(KEYS.escape, (x) => x.includes('Hash rate · hourly, 7 days'));
    expect(f).not.toContain('Worker rig-0002 ·');
  });

  it('lists rewards newest first with status in words and exact totals of the rows shown; ] and [ page', async () => {
    const v = mount(new FakeMining(), { width: 100, height: 30 });
    let f = await waitForFrame(v.frame, (x) => x.includes('newest first'));
    const limit = Number(/Rewards 1–(\d+), newest first/.exec(f)?.[1]);
    expect(limit).toBeGreaterThan(1);
    // To BTC's 8 places, whatever zeros the API left off.
    expect(f).toMatch(/2025-11-21 pending\s+0\.00100000 BTC/);
    expect(f).toMatch(/2025-11-20 successful\s+0\.00110000 BTC/);
    const shown = v.fake.rewardList.slice(0, limit);
    expect(f).toContain(
      `after fee ${withPlaces(sumDecimals(shown.map((r) => r.reward)), 8)} BTC (successful `,
    );
    f = await v.press(
      keyOf('mining', 'older-rewards'),
      (x) => x.includes(`Rewards ${limit + 1}–`) && x.includes('newest first'),
    );
    expect(f).toContain('[ newer');
    const pages = v.fake.callsOf('rewards').filter((c) => c.query.from === undefined);
    expect(pages.map((c) => [c.query.offset, c.query.limit])).toEqual([
      [0, limit],
      [limit, limit],
    ]);
    await v.press(keyOf('mining', 'newer-rewards'), (x) => x.includes('Rewards 1–'));
  });

  it('copies the selected watcher link with y (OSC 52); l selects the next', async () => {
    const v = mount();
    await waitForFrame(v.frame, (x) => x.includes('Watchers › ops'));
    v.stdin.write(keyOf('mining', 'copy-link'));
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    await waitUntil(
      () => v.sent.includes(`\x1b]52;c;${b64('https://whitebit.example/mining/watch/aaa')}\x07`),
      'the first link copied',
    );
    await v.press(keyOf('mining', 'next-link'), (x) => /› family/.test(x));
    v.stdin.write(keyOf('mining', 'copy-link'));
    await waitUntil(
      () => v.sent.includes(`\x1b]52;c;${b64('https://whitebit.example/mining/watch/bbb')}\x07`),
      'the second link copied',
    );
    expect(v.ui.notify).toHaveBeenLastCalledWith(
      'Sent https://whitebit.example/mining/wat… to the terminal clipboard (OSC 52).',
    );
  });

  it('degrades one row for one odd worker: a failed series, a hostile name', async () => {
    const fake = new FakeMining();
    fake.workerName = (i) =>
      i === 1 ? 'evil\x1b[2J\x1b]52;c;AAAA\x07name' : `rig-${String(i + 1).padStart(4, '0')}`;
    fake.fail = (op, q) =>
      op === 'workerHashrate' && q.worker === 'rig-0003'
        ? new PooltopError('api', 'Internal error', { status: 500 })
        : undefined;
    const v = mount(fake);
    const f = await waitForFrame(
      v.frame,
      (x) => rowsLoaded(x) && x.includes('no series (500)') && /rig-0004\s+100 TH\/s/.test(x),
    );
    expect(f).toMatch(/rig-0003\s+no series \(500\)/);
    expect(f).toMatch(/evil.*name\s+100 TH\/s/);
    expect(f).not.toContain('\x1b');
    expect(f).toContain('Workers 37 online'); // the rest of the tab is whole
  });

  it('polls the headline every interval, series and names once a minute, names again when the counts change', async () => {
    fakeClock();
    const v = mount(new FakeMining(), { intervalSec: 1 });
    await waitForFrame(v.frame, (x) => headline(x) && rowsLoaded(x), 10_000);
    const infoBefore = v.fake.callsOf('minerInfo').length;
    await elapse(2_300); // two 1 s intervals and more
    expect(v.fake.callsOf('minerInfo').length).toBeGreaterThanOrEqual(infoBefore + 2);
    // The 5-minute series feeds the headline and the chart: one key, asked once so far.
    expect(v.fake.callsOf('hashrate').map((c) => c.query.interval)).toEqual(['5m']);
    // The page on screen, and the whole listing the gone workers need (one page for 40 workers).
    expect(v.fake.callsOf('workerNames')).toHaveLength(2);

    // A worker going from online to low leaves the list of connected names as it is.
    v.fake.info = { ...v.fake.info, workers: { online: 36, low: 3, offline: 1 } };
    await waitForFrame(v.frame, (x) => x.includes('Workers 36 online'), 5_000);
    await elapse(1_200);
    expect(v.fake.callsOf('workerNames')).toHaveLength(2);

    v.fake.info = { ...v.fake.info, workers: { online: 36, low: 2, offline: 2 } };
    v.fake.workerCount = 38;
    await waitForFrame(v.frame, (x) => x.includes('2 offline'), 5_000);
    await waitUntil(() => v.fake.callsOf('workerNames').length === 4, 'the names asked again', 2_000);
    expect(v.fake.callsOf('workerNames').map((c) => c.query.offset)).toEqual([0, 0, 0, 0]);
    expect(v.fake.callsOf('hashrate')).toHaveLength(1);
  });

  it('lists the names again when the counts changed while the first listing was on its way', async () => {
    fakeClock();
    const fake = new FakeMining();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const names = fake.workerNames;
    fake.workerNames = async (q) => {
      await held;
      return names(q);
    };
    const v = mount(fake, { intervalSec: 1 });
    await waitForFrame(v.frame, (x) => headline(x) && x.includes('1 offline'), 10_000);
    // A worker leaves while the names are being read: the listing answers the counts it was asked at.
    fake.info = { ...fake.info, workers: { online: 36, low: 2, offline: 2 } };
    fake.workerCount = 38;
    await waitForFrame(v.frame, (x) => x.includes('2 offline'), 5_000);
    release();
    // Three held: the page on screen, the tab's whole listing and the watcher's.
    await waitUntil(() => fake.callsOf('workerNames').length >= 3, 'the listings held', 5_000);
    await elapse(2_300);
    // The tab's listing answered the counts before the change: it lists again (one page for 38).
    await waitUntil(() => fake.callsOf('workerNames').length >= 4, 'the names asked again', 2_000);
  });

  it('a listing that fails at once is asked again at the next poll of the counts, not as fast as it fails', async () => {
    fakeClock();
    const fake = new FakeMining();
    const v = mount(fake, { intervalSec: 1 });
    await waitForFrame(v.frame, (x) => headline(x) && rowsLoaded(x), 10_000);
    const before = fake.callsOf('workerNames').length;
    // Refused at once from now on; past 50 calls held forever, so a loop ends the test, not the run.
    const names = fake.workerNames.bind(fake);
    let sent = 0;
    fake.workerNames = (q) => {
      sent++;
      return sent > 50 ? new Promise<never>(() => {}) : names(q);
    };
    fake.fail = (op) => (op === 'workerNames' ? refused() : undefined);
    fake.info = { ...fake.info, workers: { online: 36, low: 2, offline: 2 } };
    await waitForFrame(v.frame, (x) => x.includes('2 offline'), 5_000);
    await elapse(2_300); // two polls of the counts and more
    // The listing asked again once per poll at most (the page on screen is refused too, once).
    expect(fake.callsOf('workerNames').length - before).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(6);
  });

  it('shown again with data older than its period, asks each resource once (the headline and the chart share the 5-minute series)', async () => {
    fakeClock();
    let now = NOW;
    const v = mount(new FakeMining(), { intervalSec: 1, now: () => now });
    await waitForFrame(
      v.frame,
      (x) => headline(x) && rowsLoaded(x) && x.includes('newest first') && x.includes('m: months'),
      10_000,
    );
    v.setHidden(true);
    await elapse(200);
    const asked = v.fake.calls.length;
    now += 120_000; // every answer is now older than its period, the minute of the slow ones too
    v.setHidden(false);
    // The page of rewards (no window) and the year behind the yield trend (from a year ago).
    const pages = () => v.fake.callsOf('rewards').filter((c) => c.query.from === undefined);
    const years = () => v.fake.callsOf('rewards').filter((c) => c.query.from !== undefined);
    await waitUntil(() => pages().length === 2, 'the rewards asked again', 3_000);
    await elapse(300); // every request the showing queued has started
    const again = v.fake.calls.slice(asked);
    expect(again.filter((c) => c.op === 'hashrate')).toHaveLength(1);
    expect(again.filter((c) => c.op === 'minerInfo').length).toBeGreaterThanOrEqual(1);
    expect(again.filter((c) => c.op === 'workerNames')).toHaveLength(1);
    await waitUntil(() => years().length === 2, 'the year of rewards asked again', 3_000);
  });

  it('the fleet table is LIVE while its newest answer is younger than two intervals', async () => {
    let report: StatusReport | undefined;
    let now = NOW;
    const v = mount(new FakeMining(), {
      config: noPreselection,
      intervalSec: 1,
      now: () => now,
      onReport: (r) => {
        report = r;
      },
    });
    await waitForFrame(v.frame, (x) => x.includes('Mining fleet'));
    await waitUntil(
      () => report?.what === 'mining fleet' && report.fetchedAt !== undefined,
      'the fleet reporting',
    );
    const fetchedAt = report?.fetchedAt ?? 0;
    now = fetchedAt + 1_500;
    expect(liveness(report, false, now, 1_000)).toBe('LIVE');
    now = fetchedAt + 5_000; // polls missed
    expect(liveness(report, false, now, 1_000)).toBe('STALE');
  });

  it('neither asks nor polls while hidden; shown again, it draws the cached data at once', async () => {
    fakeClock();
    const v = mount(new FakeMining(), { hidden: true, intervalSec: 1 });
    await elapse(50);
    expect(v.fake.calls).toHaveLength(0);
    v.setHidden(false);
    const everyRow = (x: string) =>
      x
        .split('\n')
        .filter((l) => /^[› ] rig-/.test(l))
        .every((l) => l.includes('TH/s'));
    await waitForFrame(
      v.frame,
      (x) => headline(x) && rowsLoaded(x) && everyRow(x) && x.includes('newest first'),
      10_000,
    );
    v.setHidden(true);
    await elapse(200); // a poll already queued when it hid may still start
    const asked = v.fake.calls.length;
    await elapse(1500); // more than the 1 s interval
    expect(v.fake.calls.slice(asked)).toEqual([]);
    v.setHidden(false);
    expect(v.frame()).toContain('Workers 37 online'); // the first frame after showing it
    expect(asked).toBeGreaterThan(0);
  });
});
