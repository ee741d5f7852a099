/**
 * The built CLI in a real pseudo-terminal: `node dist/pooltop.cjs --demo` at 100×30, read back
 * through a headless xterm. `npm test` builds dist/pooltop.cjs before vitest runs.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { KEYMAP } from '../../src/ui/keymap.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'dist', 'pooltop.cjs');
const COLS = 100;
const ROWS = 30;

type Session = PtySession;

let current: Session | undefined;
afterEach(() => {
  current?.dispose();
  current = undefined;
});

function launch(): Session {
  current = launchPty(['--demo', '--interval', '2'], { cols: COLS, rows: ROWS });
  return current;
}

describe('pooltop --demo in a terminal', () => {
  it('shows pool data, switches tabs, opens help, and restores the terminal on q', async () => {
    expect(existsSync(cli), 'dist/pooltop.cjs is missing: run `npm run build` (npm test does)').toBe(true);
    const s = launch();

    const pool = await waitForScreen(
      s,
      (t) => t.includes('Workers') && /│\s+\d+ │/.test(t) && t.includes('Hash rate, last 7 days'),
      'pool data',
    );
    expect(pool).toMatch(/Hash rate \d[\d.]* [kMGTPEZY]?H\/s/);
    expect(pool).toMatch(/Links › stratum\+tcp:\/\//);
    expect(pool).toContain('[1 Pool]');
    expect(s.term.buffer.active.type).toBe('alternate');
    for (const line of pool.split('\n')) expect(line.length).toBeLessThanOrEqual(COLS);

    s.pty.write(tabKey(2));
    await waitForScreen(s, (t) => t.includes('[2 Mining]'), 'tab 2');
    s.pty.write(tabKey(3));
    await waitForScreen(s, (t) => t.includes('[3 Sub-accounts]'), 'tab 3');
    s.pty.write(keyOf('global', 'next-tab'));
    await waitForScreen(s, (t) => t.includes('[4 Session]'), 'tab 4');
    s.pty.write(tabKey(1));
    await waitForScreen(s, (t) => t.includes('[1 Pool]') && t.includes('Workers'), 'tab 1');

    s.pty.write(keyOf('global', 'help'));
    const help = await waitForScreen(s, (t) => t.includes('closes this help'), 'help');
    for (const b of KEYMAP.filter((k) => k.scope === 'global' || k.scope === 'pool')) {
      expect(help).toContain(b.description);
    }
    s.pty.write(keyOf('global', 'help'));
    await waitForScreen(s, (t) => t.includes('Workers'), 'help closed');

    // Frames keep coming (the clock ticks): the layout must stay put, never creep or scroll.
    const clockOf = (t: string) => /(\d\d:\d\d:\d\d)\s*$/m.exec(t)?.[1];
    const firstClock = clockOf(await waitForScreen(s, (t) => clockOf(t) !== undefined, 'the clock'));
    const steady = await waitForScreen(
      s,
      (t) => clockOf(t) !== undefined && clockOf(t) !== firstClock,
      'a clock tick',
    );
    const lines = steady.split('\n');
    expect(lines[0]).toMatch(/^pooltop \[1 Pool\]/);
    expect(lines.filter((l) => l.startsWith('pooltop ['))).toHaveLength(1);
    expect(lines.filter((l) => /\d\d:\d\d:\d\d\s*$/.test(l))).toHaveLength(1);
    expect(lines[ROWS - 2]).toMatch(
      /^demo 127\.0\.0\.1:\d+ · profile demo · every 2s · updated .*\d\d:\d\d:\d\d$/,
    );

    s.pty.write(keyOf('global', 'quit'));
    const code = await vi.waitFor(() => s.exit, { timeout: 10_000 });
    expect(code).toBe(0);
    await s.flushed();
    const raw = s.raw();
    const leave = raw.lastIndexOf('\x1b[?1049l');
    expect(raw.indexOf('\x1b[?1049h')).toBeGreaterThanOrEqual(0);
    expect(leave).toBeGreaterThan(raw.indexOf('\x1b[?1049h'));
    expect(raw.indexOf('\x1b[?25h', leave)).toBeGreaterThan(leave);
    expect(s.term.buffer.active.type).toBe('normal');
  });
});
