/**
 * The built CLI in a pseudo-terminal: `y` copies through the terminal effects port, and the
 * OSC 52 reaches the terminal whole, in the form the multiplexer takes, between frames.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { keyOf } from '../ui/helpers/keys.js';

let current: PtySession | undefined;
afterEach(() => {
  current?.dispose();
  current = undefined;
});

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';

/** Presses y on the Pool tab once its links are drawn; returns everything written after it. */
async function copyFirstLink(env: Record<string, string>, sequence: RegExp): Promise<{ s: PtySession; after: string }> {
  const s = launchPty(['--demo', '--interval', '30'], { cols: 120, rows: 30, env });
  current = s;
  await waitForScreen(s, (t) => /stratum\+tcp:\/\//.test(t) && t.includes('Hash rate'), 'the pool links');
  const before = s.raw().length;
  s.pty.write(keyOf('pool', 'copy-link'));
  await vi.waitFor(
    () => {
      if (!sequence.test(s.raw().slice(before))) throw new Error('no OSC 52 yet');
    },
    { timeout: 5000 },
  );
  return { s, after: s.raw().slice(before) };
}

/** The sequence at `index` lies outside every synchronized frame. */
function outsideFrames(raw: string, index: number): boolean {
  return raw.lastIndexOf(SYNC_START, index) <= raw.lastIndexOf(SYNC_END, index);
}

describe('y copies through OSC 52 from the built dashboard', () => {
  it('under tmux: plain OSC 52 between frames, and the setting tmux needs on the status line', async () => {
    const osc = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/;
    const { s, after } = await copyFirstLink({ TMUX: '/tmp/tmux-1000/default,1,0' }, osc);
    expect(Buffer.from(osc.exec(after)?.[1] ?? '', 'base64').toString()).toMatch(/^stratum\+tcp:\/\/\S+$/);
    expect(after).not.toContain('\x1bPtmux;');
    expect(outsideFrames(after, after.search(osc))).toBe(true);
    await waitForScreen(s, (t) => t.includes('tmux: set -g set-clipboard on'), 'the notice');
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });

  it("under GNU screen: OSC 52 inside screen's DCS, and the notice says so", async () => {
    const dcs = /\x1bP\x1b\]52;c;([A-Za-z0-9+/=]+)\x07\x1b\\/;
    const { s, after } = await copyFirstLink({ STY: '4242.pts-0.host' }, dcs);
    expect(Buffer.from(dcs.exec(after)?.[1] ?? '', 'base64').toString()).toMatch(/^stratum\+tcp:\/\/\S+$/);
    expect(outsideFrames(after, after.search(dcs))).toBe(true);
    await waitForScreen(s, (t) => /to the terminal clipboard \(OSC 52\) through screen\./.test(t), 'the notice');
    s.pty.write(keyOf('global', 'quit'));
    expect(await vi.waitFor(() => s.exit, { timeout: 10_000 })).toBe(0);
  });
});
