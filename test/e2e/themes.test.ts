/**
 * Themes in a real terminal (node-pty, read through xterm): on a white background every colour
 * text is drawn in keeps 4.5:1 (WCAG AA, xterm's default palette), whether the theme was chosen
 * (`--theme light`), read from the terminal's answer to OSC 11, or from COLORFGBG; a terminal
 * that never answers gets the dark theme; NO_COLOR wins.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/format/xterm-palette.js';
import { launchPty, type PtySession, waitForScreen } from '../support/pty-session.js';
import { textColors } from '../support/sgr-colors.js';
import { tabKey } from '../ui/helpers/keys.js';

const WHITE = { r: 255, g: 255, b: 255 };
const sessions: PtySession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

function start(args: string[], env: Record<string, string> = {}, answer?: string): PtySession {
  const s = launchPty(['--demo', ...args], { cols: 120, rows: 40, env });
  sessions.push(s);
  // The other end of the terminal: answers the background query as a terminal with `answer` would.
  if (answer) s.pty.onData((d) => d.includes('\x1b]11;?') && s.pty.write(`\x1b]11;${answer}\x07`));
  return s;
}

/** Each tab by its number (the key is the keymap's: `tabKey`), and its screen once its data is in. */
const TABS: Array<[number, RegExp]> = [
  [1, /\[1 Pool\][\s\S]*Blocks found[\s\S]*\d{7}/],
  [2, /\[2 Mining\][\s\S]*Mining fleet[\s\S]*rows 1[–-]\d+ of/],
  [3, /\[3 Sub-accounts\][\s\S]*rows 1[–-]\d+ [·|]/],
  [4, /\[4 Session\][\s\S]*Token type/],
];

/** Every tab, each once its data is in; then the colours its text was drawn in. */
async function everyTab(s: PtySession) {
  for (const [tab, loaded] of TABS) {
    s.pty.write(tabKey(tab));
    await waitForScreen(s, (x) => loaded.test(x), `tab ${tab} with its data`);
  }
  await s.flushed();
  return textColors(s.raw());
}

function unreadableOnWhite(colors: ReturnType<typeof textColors>) {
  return colors.filter((c) => contrastRatio(c.rgb, WHITE) < 4.5).map((c) => `${c.sgr} (${c.sample})`);
}

describe('themes on a real terminal', { timeout: 60_000 }, () => {
  it('--theme light with 256 colours: every text colour readable on white', async () => {
    const colors = await everyTab(start(['--theme', 'light']));
    expect(colors.some((c) => c.sgr.startsWith('38;5;'))).toBe(true);
    expect(unreadableOnWhite(colors)).toEqual([]);
  });

  it('auto, the terminal answers white (16 colours): readable on white, and the answer is no key', async () => {
    const s = start([], { TERM: 'xterm' }, 'rgb:ffff/ffff/ffff');
    const colors = await everyTab(s);
    expect(colors.length).toBeGreaterThan(0);
    expect(unreadableOnWhite(colors)).toEqual([]);
    expect(s.screen()).not.toMatch(/rgb:|11;/);
  });

  it('auto, a terminal that never answers: the dark theme, with the dashboard drawn', async () => {
    const colors = await everyTab(start([]));
    expect(colors.map((c) => c.sgr)).toContain('36'); // cyan: the dark theme's accent
  });

  it('auto, a dark answer keeps the dark theme; COLORFGBG says light when nothing answers', async () => {
    const dark = await everyTab(start([], {}, 'rgb:1e1e/1e1e/2e2e'));
    expect(dark.map((c) => c.sgr)).toContain('36');
    const fgbg = await everyTab(start([], { COLORFGBG: '0;15' }));
    expect(unreadableOnWhite(fgbg)).toEqual([]);
  });

  it('NO_COLOR wins over --theme light: no colour at all', async () => {
    const colors = await everyTab(start(['--theme', 'light'], { NO_COLOR: '1' }));
    expect(colors).toEqual([]);
  });

  it('a bad --theme or [ui] value is one line and exit 2', async () => {
    const flag = start(['--theme', 'blue']);
    expect(await flag.exit).toBe(2);
    await flag.flushed();
    expect(flag.screen().trim()).toBe("pooltop: --theme must be auto, dark or light, not 'blue'");
    const dir = mkdtempSync(join(tmpdir(), 'pooltop-ui-'));
    mkdirSync(join(dir, 'pooltop'));
    writeFileSync(join(dir, 'pooltop', 'config.toml'), '[ui]\nmouse = "off"\n');
    const file = start([], { XDG_CONFIG_HOME: dir });
    expect(await file.exit).toBe(2);
    await file.flushed();
    expect(file.screen().trim()).toBe(
      `pooltop: ${join(dir, 'pooltop', 'config.toml')}: ui.mouse: must be true or false, not "off"`,
    );
  });
});
