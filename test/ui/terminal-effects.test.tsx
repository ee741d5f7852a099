/**
 * The terminal effects port: what the dashboard's own port sends for each multiplexer, and that
 * a key press or an alert asks the port, never the terminal (a fake port records the asks).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../src/alerts/range.js';
import { DEFAULT_WATCH } from '../../src/alerts/watch-settings.js';
import { DEFAULT_TERMINAL, type Multiplexer } from '../../src/terminal/capabilities.js';
import { clipboardSequence, TMUX_CLIPBOARD_SETTING } from '../../src/terminal/clipboard.js';
import { desktopNotification } from '../../src/terminal/notification.js';
import { windowTitle } from '../../src/terminal/title.js';
import { titleOf } from '../../src/ui/alerts/use-alerts.js';
import { fakeEffects, sentEffects } from './helpers/fake-effects.js';
import { loaded, startApp, unmountApps, waitForFrame } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(unmountApps);

const term = (multiplexer: Multiplexer) => ({ ...DEFAULT_TERMINAL, multiplexer });

describe("the dashboard's terminal effects port", () => {
  it('copies through OSC 52 in the form each multiplexer takes, and says what it sent', () => {
    for (const mux of ['none', 'tmux', 'screen', 'screen-or-tmux'] as const) {
      const { effects, sent } = sentEffects(term(mux));
      const notice = effects.copy('stratum+tcp://eu1.pool.example:3333', 'Link');
      expect(sent).toEqual([clipboardSequence('stratum+tcp://eu1.pool.example:3333', mux)]);
      if (mux === 'tmux' || mux === 'screen-or-tmux') expect(notice).toContain(TMUX_CLIPBOARD_SETTING);
      else expect(notice).toContain('stratum+tcp://eu1.pool.example:3333');
    }
    expect(sentEffects(term('screen')).effects.copy('id', 'ID')).toBe(
      'Sent id to the terminal clipboard (OSC 52) through screen.',
    );
  });

  it('cuts a long value in the notice, never in the clipboard', () => {
    const { effects, sent } = sentEffects();
    const long = `https://example.com/${'x'.repeat(80)}`;
    expect(effects.copy(long, 'Link')).toBe(`Sent ${long.slice(0, 35)}… to the terminal clipboard (OSC 52).`);
    expect(sent).toEqual([clipboardSequence(long, 'none')]);
  });

  it('rings the bell and wraps notifications for the multiplexer', () => {
    for (const mux of ['none', 'tmux', 'screen', 'screen-or-tmux'] as const) {
      const { effects, sent } = sentEffects(term(mux));
      effects.bell();
      effects.notify('pooltop', 'CRIT pool: workers 1,234');
      expect(sent).toEqual([
        '\x07',
        desktopNotification('pooltop', 'CRIT pool: workers 1,234', DEFAULT_TERMINAL, mux),
      ]);
    }
  });
});

describe('the window title', () => {
  it('is sent once per change, only where titles are on, and sanitised', () => {
    const { effects, sent } = sentEffects(DEFAULT_TERMINAL, { titles: true });
    effects.title('pooltop');
    effects.title('pooltop');
    effects.title('pooltop: CRIT 1\x1b]2;owned\x07');
    expect(sent).toEqual([
      windowTitle('pooltop', DEFAULT_TERMINAL),
      windowTitle('pooltop: CRIT 1\x1b]2;owned\x07', DEFAULT_TERMINAL),
    ]);
    expect(sent[1]).toBe('\x1b]2;pooltop: CRIT 1\x07'); // the sequence inside dropped whole
    const off = sentEffects(DEFAULT_TERMINAL, { titles: false });
    off.effects.title('pooltop');
    expect(off.sent).toEqual([]);
  });

  it('says what holds now, worst first, in ASCII', () => {
    const alert = (status: 'critical' | 'warning') => ({ status }) as Parameters<typeof titleOf>[0][number];
    expect(titleOf([])).toBe('pooltop');
    expect(titleOf([alert('warning'), alert('critical'), alert('warning')])).toBe('pooltop: CRIT 1, WARN 2');
    expect(titleOf([alert('warning')])).toBe('pooltop: WARN 1');
  });

  it('follows an alert that fires and resolves', async () => {
    const { effects, titles } = fakeEffects();
    const thresholds = { pool: { workers: { critical: parseRange('2000:', 'count') } }, mining: {} };
    const { app } = startApp({
      effects,
      alerts: { thresholds, watch: { ...DEFAULT_WATCH, forS: 0 }, notify: false },
    });
    await waitForFrame(app.frame, (x) => loaded(x) && x.includes('CRIT workers'));
    expect(titles[0]).toBe('pooltop');
    expect(titles.at(-1)).toBe('pooltop: CRIT 1');
  });
});

describe('views ask the port', () => {
  it('y on the Pool tab asks to copy the selected link, and shows what the port answered', async () => {
    const { effects, asked } = fakeEffects();
    const { app } = startApp({ effects });
    await waitForFrame(app.frame, loaded);
    app.press('y');
    await waitForFrame(app.frame, (x) => x.includes('copied Link'));
    expect(asked).toEqual([{ kind: 'copy', text: 'stratum+tcp://eu1.pool.example:3333', label: 'Link' }]);
    // Nothing but frames reached Ink's output.
    expect((app.stdout.frames as string[]).some((w) => w.includes('\x1b]52'))).toBe(false);
  });

  it('an alert that fires asks for the bell and, with --notify, one notification', async () => {
    const { effects, asked } = fakeEffects();
    const thresholds = { pool: { workers: { critical: parseRange('2000:', 'count') } }, mining: {} };
    const { app } = startApp({
      effects,
      alerts: { thresholds, watch: { ...DEFAULT_WATCH, forS: 0 }, notify: true },
    });
    await waitForFrame(app.frame, (x) => loaded(x) && x.includes('CRIT workers'));
    expect(asked).toEqual([]); // the first sight never fires
    app.press('r');
    await waitForFrame(app.frame, () => asked.length === 2);
    expect(asked).toEqual([
      { kind: 'bell' },
      { kind: 'notify', title: 'pooltop', body: 'CRIT pool: workers 1,234 (below 2,000)' },
    ]);
  });
});
