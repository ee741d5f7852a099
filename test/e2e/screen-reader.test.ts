/**
 * `--screen-reader` in a real terminal: plain lines only, never a cursor movement, an erase or the
 * alternate screen; what a tab shows when it is opened, the state word when it changes, the keys
 * on `?`; and an idle dashboard says nothing, however many polls go by (counted at the service).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../src/api/types.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

let service: ServiceHandle;
beforeAll(async () => {
  // No block is found while the test runs: nothing changes but the values polled.
  service = await startService({ port: 0, blockInterval: 10_000_000 });
});
afterAll(() => service.close());
const sessions: PtySession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

function start(args: string[], env: Record<string, string> = {}): PtySession {
  const home = mkdtempSync(join(tmpdir(), 'pooltop-home-'));
  const s = launchPty(args, {
    cols: 100,
    rows: 30,
    env: {
      HOME: home,
      XDG_STATE_HOME: join(home, '.state'),
      WHITEBIT_API_URL: service.baseUrl,
      WHITEBIT_API_KEY: service.credentials.apiKey,
      WHITEBIT_API_SECRET: service.credentials.apiSecret,
      ...env,
    },
  });
  sessions.push(s);
  return s;
}

const waitForOutput = (s: PtySession, text: string) =>
  vi.waitFor(
    () => {
      if (!s.raw().includes(text)) throw new Error(`waiting for ${JSON.stringify(text)}; got:\n${s.raw()}`);
    },
    { timeout: 15_000, interval: 25 },
  );

/** Cursor movement or position, erase, scroll, save/restore, the alternate screen, a hidden cursor. */
const SCREEN_CONTROL = /\x1b\[[0-9;]*[ABCDEFGHJKSTfdsu]|\x1b\[\?(?:1049|47|1047|25)[hl]|\x1b[78c]/;
const poolPolls = () => service.stats().byPath[PATHS.miningPool] ?? 0;

describe('--screen-reader', { timeout: 60_000 }, () => {
  it('says each change once, in plain lines, and nothing while idle', async () => {
    const s = start(['--screen-reader', '--interval', '1']);
    await waitForOutput(s, 'Tab 1: Pool');
    await waitForOutput(s, 'Pool (LIVE):');
    await waitForOutput(s, 'Height: Found at, Age');
    // Ten polls of the pool with nothing new: at most a few hundred bytes (here: none).
    const before = s.raw().length;
    const polls = poolPolls();
    await vi.waitFor(
      () => {
        if (poolPolls() < polls + 10) throw new Error(`${poolPolls() - polls} polls so far`);
      },
      { timeout: 30_000, interval: 100 },
    );
    const idle = s.raw().slice(before);
    expect(idle.length, JSON.stringify(idle)).toBeLessThanOrEqual(300);

    s.pty.write(tabKey(3));
    await waitForOutput(s, 'Tab 3: Sub-accounts');
    await waitForOutput(s, 'Sub-accounts (LIVE):');
    await waitForOutput(s, 'Alias: Email, Status');
    s.pty.write(keyOf('global', 'help'));
    await waitForOutput(s, 'Keys of the Sub-accounts tab:');
    await waitForOutput(s, 'q / Ctrl+C: Quit');
    // Two keys in one write on purpose: ? closes the help and p pauses, both from a single read.
    s.pty.write(keyOf('global', 'help') + keyOf('global', 'pause'));
    await waitForOutput(s, 'Sub-accounts: PAUSED');
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
    expect(s.raw()).not.toMatch(SCREEN_CONTROL);
    // Spinners stand still: no spinner glyph was ever written.
    expect(s.raw()).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  });

  it('INK_SCREEN_READER=true is the same mode', async () => {
    const s = start([], { INK_SCREEN_READER: 'true' });
    await waitForOutput(s, 'Pool (LIVE):');
    s.pty.write(keyOf('global', 'quit'));
    expect(await s.exit).toBe(0);
    expect(s.raw()).not.toMatch(SCREEN_CONTROL);
  });

  it('the full screen, for comparison, does move the cursor (the check above can fail)', async () => {
    const s = start([]);
    await vi.waitFor(
      () => {
        if (!s.screen().includes('LIVE')) throw new Error('waiting for the dashboard');
      },
      { timeout: 15_000, interval: 25 },
    );
    s.pty.write(keyOf('global', 'quit'));
    await s.exit;
    expect(s.raw()).toMatch(SCREEN_CONTROL);
  });
});
