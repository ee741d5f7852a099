/**
 * The dashboard's opening line from the history file (what happened since it was last closed on
 * the profile, said once, aloud too in screen-reader mode, the look marked on close) and the `!`
 * history merged with the file's alert log; a history file filled with rounds as a writer
 * records them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertChange } from '../../src/ui/alerts/alert-state.js';
import { mergeAlertLog } from '../../src/ui/alerts/use-alert-log.js';
import { DASHBOARD_VIEWER, sinceLastLookText, sinceWhen } from '../../src/ui/alerts/since-last-look.js';
import { AlertOverlay } from '../../src/ui/chrome/alert-overlay.js';
import { createNarrator, type Narrator, NarratorContext } from '../../src/ui/narration/narrator.js';
import { Shell } from '../../src/ui/shell.js';
import { DEFAULT_TERMINAL } from '../../src/terminal/capabilities.js';
import { configFixture, NOW, StubClient } from './helpers/fixtures.js';
import { mountView, waitForFrame } from './helpers/harness.js';
import { fillRounds, offlineEvent, tempStore } from './helpers/history-fixture.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});
const NOW_S = NOW / 1000;
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

/** A day of rounds: rig-07 away 2h 14m (from 05:00), rig-09 away since 11:30; their alerts. */
function filled() {
  const t = tempStore(NOW_S);
  cleanup.push(() => t.remove());
  fillRounds(t.store, {
    nowS: NOW_S,
    account: 'main_farm',
    workers: ['rig-01', 'rig-07', 'rig-09'],
    days: 1,
    stepS: 60,
    outages: [
      { worker: 'rig-07', fromAgoS: 7 * 3600, toAgoS: 7 * 3600 - 8040 },
      { worker: 'rig-09', fromAgoS: 1800, toAgoS: -1 },
    ],
    events: [
      offlineEvent('main_farm', 'rig-07', 'firing', NOW_S - 7 * 3600 + 120),
      offlineEvent('main_farm', 'rig-07', 'resolved', NOW_S - 7 * 3600 + 8040),
      offlineEvent('main_farm', 'rig-09', 'firing', NOW_S - 1800 + 120),
    ],
  });
  return t.store;
}

function shell(history: ReturnType<typeof filled> | undefined, narrator?: Narrator) {
  const view = mountView(
    () => (
      <NarratorContext.Provider value={narrator}>
        <Shell
          pausedRef={{ current: false }}
          onQuit={vi.fn()}
          terminal={{ repaint: vi.fn(), suspend: vi.fn() }}
        />
      </NarratorContext.Provider>
    ),
    { client: new StubClient(), config: configFixture, now: () => NOW, history },
  );
  cleanup.push(() => view.unmount());
  return view;
}

describe('since the last look', () => {
  it('says once, on opening, what happened since the dashboard was last closed, and aloud', async () => {
    const store = filled();
    store.markLooked(DASHBOARD_VIEWER, NOW_S - 8 * 3600);
    const said: string[] = [];
    const narrator = createNarrator((t) => said.push(t), DEFAULT_TERMINAL);
    const v = shell(store, narrator);
    const f = await waitForFrame(v.frame, (x) => x.includes('since today 04:00'));
    const line = 'since today 04:00: 2 incidents (1 still down) · rig-07 down 2h 14m · 2 alerts fired';
    expect(f).toContain(line);
    expect(said.filter((t) => t.includes('since '))).toEqual([`${line}\n`]);
    // Closing marks the look: the next opening starts from now.
    v.unmount();
    expect(store.sinceLastLook(DASHBOARD_VIEWER)).toMatchObject({ since: NOW_S, incidents: 0 });
  });

  it('says nothing the first time, and nothing without a history file', async () => {
    const store = filled();
    const v = shell(store);
    await waitForFrame(v.frame, (x) => x.includes('? help'));
    v.settle();
    expect(v.frame()).not.toContain('since ');
    v.unmount();
    expect(store.sinceLastLook(DASHBOARD_VIEWER).since).toBe(NOW_S);
    const without = shell(undefined);
    await waitForFrame(without.frame, (x) => x.includes('? help'));
    expect(without.frame()).not.toContain('since ');
  });

  it('words: today, yesterday, a date; one incident; none', () => {
    const noon = NOW;
    expect(sinceWhen(noon - 3600_000, noon)).toBe('today 11:00');
    expect(sinceWhen(noon - 18 * 3600_000, noon)).toBe('yesterday 18:00');
    expect(sinceWhen(noon - 3 * 86_400_000, noon)).toBe('Nov 19 12:00');
    const term = DEFAULT_TERMINAL;
    expect(
      sinceLastLookText(
        { since: NOW_S - 3600, incidents: 0, ongoing: 0, longest: null, alerts: 0 },
        noon,
        term,
      ),
    ).toBe('since today 11:00: no worker went down');
    expect(
      sinceLastLookText({ since: null, incidents: 0, ongoing: 0, longest: null, alerts: 0 }, noon, term),
    ).toBe(undefined);
  });
});

describe('! with the history file', () => {
  it("shows the file's alert log before this session's, newest first, each event once", async () => {
    const store = filled();
    // This session saw rig-09 fire too (the same event the file holds) and something new.
    const live: AlertChange[] = [
      {
        seq: 1,
        atMs: (NOW_S - 1800 + 120) * 1000 + 700,
        id: 'worker_offline:main_farm:rig-09',
        label: 'main_farm/rig-09',
        from: 'ok',
        to: 'critical',
        value: 'offline',
      },
      {
        seq: 2,
        atMs: NOW - 60_000,
        id: 'threshold:null:workers',
        label: 'workers',
        from: 'ok',
        to: 'warning',
        value: '2,100',
      },
    ];
    const v = mountView(
      () => <AlertOverlay history={live} sinceMs={NOW - 600_000} width={100} height={20} active />,
      {
        client: new StubClient(),
        config: configFixture,
        now: () => NOW,
        history: store,
      },
    );
    cleanup.push(() => v.unmount());
    const f = await waitForFrame(v.frame, (x) => x.includes('(history file)'));
    const rows = f
      .split('\n')
      .filter((l) => /\d\d:\d\d:\d\d {2}\S/.test(l))
      .map((l) => l.replace(/^│ /, ''));
    expect(rows.map((r) => r.split(/ {2,}/).slice(0, 3).join(' | '))).toEqual([
      '11:59:00 | workers | OK → WARNING',
      '11:32:00 | main_farm/rig-09 | OK → CRITICAL',
      '07:14:00 | main_farm/rig-07 | CRITICAL → OK',
      '05:02:00 | main_farm/rig-07 | OK → CRITICAL',
    ]);
    expect(f).toContain('Alert history, 90 days (history file), newest first');
  });

  it('merges: a recorded event within two minutes of a live one of the same alert and state is one', () => {
    const change = (seq: number, atMs: number, to: AlertChange['to']): AlertChange => ({
      seq,
      atMs,
      id: 'a',
      label: 'a',
      from: 'ok',
      to,
      value: '',
    });
    const live = [change(1, 1_000_000, 'critical')];
    const recorded = [
      change(-3, 500_000, 'critical'),
      change(-2, 1_060_000, 'critical'),
      change(-1, 1_000_000, 'ok'),
    ];
    expect(mergeAlertLog(recorded, live).map((c) => c.seq)).toEqual([-3, -1, 1]);
    expect(mergeAlertLog([], live)).toBe(live);
  });
});
