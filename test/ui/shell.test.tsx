/** The shell: tabs, help, terminal size, quitting. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindingsFor, keysLabel } from '../../src/ui/keymap.js';
import { TABS } from '../../src/ui/tabs.js';
import { resize, waitForFrame } from './helpers/harness.js';
import { loaded, startApp as start, unmountApps } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';
import { NOW } from './helpers/fixtures.js';
import { keyOf, tabKey } from './helpers/keys.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(unmountApps);

describe('shell', () => {
  it(`switches tabs with 1–${TABS.length}, Tab and Shift+Tab`, async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    const tabOn = (n: number) => (x: string) => x.includes(`[${n} ${TABS[n - 1]!.title}]`);
    app.press(tabKey(2));
    let f = await waitForFrame(app.frame, tabOn(2));
    expect(f).not.toContain('Workers 1,234');
    expect(f).not.toContain('updated just now'); // the pool's freshness is not this tab's
    app.press(keyOf('global', 'next-tab'));
    f = await waitForFrame(app.frame, tabOn(3));
    app.press(keyOf('global', 'prev-tab'));
    await waitForFrame(app.frame, tabOn(2));
    app.press(keyOf('global', 'next-tab')); // three keys before any re-render (as when they arrive together): all count
    app.press(keyOf('global', 'next-tab'));
    app.press(keyOf('global', 'next-tab'));
    await waitForFrame(app.frame, (x) => tabOn(1)(x) && loaded(x) && x.includes('updated just now'));
    app.press(tabKey(4));
    await waitForFrame(app.frame, tabOn(4));
    app.press(tabKey(3));
    await waitForFrame(app.frame, tabOn(3));
    app.press(tabKey(1));
    await waitForFrame(app.frame, (x) => tabOn(1)(x) && loaded(x));
  });

  it('shown again with old data, a tab is LIVE with its true age until two intervals after; then STALE', async () => {
    let t = NOW;
    const { app, client } = start({ now: () => t, intervalSec: 60 });
    await waitForFrame(app.frame, (x) => loaded(x) && x.split('\n')[0]!.endsWith('● LIVE'));
    app.press(tabKey(4));
    await waitForFrame(app.frame, (x) => x.includes('[4 Session]'));
    // Ten minutes on another tab: the pool tab was not polled meanwhile, and its refresh hangs.
    t += 10 * 60_000;
    client.next = () => new Promise(() => {});
    app.press(tabKey(1));
    let f = await waitForFrame(app.frame, (x) => x.includes('[1 Pool]') && x.includes('updated 10m ago'));
    expect(f.split('\n')[0]).toMatch(/LIVE$/);
    expect(f).not.toContain('STALE');
    // Nothing new two intervals after the tab was shown: now it is stale.
    t += 2 * 60_000 + 1000;
    f = await waitForFrame(app.frame, (x) => x.split('\n')[0]!.endsWith('STALE'));
    expect(f).toContain('updated 12m ago · STALE');
  });

  it.each(TABS.map((t, i) => [t.title, i] as const))(
    'help lists every key of the global and %s scopes',
    async (_title, index) => {
      const { app } = start({ rows: 50 });
      await waitForFrame(app.frame, loaded);
      app.press(tabKey(index + 1));
      app.press(keyOf('global', 'help'));
      const tab = TABS[index]!;
      const f = await waitForFrame(app.frame, (x) => x.includes('closes this help'));
      for (const b of [...bindingsFor('global'), ...bindingsFor(tab.scope)]) {
        const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        expect(f).toMatch(new RegExp(`${quote(keysLabel(b))}\\s+${quote(b.description)}`));
      }
      app.press(keyOf('global', 'close'));
      await waitForFrame(app.frame, (x) => !x.includes('closes this help'));
    },
  );

  it('fits the help into 80×24 for the tab with the most keys: wrapped, never cut, scrolled with j', async () => {
    const { app } = start({ columns: 80, rows: 24 });
    await waitForFrame(app.frame, loaded);
    const [scope, index] = (['pool', 'mining', 'accounts', 'session'] as const)
      .map((s, i) => [s, i] as const)
      .sort((a, b) => bindingsFor(b[0]).length - bindingsFor(a[0]).length)[0]!;
    app.press(tabKey(index + 1));
    app.press(keyOf('global', 'help'));
    let f = await waitForFrame(app.frame, (x) => x.includes('closes this help'));
    const seen = f.split('\n');
    let last = /lines \d+–(\d+) of (\d+)/.exec(f);
    expect(last, 'taller than 24 rows: it scrolls').not.toBeNull();
    while (last && last[1] !== last[2]) {
      const before = last[1];
      app.press(keyOf('help', 'scroll-down', 1));
      f = await waitForFrame(app.frame, (x) => /lines \d+–(\d+) of/.exec(x)?.[1] !== before);
      seen.push(...f.split('\n'));
      last = /lines \d+–(\d+) of (\d+)/.exec(f);
    }
    const text = seen
      .join(' ')
      .replace(/[│╭╮╰╯─]/g, ' ')
      .replace(/\s+/g, ' ');
    for (const b of [...bindingsFor('global'), ...bindingsFor(scope)]) {
      expect(text).toContain(`${keysLabel(b)} `);
      for (const word of b.description.split(' ')) expect(text).toContain(word);
    }
    for (const line of seen) expect(line.length).toBeLessThanOrEqual(80);
    expect(seen.filter((l) => l.includes('…'))).toEqual([]);
  });

  it('a notice goes with the tab it was said on: switching tabs clears it', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('global', 'pause'));
    await waitForFrame(app.frame, (x) => x.includes('Polling paused; p resumes.'));
    app.press(tabKey(2));
    const f = await waitForFrame(app.frame, (x) => x.includes('[2 Mining]'));
    expect(f).not.toContain('Polling paused; p resumes.');
    expect(f.split('\n').at(-1)).toContain('? help');
  });

  it('asks for a bigger terminal below 80×24 and comes back when resized', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    resize(app.stdout, 79, 24);
    let f = await waitForFrame(app.frame, (x) => x.includes('Terminal too small: 79×24'));
    expect(f).toContain('at least 80×24');
    expect(f).not.toContain('Workers');
    // Wrapped between words and phrases at any width: no line starts with a space, the way out
    // is never split.
    for (const columns of [60, 40, 30]) {
      resize(app.stdout, columns, 20);
      f = await waitForFrame(app.frame, (x) => x.includes(`Terminal too small: ${columns}×20`));
      const lines = f.split('\n').filter((l) => l.trim() !== '');
      for (const line of lines) {
        expect(line, `${columns}: ${f}`).not.toMatch(/^\s/);
        expect(line.length).toBeLessThanOrEqual(columns);
      }
      expect(
        lines.some((l) => l.trimEnd().endsWith('or press q to quit.')),
        `${columns}: ${f}`,
      ).toBe(true);
    }
    resize(app.stdout, 80, 23);
    await waitForFrame(app.frame, (x) => x.includes('Terminal too small: 80×23'));
    resize(app.stdout, 80, 24);
    f = await waitForFrame(app.frame, loaded);
    for (const line of f.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
    expect(f).toMatch(/┴.*┘/); // the blocks table's bottom rule made it on screen
    app.press(keyOf('global', 'quit'));
    expect(app.onQuit).toHaveBeenCalledWith(0);
  });

  it.each([
    [120, 30],
    [250, 70],
  ])('fills %i×%i without overflowing', async (columns, rows) => {
    const { app } = start({ columns, rows });
    await waitForFrame(app.frame, loaded);
    resize(app.stdout, columns, rows);
    const f = await waitForFrame(app.frame, (x) => loaded(x) && x.split('\n')[0]!.length > 100);
    const lines = f.split('\n');
    expect(lines.length).toBe(rows);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    expect(f).toMatch(/TH\/s[┼┤].*│ 870010 │/); // chart and table side by side
  });

  it('redraws with Ctrl+L and suspends with Ctrl+Z through the terminal it runs in', async () => {
    const terminal = { repaint: vi.fn(), suspend: vi.fn() };
    const { app } = start({ terminal });
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('global', 'redraw'));
    await vi.waitFor(() => expect(terminal.repaint).toHaveBeenCalledTimes(1));
    app.press(keyOf('global', 'suspend'));
    await vi.waitFor(() => expect(terminal.suspend).toHaveBeenCalledTimes(1));
    expect(app.onQuit).not.toHaveBeenCalled();
  });

  it('claims no state for a tab that waits for credentials (Mining, Sub-accounts without a key)', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    for (const [key, title] of [
      ['2', 'Mining accounts need an API key'],
      ['3', 'API key'],
    ] as const) {
      app.press(key);
      const f = await waitForFrame(app.frame, (x) => x.includes(title));
      // Nothing is being loaded, so neither LOADING in the header nor loading… in the status bar.
      app.settle();
      expect(app.frame().split('\n')[0]).not.toMatch(/LOADING|LIVE|STALE|ERROR/);
      expect(f).not.toContain('loading…');
    }
  });

  it('quits with q and with Ctrl+C', async () => {
    const { app } = start();
    await waitForFrame(app.frame, loaded);
    app.press(keyOf('global', 'quit'));
    app.press(keyOf('global', 'quit', 1));
    expect(app.onQuit.mock.calls).toEqual([[0], [0]]);
  });
});
