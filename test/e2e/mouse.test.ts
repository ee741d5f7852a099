/**
 * The mouse in a real terminal (SGR 1006 reports written into the pty): a click on "3 Sub-accounts"
 * opens it, the wheel moves the list's selection, a click selects a row and a second click opens
 * it; reporting is on while the dashboard runs and off again on every way out (q, SIGTERM,
 * Ctrl+Z); `--no-mouse` never turns it on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOUSE_OFF, MOUSE_ON } from '../../src/ui/terminal.js';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const sessions: PtySession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

function start(args: string[] = []): PtySession {
  const s = launchPty(['--demo', ...args], { cols: 120, rows: 40 });
  sessions.push(s);
  return s;
}

/** A press and a release of the left button at a zero-based cell. */
const click = (s: PtySession, x: number, y: number) =>
  s.pty.write(`\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`);
const wheelDown = (s: PtySession, x: number, y: number) => s.pty.write(`\x1b[<65;${x + 1};${y + 1}M`);
const lines = (s: PtySession) => s.screen().split('\n');
/** The screen row of the selected sub-account (marked `›`). */
const selectedRow = (s: PtySession) => lines(s).findIndex((l) => l.startsWith('›'));
const LIVE = (x: string) => /^pooltop .*LIVE/.test(x) && x.includes('Blocks found');
const LIST = /rows 1[–-]\d+ [·|]/;

describe('the mouse', { timeout: 60_000 }, () => {
  it('opens a tab, moves and picks rows, and is off again after q', async () => {
    const s = start();
    await waitForScreen(s, LIVE, 'the pool tab');
    const bar = lines(s)[0] ?? '';
    click(s, bar.indexOf('3 Sub-accounts') + 4, 0);
    await waitForScreen(
      s,
      // The demo has withdrawals waiting: their line above the table is there before rows are counted.
      (x) =>
        x.startsWith('pooltop  1 Pool') &&
        x.includes('[3 Sub-accounts]') &&
        LIST.test(x) &&
        x.includes('Withdrawals awaiting'),
      'Sub-accounts',
    );
    const first = selectedRow(s);
    expect(first).toBeGreaterThan(0);
    // The wheel over the list: three rows a notch.
    wheelDown(s, 20, first + 2);
    await waitForScreen(s, () => selectedRow(s) === first + 3, 'the selection three rows down');
    // A click on another row selects it; a second click opens it.
    click(s, 20, first + 5);
    await waitForScreen(s, () => selectedRow(s) === first + 5, 'the clicked row selected');
    const name = lines(s)[first + 5]?.slice(1).trim().split(/\s+/)[0] ?? '';
    click(s, 20, first + 5);
    await waitForScreen(
      s,
      (x) => x.includes('Sub-account, row ') && x.split(name).length > 2,
      `the detail of ${name}`,
    );
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
    const raw = s.raw();
    expect(raw).toContain(MOUSE_ON);
    expect(raw.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(raw.lastIndexOf(MOUSE_ON));
    expect(s.screen()).not.toMatch(/\[<\d/); // no report ever typed as text
  });

  it("moves and picks rows of a mining account's workers", async () => {
    const s = start();
    await waitForScreen(s, LIVE, 'the pool tab');
    s.pty.write(tabKey(2));
    await waitForScreen(s, (x) => /Mining fleet[\s\S]*H\/s[\s\S]*rows 1[–-]\d+ of/.test(x), 'the fleet');
    s.pty.write(keyOf('mining', 'details'));
    await waitForScreen(s, (x) => /› asic-\d+/.test(x), 'the workers of the first account');
    const first = selectedRow(s);
    wheelDown(s, 10, first + 1);
    await waitForScreen(s, () => selectedRow(s) === first + 3, 'the selection three rows down');
    click(s, 10, first + 1);
    await waitForScreen(s, () => selectedRow(s) === first + 1, 'the clicked worker selected');
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
  });

  it('moves and picks rows of the mining fleet table', async () => {
    const s = start();
    await waitForScreen(s, LIVE, 'the pool tab');
    s.pty.write(tabKey(2));
    const fleet = await waitForScreen(
      s,
      (x) => /Mining fleet[\s\S]*rows 1[–-]3 of 3/.test(x),
      'the fleet table',
    );
    const first = fleet.split('\n').findIndex((l) => l.startsWith('›'));
    expect(first).toBeGreaterThan(0);
    const name = (row: number) => lines(s)[row]?.slice(2).trim().split(/\s+/)[0] ?? '';
    // A click on the third account selects it; the wheel up moves the cursor back to the first.
    click(s, 4, first + 2);
    await waitForScreen(s, () => selectedRow(s) === first + 2, 'the third account selected');
    s.pty.write(`\x1b[<64;5;${first + 2}M`);
    await waitForScreen(s, () => selectedRow(s) === first, 'the wheel up to the first');
    // A click on the selected row opens that account.
    const account = name(first + 1);
    click(s, 4, first + 1);
    await waitForScreen(s, () => selectedRow(s) === first + 1, 'the second account selected');
    click(s, 4, first + 1);
    await waitForScreen(s, (x) => x.includes(`Account ${account}`), `the account ${account}`);
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
  });

  it('moves and picks rows of the whole loaded list', async () => {
    const s = start();
    await waitForScreen(s, LIVE, 'the pool tab');
    s.pty.write(tabKey(3));
    await waitForScreen(s, (x) => LIST.test(x), 'Sub-accounts');
    s.pty.write(keyOf('accounts', 'load-all'));
    await waitForScreen(s, (x) => /rows 1[–-]\d+ of 1,000 · \d+ active/.test(x), 'the whole list');
    const first = selectedRow(s);
    expect(first).toBeGreaterThan(0);
    wheelDown(s, 20, first + 1);
    await waitForScreen(s, () => selectedRow(s) === first + 3, 'the selection three rows down');
    click(s, 20, first + 6);
    await waitForScreen(s, () => selectedRow(s) === first + 6, 'the clicked row selected');
    const name = lines(s)[first + 6]?.slice(1).trim().split(/\s+/)[0] ?? '';
    click(s, 20, first + 6);
    await waitForScreen(
      s,
      (x) => x.includes('Sub-account, row ') && x.split(name).length > 2,
      `the detail of ${name}`,
    );
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
  });

  it('is turned off for Ctrl+Z and back on for fg; off on SIGTERM', async () => {
    const s = start();
    await waitForScreen(s, LIVE, 'the pool tab');
    s.pty.write(keyOf('global', 'suspend'));
    await vi.waitFor(() => {
      if (s.raw().lastIndexOf(MOUSE_OFF) < s.raw().lastIndexOf(MOUSE_ON)) throw new Error('still reporting');
    });
    const ons = s.raw().split(MOUSE_ON).length;
    process.kill(s.pty.pid, 'SIGCONT');
    await vi.waitFor(() => {
      if (s.raw().split(MOUSE_ON).length === ons) throw new Error('not back on');
    });
    process.kill(s.pty.pid, 'SIGTERM');
    expect(await s.exit).toBe(143);
    expect(s.raw().lastIndexOf(MOUSE_OFF)).toBeGreaterThan(s.raw().lastIndexOf(MOUSE_ON));
  });

  it('--no-mouse never asks the terminal for reports', async () => {
    const s = start(['--no-mouse']);
    await waitForScreen(s, LIVE, 'the pool tab');
    s.pty.write(keyOf('global', 'quit'));
    await s.exit;
    expect(s.raw()).not.toContain('\x1b[?1000h');
  });
});
