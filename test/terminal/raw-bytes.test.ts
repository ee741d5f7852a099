/**
 * The bytes the built CLI sends, read in a real pseudo-terminal (node-pty): colours only as deep
 * as TERM/COLORTERM advertise, none at all with NO_COLOR, nothing but ASCII under LANG=C, and no
 * attempt at the alternate screen where TERM cannot address the cursor. One-shot commands work
 * on such terminals, in ASCII.
 */
import { spawn } from 'node-pty';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { launchPty, type PtySession } from '../support/pty-session.js';
import { CLI, cleanEnv, runCli } from '../support/run-cli.js';
import { keyOf, tabKey } from '../ui/helpers/keys.js';

const open: PtySession[] = [];
afterAll(() => {
  for (const s of open) s.dispose();
});

/** The dashboard on the Sub-accounts tab (colour swatches) with the help open; resolves with every byte. */
async function drive(env: Record<string, string>): Promise<string> {
  const s = launchPty(['--demo', '--interval', '30'], { cols: 100, rows: 30, env });
  open.push(s);
  const until = (check: (screen: string) => boolean, what: string) =>
    vi.waitFor(
      async () => {
        await s.flushed();
        if (!check(s.screen())) throw new Error(`waiting for ${what}:\n${s.screen()}`);
      },
      { timeout: 20_000, interval: 50 },
    );
  await until((x) => /Workers [\d,]+/.test(x), 'the pool tab');
  s.pty.write(tabKey(3));
  await until((x) => /rows 1[–-]30 [·|]/.test(x), 'sub-accounts');
  s.pty.write(keyOf('global', 'help'));
  await until((x) => x.includes('closes this help'), 'the help');
  s.pty.write(keyOf('global', 'quit'));
  expect(await s.exit).toBe(0);
  return s.raw();
}

/** The foreground colours set by SGR sequences in `raw` ('31', '38;5;208', '38;2;1;2;3'). */
function colours(raw: string): string[] {
  const found: string[] = [];
  for (const [, params = ''] of raw.matchAll(/\x1b\[([0-9;]*)m/g)) {
    const p = params.split(';').map(Number);
    for (let i = 0; i < p.length; i++) {
      const n = p[i] ?? 0;
      if (n === 38) {
        const len = p[i + 1] === 5 ? 3 : 5;
        found.push(p.slice(i, i + len).join(';'));
        i += len - 1;
      } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) found.push(String(n));
    }
  }
  return found;
}

describe('raw output in a pseudo-terminal', () => {
  it('colours no deeper than advertised, none with NO_COLOR, ASCII only under LANG=C', async () => {
    const [xterm, xterm256, truecolor, noColor, ascii] = await Promise.all([
      drive({ TERM: 'xterm' }),
      drive({ TERM: 'xterm-256color' }),
      drive({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }),
      drive({ TERM: 'xterm-256color', NO_COLOR: '1' }),
      drive({ LANG: 'C' }),
    ]);
    expect(colours(xterm).length).toBeGreaterThan(0);
    expect(xterm).not.toContain('38;5;');
    expect(xterm).not.toContain('38;2;');
    expect(xterm256).toContain('38;5;');
    expect(xterm256).not.toContain('38;2;');
    expect(truecolor).toContain('38;2;');
    expect(colours(noColor)).toEqual([]);
    expect(noColor).toContain('\x1b[1m'); // bold is not colour
    const wide = [...ascii].filter((c) => c.charCodeAt(0) > 0x7e);
    expect(wide, 'characters beyond ASCII under LANG=C').toEqual([]);
    expect(ascii).toContain('+--');
  }, 60_000);

  it('TERM=dumb or no TERM: one pooltop: line, exit 2, no alternate screen, no cursor addressing', async () => {
    const dumb = launchPty(['--demo'], { cols: 100, rows: 30, env: { TERM: 'dumb' } });
    open.push(dumb);
    // node-pty always sets TERM; `env -u` takes it away.
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(cleanEnv())) if (v !== undefined) env[k] = v;
    const unset = spawn('/usr/bin/env', ['-u', 'TERM', process.execPath, CLI, '--demo'], {
      cols: 100,
      rows: 30,
      env,
    });
    let unsetRaw = '';
    unset.onData((d) => (unsetRaw += d));
    const unsetExit = new Promise<number>((resolve) => unset.onExit(({ exitCode }) => resolve(exitCode)));
    expect(await dumb.exit).toBe(2);
    expect(await unsetExit).toBe(2);
    for (const [raw, term] of [
      [dumb.raw(), 'on TERM=dumb'],
      [unsetRaw, 'without TERM'],
    ] as const) {
      expect(raw).not.toContain('\x1b[?1049h');
      expect(raw).not.toMatch(/\x1b\[\d*;\d*H/);
      const lines = raw.split(/\r?\n/).filter((l) => l !== '');
      expect(lines).toEqual([
        `pooltop: no dashboard ${term} (cannot move the cursor); try \`pooltop pool\``,
      ]);
      // One line on an 80-column terminal.
      expect(lines[0]?.length).toBeLessThanOrEqual(80);
    }
  }, 30_000);

  it('one-shot commands work on a dumb, non-UTF-8 terminal, in ASCII; --ascii forces it', async () => {
    const r = await runCli(['pool', '--demo'], cleanEnv({ TERM: 'dumb', LANG: 'C' }));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Recent blocks');
    expect([...r.stdout].filter((c) => c.charCodeAt(0) > 0x7e)).toEqual([]);
    expect(r.stdout).toMatch(/^-+ {2}-+/m);
    const forced = await runCli(['pool', '--demo', '--ascii'], cleanEnv({ LANG: 'en_US.UTF-8' }));
    expect(forced.code).toBe(0);
    expect([...forced.stdout].filter((c) => c.charCodeAt(0) > 0x7e)).toEqual([]);
  }, 30_000);
});
