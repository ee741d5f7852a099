/**
 * Dashboard alerts as the user runs them: the built CLI in a pseudo-terminal on `--demo`, with a
 * preferences file in a temporary XDG_CONFIG_HOME whose thresholds the demo's data crosses (its
 * pool runs at some 200 PH/s with about 2,000 workers).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_QUERY } from '../../src/terminal/background.js';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { keyOf } from '../ui/helpers/keys.js';

let current: PtySession | undefined;
afterEach(() => {
  current?.dispose();
  current = undefined;
});

function preferences(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-xdg-'));
  mkdirSync(join(dir, 'pooltop'));
  writeFileSync(join(dir, 'pooltop', 'config.toml'), toml);
  return dir;
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** The status bar's clock (the lowest line ending in HH:MM:SS) in seconds of the day. */
function clockOf(screen: string): number {
  const line = screen
    .split('\n')
    .reverse()
    .find((l) => /\d\d:\d\d:\d\d\s*$/.test(l));
  const m = /(\d\d):(\d\d):(\d\d)\s*$/.exec(line ?? '');
  if (!m) throw new Error(`no clock on screen:\n${screen}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
const secondsBetween = (from: number, to: number): number => (to - from + 86_400) % 86_400;

describe('pooltop --demo --notify with thresholds the demo crosses', () => {
  it('shows WARN and CRIT beside the values, rings the bell once, notifies, and lists the history on !', async () => {
    const xdg = preferences(
      '[thresholds.pool]\nhashrate = { warning = "1E:" }\nworkers = { critical = "100000:" }\n' +
        // No hold and no worker rule: the alerts fire at the watcher's second round, one a second.
        '[watch]\nfor = "0s"\n[watch.workers]\noffline = false\n',
    );
    const s = launchPty(['--demo', '--notify', '--interval', '1'], {
      cols: 100,
      rows: 30,
      env: { XDG_CONFIG_HOME: xdg, TMUX: '', STY: '' },
    });
    current = s;
    const screen = await waitForScreen(s, (t) => t.includes('! history'), 'the alerts');
    expect(screen).toMatch(/Hash rate [\d.]+ PH\/s WARN/);
    expect(screen).toMatch(/Workers [\d,]+ CRIT/);
    expect(screen).toMatch(/CRIT workers [\d,]+ · WARN hashrate [\d.]+ PH\/s · ! history/);

    // The bell byte on its own, right before the notification: one change to a worse state. They
    // are written once the frame that shows the alerts is out, so they may follow it a moment later.
    await vi.waitFor(
      () => {
        if (!s.raw().includes('\x1b]777;')) throw new Error('no notification yet');
      },
      { timeout: 5000, interval: 20 },
    );
    const raw = s.raw();
    expect(raw).toContain('\x07\x1b]9;pooltop: CRIT pool: workers ');
    expect(raw).toMatch(
      /\x1b\]777;notify;pooltop;CRIT pool: workers [\d,]+ \(below 100,000\) · WARN pool: hashrate [\d.]+ PH\/s \(below [^)]+\)\x07/,
    );
    // Three more seconds on the dashboard's clock (judged and polled every second here) in the
    // same states: no more bells, no more notifications.
    const start = clockOf(s.screen());
    await waitForScreen(s, (t) => secondsBetween(start, clockOf(t)) >= 3, 'three more seconds on the clock');
    // The bell and the two notifications' terminators (not the background-colour query's, nor
    // the window titles': `pooltop`, then what holds).
    const titles = [...s.raw().matchAll(/\x1b\]2;([^\x07]*)\x07/g)].map((m) => m[1]);
    expect(titles).toEqual(['pooltop', 'pooltop: CRIT 1, WARN 1']);
    const withoutTitles = s
      .raw()
      .replaceAll(BACKGROUND_QUERY, '')
      .replace(/\x1b\]2;[^\x07]*\x07/g, '');
    expect(count(withoutTitles, '\x07')).toBe(3);
    expect(count(s.raw(), '\x1b]9;')).toBe(1);

    s.pty.write(keyOf('global', 'alerts'));
    // Since start, or, once the demo's history file is open, the file's 90 days.
    const history = await waitForScreen(
      s,
      (t) => /Alert history( since|, 90 days \(history file\))/.test(t) && t.includes('OK → WARNING'),
      'the history',
    );
    expect(history).toMatch(/\d\d:\d\d:\d\d {2}workers +OK → CRITICAL +[\d,]+/);
    expect(history).toMatch(/\d\d:\d\d:\d\d {2}hashrate +OK → WARNING +[\d.]+ PH\/s/);
    s.pty.write(keyOf('global', 'close'));
    await waitForScreen(s, (t) => t.includes('Hash rate, last 7 days'), 'the Pool tab again');
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
  });

  it('a broken preferences file: one line naming the key, exit 2, the terminal untouched', async () => {
    const xdg = preferences('[thresholds.pool]\nhashrate = { warning = "fast" }\n');
    const s = launchPty(['--demo'], { cols: 100, rows: 30, env: { XDG_CONFIG_HOME: xdg } });
    current = s;
    expect(await s.exit).toBe(2);
    expect(s.raw()).toMatch(
      /^pooltop: \S+config\.toml: thresholds\.pool\.hashrate\.warning: 'fast' is not a number[^\n]*\r?\n$/,
    );
  });
});
