/**
 * Leaving and coming back, from an interactive shell in tmux: `q` ends the dashboard at once and
 * what is typed right after reaches the shell; Ctrl+Z, a resize while stopped, then `fg` draws
 * at the new size. Skipped, with a message, where tmux is not installed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxServer, type TmuxSession, tmuxMissing } from '../support/tmux-session.js';
import { tmuxKeyOf } from '../ui/helpers/keys.js';

const missing = tmuxMissing();
if (missing) console.warn(`test/e2e/quit-and-resume: ${missing}`);

let server: TmuxServer;

beforeAll(() => {
  if (!missing) server = startTmux('quit');
});
afterAll(() => server?.kill());

/**
 * An interactive shell with job control, nothing of the developer's (no rc file, a bare PATH) and
 * no history file (it would be written into HOME while the test removes it).
 */
function shell(name: string, cols: number, rows: number): TmuxSession {
  return server.session(
    name,
    cols,
    rows,
    `env -i HOME=${server.home} LANG=C.UTF-8 TZ=UTC TERM=screen PATH=/usr/bin:/bin HISTFILE=/dev/null PS1='$ ' bash --norc -i`,
  );
}

const lines = (screen: string): string[] => screen.split('\n');
const dashboardShown = (screen: string): boolean => lines(screen).some((l) => /^pooltop +(\[1|1 )/.test(l));

/** The tab's data is in: Sub-accounts' list footer, or the demo's fleet table with its hash rates. */
const TAB_LOADED: Record<string, RegExp> = {
  '2': /Mining fleet[\s\S]*\d[\d.]* [kMGTPE]?H\/s[\s\S]*rows 1[–-]\d+ of/,
  '3': /rows 1[–-]\d+ [·|]/,
};
const TAB_NAME: Record<string, string> = { '2': 'Mining', '3': 'Sub-accounts' };

async function startDashboard(sh: TmuxSession, tab: string, env: Record<string, string> = {}, redirect = '') {
  await sh.waitFor((x) => x.includes('$'), 'the shell prompt');
  sh.type(`${server.command(['--demo'], env)}${redirect}`);
  sh.keys('Enter');
  await sh.waitFor((x) => dashboardShown(x), 'the dashboard');
  sh.keys(tmuxKeyOf('global', 'tab', Number(tab) - 1));
  return sh.waitFor(
    (x) => lines(x)[0]?.includes(`[${tab} ${TAB_NAME[tab]}]`) === true && TAB_LOADED[tab]!.test(x),
    `the ${TAB_NAME[tab]} tab with its data`,
  );
}

describe.skipIf(missing)('quit, and suspend-resize-fg, in a real terminal', { timeout: 60_000 }, () => {
  const quitCases = [
    ['3', 120, 40],
    ['2', 120, 40],
    ['3', 80, 24],
    ['2', 80, 24],
  ] as const;

  it.each(quitCases)(
    'tab %s at %i×%i: q gives the shell back at once; keys typed right after run there, and nothing was left running',
    async (tab, cols, rows) => {
      const sh = shell(`quit${tab}-${cols}`, cols, rows);
      const errors = join(server.home, `quit${tab}-${cols}.stderr`);
      // DEBUG=pooltop: if anything still held the process a second after quitting, the exit
      // fallback (src/main.ts) says so on stderr.
      await startDashboard(sh, tab, { DEBUG: 'pooltop' }, ` 2>${errors}`);
      sh.keys(tmuxKeyOf('global', 'quit'));
      // The terminal is handed back (normal screen) while the process may still be ending: the
      // keys typed now must reach the shell, not be read by the dashboard.
      await sh.waitFor((x) => !dashboardShown(x), 'the shell screen back');
      sh.type('echo TYPEAHEAD-OK');
      sh.keys('Enter');
      await sh.waitFor((x) => lines(x).includes('TYPEAHEAD-OK'), 'the shell running what was typed');
      const stderr = readFileSync(errors, 'utf8');
      expect(stderr).not.toMatch(/still running/);
    },
  );

  const resizeCases = [
    [120, 40, 100, 30],
    [80, 24, 100, 30],
  ] as const;

  it.each(resizeCases)(
    'at %i×%i: Ctrl+Z, resize to %i×%i while stopped, fg: the frame is drawn at the new size',
    async (cols, rows, newCols, newRows) => {
      const sh = shell(`resize-${cols}`, cols, rows);
      await startDashboard(sh, '3');
      sh.keys(tmuxKeyOf('global', 'suspend'));
      await sh.waitFor((x) => /Stopped/.test(x) && !dashboardShown(x), 'the shell, the job stopped');
      sh.resize(newCols, newRows);
      sh.type('fg');
      sh.keys('Enter');
      const screen = await sh.waitFor((x) => {
        const l = lines(x);
        return (
          l.length === newRows &&
          /^pooltop .*\[3 Sub-accounts\]/.test(l[0] ?? '') &&
          /q quit/.test(l[newRows - 1] ?? '') &&
          // The clock is right-aligned on the row above: that row is exactly as wide as the terminal.
          /\d\d:\d\d:\d\d$/.test(l[newRows - 2] ?? '') &&
          (l[newRows - 2] ?? '').length === newCols
        );
      }, `the dashboard redrawn at ${newCols}×${newRows}`);
      // The header is right-aligned too, and no other row carries a piece of the status bar.
      expect(lines(screen)[0]).toHaveLength(newCols);
      expect(lines(screen).filter((l) => /q quit/.test(l))).toHaveLength(1);
      sh.keys(tmuxKeyOf('global', 'quit'));
      await sh.waitFor((x) => !dashboardShown(x), 'quit to the shell');
    },
  );
});
