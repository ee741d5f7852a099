/**
 * The Mining tab's fleet table (more than one mining account) and the gone workers of the
 * worker list, over a scripted Mining API, time under the test's control (fake timers).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRange } from '../../src/alerts/range.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { displayWidth } from '../../src/format/width.js';
import {
  clientOf,
  FakeMining,
  KEYS,
  keyedConfig,
  mountMining,
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

const noPreselection = { ...keyedConfig, miningAccount: undefined };
type Counts = { online: number; low: number; offline: number };

/** Each account its own worker counts and hash rate (a multiple of the fake's). */
function fleetFake(counts: Record<string, Counts>, scale: Record<string, number>) {
  const fake = new FakeMining();
  const info = fake.minerInfo;
  const hashrate = fake.hashrate;
  fake.minerInfo = async (q, o) => ({ ...(await info(q, o)), workers: { ...counts[q.account] } as Counts });
  fake.hashrate = async (q, o) => {
    const s = await hashrate(q, o);
    const k = scale[q.account] ?? 1;
    return { ...s, hashrate: s.hashrate.map((p) => ({ ...p, hashrate: (p.hashrate ?? 0) * k })) };
  };
  return fake;
}

function mount(fake: FakeMining, opts: Omit<Parameters<typeof mountMining>[0], 'client'> = {}) {
  const view = mountMining({ client: clientOf(fake), config: noPreselection, now: Date.now, ...opts });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, press };
}

/** The fleet's rows, in screen order: the account names. */
const order = (f: string) =>
  f
    .split('\n')
    .filter((l) => /^[› ] (main_farm|solar_shed|hosting_kz)\b/.test(l))
    .map((l) => l.slice(2).split(' ')[0]);
const rowOf = (f: string, name: string) => f.split('\n').find((l) => l.slice(2).startsWith(`${name} `)) ?? '';
const allLoaded = (f: string) =>
  order(f).length === 3 && !f.includes('loaded ·') && /\d{4}-\d\d-\d\d 0\.00102/.test(f);

const COUNTS: Record<string, Counts> = {
  main_farm: { online: 37, low: 2, offline: 1 },
  solar_shed: { online: 9, low: 0, offline: 4 },
  hosting_kz: { online: 120, low: 3, offline: 0 },
};
const SCALE = { main_farm: 1, solar_shed: 0.25, hosting_kz: 3 };

describe('Mining tab: the fleet table', () => {
  it('opens on one row per account with its figures; Enter opens one, Esc comes back to it', async () => {
    fakeClock();
    const fake = fleetFake(COUNTS, SCALE);
    const v = mount(fake, { intervalSec: 10 });
    let f = await waitForFrame(v.frame, allLoaded, 10_000);
    expect(f).toMatch(/Mining fleet · 3 accounts · sorted as listed/);
    expect(f).toMatch(
      /Account\s+Hash rate\s+24 h avg\s+Reject\s+On · low · off\s+Gone\s+Last reward\s+Status/,
    );
    expect(order(f)).toEqual(['main_farm', 'solar_shed', 'hosting_kz']);
    expect(rowOf(f, 'main_farm')).toMatch(
      /PH\/s [↑↓→]\s+\d[\d.]* PH\/s\s+0\.84 %\s+37 · 2 · 1\s+0\s+\d{4}-\d\d-\d\d 0\.00102 BTC\s+pending/,
    );
    expect(rowOf(f, 'solar_shed')).toMatch(/\s9 · 0 · 4\s/);
    expect(rowOf(f, 'hosting_kz')).toMatch(/\s120 · 3 · 0\s/);
    // Every account's miners/info once, no account's worker series.
    expect(new Set(fake.callsOf('minerInfo').map((c) => c.query.account))).toEqual(
      new Set(['main_farm', 'solar_shed', 'hosting_kz']),
    );
    expect(fake.callsOf('workerHashrate')).toHaveLength(0);

    f = await v.press(KEYS.down, (x) => /^› solar_shed/m.test(x));
    f = await v.press(KEYS.enter, (x) => x.includes('Account solar_shed · a: another of 3 · Esc: fleet'));
    expect(f).toContain('Workers 9 online · 0 low · 4 offline');
    f = await v.press(KEYS.escape, (x) => x.includes('Mining fleet'));
    expect(f).toMatch(/^› solar_shed/m); // the cursor where it was
  });

  it('Esc closes the worker chart first, then goes back to the fleet', async () => {
    fakeClock();
    const v = mount(fleetFake(COUNTS, SCALE), { intervalSec: 10 });
    await waitForFrame(v.frame, allLoaded, 10_000);
    await v.press(KEYS.enter, (x) => /rig-0001\s+100 TH\/s/.test(x) && x.includes('Account main_farm'));
    await v.press(KEYS.enter, (x) => x.includes('rig-0001 ·'));
    let f = await v.press(KEYS.escape, (x) => !x.includes('rig-0001 ·'));
    expect(f).toContain('Account main_farm');
    f = await v.press(KEYS.escape, (x) => x.includes('Mining fleet'));
    expect(order(f)).toEqual(['main_farm', 'solar_shed', 'hosting_kz']);
  });

  it('sorts as the Sub-accounts list does: s the next column, S reverses', async () => {
    fakeClock();
    const v = mount(fleetFake(COUNTS, SCALE), { intervalSec: 10 });
    await waitForFrame(v.frame, allLoaded, 10_000);
    let f = await v.press(keyOf('mining', 'sort'), (x) => x.includes('sorted by account ↑'));
    expect(order(f)).toEqual(['hosting_kz', 'main_farm', 'solar_shed']);
    f = await v.press(keyOf('mining', 'sort-reverse'), (x) => x.includes('sorted by account ↓'));
    expect(order(f)).toEqual(['solar_shed', 'main_farm', 'hosting_kz']);
    f = await v.press(keyOf('mining', 'sort'), (x) => x.includes('sorted by hash rate ↓'));
    expect(order(f)).toEqual(['hosting_kz', 'main_farm', 'solar_shed']);
    f = await v.press(keyOf('mining', 'sort-reverse'), (x) => x.includes('sorted by hash rate ↑'));
    expect(order(f)).toEqual(['solar_shed', 'main_farm', 'hosting_kz']);
    // Enter opens the row under the cursor in the order shown.
    f = await v.press(KEYS.enter, (x) => x.includes('Account solar_shed'));
  });

  it('keeps the sort and its keys on the heading at 80 columns, however long the sort name', async () => {
    fakeClock();
    const v = mount(fleetFake(COUNTS, SCALE), { intervalSec: 10, width: 80, height: 24 });
    await waitForFrame(v.frame, (x) => order(x).length === 3 && !x.includes('loaded ·'), 10_000);
    const heading = (f: string) => f.split('\n').find((l) => l.startsWith('Mining fleet')) ?? '';
    await v.press('sss', (x) => x.includes('sorted by 24 h average ↓'));
    const f = await v.press(keyOf('mining', 'sort'), (x) => x.includes('sorted by reject rate ↓'));
    expect(heading(f)).toBe('Mining fleet · 3 accounts · sorted by reject rate ↓ · s/S sort · Enter opens');
    expect(displayWidth(heading(f))).toBeLessThanOrEqual(80);
  });

  it('says WARN and CRIT in words per account when thresholds are set', async () => {
    fakeClock();
    const thresholds = {
      pool: {},
      mining: {
        workers_offline: { warning: parseRange('0:3', 'count'), critical: parseRange('0:10', 'count') },
        workers_online: { critical: parseRange('10:', 'count') },
      },
    };
    const fake = fleetFake(COUNTS, SCALE);
    // The dashboard's watcher judges every account (as app.tsx makes it); the table only draws.
    const judged = watcherFeed(clientOf(fake), thresholds, 10, Date.now);
    cleanup.push(judged.stop);
    const v = mount(fake, { intervalSec: 10, thresholds, feed: judged.feed });
    const f = await waitForFrame(v.frame, (x) => allLoaded(x) && /CRIT/.test(x), 10_000);
    expect(f).toMatch(/Status\s+Alert/);
    expect(rowOf(f, 'main_farm')).toMatch(/\s+ok$/); // 1 offline, 39 online
    expect(rowOf(f, 'solar_shed')).toMatch(/\s+CRIT$/); // 9 online: under 10
    expect(rowOf(f, 'hosting_kz')).toMatch(/\s+ok$/);
    COUNTS.main_farm = { online: 37, low: 2, offline: 5 };
    await elapse(11_000); // the next poll
    const g = await waitForFrame(v.frame, (x) => /WARN/.test(rowOf(x, 'main_farm')));
    expect(rowOf(g, 'main_farm')).toMatch(/\s+WARN$/);
    COUNTS.main_farm = { online: 37, low: 2, offline: 1 };
  });

  it("takes each account's alert from the watcher's judgement: ? until judged, then its worst", async () => {
    fakeClock();
    const { feed, judge } = scriptedFeed();
    const thresholds = { pool: {}, mining: { workers_online: { critical: parseRange('10:', 'count') } } };
    // The counts would be fine by these thresholds: what the rows say is the watcher's word.
    const v = mount(fleetFake(COUNTS, SCALE), { intervalSec: 10, thresholds, feed });
    let f = await waitForFrame(v.frame, allLoaded, 10_000);
    expect(rowOf(f, 'main_farm')).toMatch(/\s+\?$/);
    judge({
      'mining:main_farm:workers_online': 'ok',
      'mining:solar_shed:workers_online': 'critical',
      'mining:hosting_kz:workers_online': 'warning',
    });
    f = await waitForFrame(v.frame, (x) => /CRIT$/.test(rowOf(x, 'solar_shed')));
    expect(rowOf(f, 'main_farm')).toMatch(/\s+ok$/);
    expect(rowOf(f, 'hosting_kz')).toMatch(/\s+WARN$/);
  });

  it('counts a worker gone after a complete listing misses it, and not after it comes back', async () => {
    fakeClock();
    const counts = structuredClone(COUNTS);
    const fake = fleetFake(counts, SCALE);
    const v = mount(fake, { intervalSec: 10 });
    await waitForFrame(v.frame, allLoaded, 10_000);
    await waitUntil(() => fake.callsOf('workerNames').length === 3, 'every account listed once');
    await elapse(5 * 60_000);
    // rig-0007 drops off every account: the counts change, so the names are listed again.
    fake.workerName = (i) => `rig-${String(i < 6 ? i + 1 : i + 2).padStart(4, '0')}`;
    fake.workerCount = 39;
    counts.main_farm = { online: 36, low: 2, offline: 2 };
    await elapse(11_000); // the next poll, then the listing it starts
    let f = await waitForFrame(v.frame, (x) => /\s1\s+\d{4}-/.test(rowOf(x, 'main_farm')), 30_000);
    expect(rowOf(f, 'main_farm')).toMatch(/36 · 2 · 2\s+1\s/);
    expect(rowOf(f, 'solar_shed')).toMatch(/9 · 0 · 4\s+0\s/); // its counts did not change: not listed again

    // In the account's worker list: after the connected ones, in words.
    await v.press(KEYS.enter, (x) => x.includes('Account main_farm') && /rig-0001\s+100 TH\/s/.test(x));
    await waitForFrame(v.frame, (x) => x.includes('rows 1–40 ·'));
    f = await v.press(keyOf('mining', 'last-row', 1), (x) => /› rig-0007\s+gone \d/.test(x));
    expect(f).toMatch(/rig-0007\s+gone 5m [01]\ds/);
    const lines = f.split('\n').filter((l) => /^[› ] rig-/.test(l));
    expect(lines.at(-1)).toMatch(/rig-0007\s+gone/);

    // It comes back.
    fake.workerName = (i) => `rig-${String(i + 1).padStart(4, '0')}`;
    fake.workerCount = 40;
    counts.main_farm = { online: 37, low: 2, offline: 1 };
    await elapse(11_000);
    f = await waitForFrame(v.frame, (x) => x.includes('Workers 37 online') && !x.includes('gone'), 30_000);
    f = await v.press(
      KEYS.escape,
      (x) => x.includes('Mining fleet') && /37 · 2 · 1\s+0\s/.test(rowOf(x, 'main_farm')),
    );
  });

  it('lists again every ten minutes: one worker leaving as another comes back leaves the counts as they were', async () => {
    fakeClock();
    const fake = fleetFake(structuredClone(COUNTS), SCALE);
    const v = mount(fake, { intervalSec: 10 });
    await waitForFrame(v.frame, allLoaded, 10_000);
    await waitUntil(() => fake.callsOf('workerNames').length === 3, 'every account listed once');
    await elapse(1_000); // and answered
    // rig-0003 leaves and rig-0041 comes: 40 names still, the same counts.
    fake.workerName = (i) => `rig-${String(i < 2 ? i + 1 : i + 2).padStart(4, '0')}`;
    await elapse(5 * 60_000);
    expect(fake.callsOf('workerNames')).toHaveLength(3);
    expect(rowOf(v.frame(), 'main_farm')).toMatch(/37 · 2 · 1\s+0\s/);
    await elapse(5 * 60_000 + 11_000);
    // Every account lists again (each at its own poll), and rig-0003 counts as gone in each.
    await waitForFrame(
      v.frame,
      (x) =>
        /37 · 2 · 1\s+1\s/.test(rowOf(x, 'main_farm')) &&
        /9 · 0 · 4\s+1\s/.test(rowOf(x, 'solar_shed')) &&
        /120 · 3 · 0\s+1\s/.test(rowOf(x, 'hosting_kz')),
      20_000,
    );
    expect(fake.callsOf('workerNames')).toHaveLength(6);
  });

  it('a listing with a failed page marks nothing gone; it is tried again at the next poll', async () => {
    fakeClock();
    const fake = new FakeMining();
    fake.accountList = fake.accountList.slice(0, 1); // one account: its own view at once
    fake.workerCount = 150; // two pages of names; the listing also asks 200, 300, 400 (empty)
    const v = mount(fake, { intervalSec: 10 });
    await waitForFrame(
      v.frame,
      (x) => x.includes('Workers 37 online') && /rig-0001\s+100 TH\/s/.test(x),
      10_000,
    );
    await waitUntil(
      () => fake.callsOf('workerNames').some((c) => c.query.offset === 400),
      'the whole listing',
    );
    await v.press(keyOf('mining', 'page-down', 1), (x) => x.includes('rows 101–150 ·'));

    fake.workerName = (i) => `rig-${String(i < 119 ? i + 1 : i + 2).padStart(4, '0')}`; // rig-0120 leaves
    fake.workerCount = 149;
    fake.fail = (op, q) =>
      op === 'workerNames' && q.offset === 200
        ? new PooltopError('http', 'HTTP 500', { status: 500 })
        : undefined;
    const listed = fake.callsOf('workerNames').length;
    fake.info = { ...fake.info, workers: { online: 36, low: 2, offline: 2 } };
    await elapse(11_000);
    await waitForFrame(v.frame, (x) => x.includes('Workers 36 online'), 20_000);
    await waitUntil(
      () =>
        fake
          .callsOf('workerNames')
          .slice(listed)
          .some((c) => c.query.offset === 200),
      'the failing page asked',
    );
    await elapse(2_000);
    let f = await v.press(keyOf('mining', 'last-row', 1), (x) => /› rig-0150/.test(x));
    expect(f).not.toMatch(/gone/);

    // The page answers again: the next poll of the counts (still not those of the last complete
    // listing) lists again.
    fake.fail = () => undefined;
    await elapse(11_000);
    // The gone worker is a row after the connected ones: 49 connected + 1 on this page.
    f = await waitForFrame(v.frame, (x) => x.includes('rows 101–150 ·'), 20_000);
    f = await v.press(keyOf('mining', 'last-row', 1), (x) => /› rig-0120\s+gone \d/.test(x));
  });
});
