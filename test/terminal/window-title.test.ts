/**
 * The window title in a real terminal: the built dashboard in tmux, whose pane title is what
 * OSC 2 sets and which keeps xterm's title stack. The shell's title comes back on quit; with
 * `--no-title` it is never touched; an alert that holds is in the title. Skipped, with a message,
 * where tmux is not installed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyOf } from '../ui/helpers/keys.js';
import { startTmux, type TmuxServer, tmuxMissing } from '../support/tmux-session.js';

const missing = tmuxMissing();
if (missing) console.warn(`test/terminal/window-title: ${missing}`);

let server: TmuxServer;
beforeAll(() => {
  if (!missing) server = startTmux('title');
});
afterAll(() => server?.kill());

const SHELL_TITLE = 'my-shell-title';
/** The pane's title now. */
const titleOf = (name: string): string => server.tmux('display-message', '-p', '-t', name, '#{pane_title}').trim();
const waitForTitle = (name: string, want: (t: string) => boolean, what: string) =>
  vi.waitFor(
    () => {
      const t = titleOf(name);
      if (!want(t)) throw new Error(`waiting for ${what}; the title is ${JSON.stringify(t)}`);
      return t;
    },
    { timeout: 20_000, interval: 50 },
  );

/** A shell line: set the title as a shell's prompt would, then run pooltop with `args`. */
function start(name: string, args: string[], env: Record<string, string> = {}) {
  const line = `printf '\\033]2;${SHELL_TITLE}\\007'; ${server.command(args, env)}`;
  return server.session(name, 100, 30, `sh -c ${JSON.stringify(line)}`);
}

describe.skipIf(missing)('the window title, in tmux', () => {
  it("reads pooltop while the dashboard runs, and the shell's comes back on quit", async () => {
    const s = start('plain', ['--demo', '--interval', '30']);
    await s.waitFor((t) => t.includes('Hash rate'), 'the pool');
    await waitForTitle('plain', (t) => t === 'pooltop', 'pooltop');
    s.type(keyOf('global', 'quit'));
    await waitForTitle('plain', (t) => t === SHELL_TITLE, "the shell's title");
  });

  it('says what holds now: a threshold crossed is in the title', async () => {
    const config = join(server.home, 'alerting');
    mkdirSync(join(config, 'pooltop'), { recursive: true });
    // Any pool has fewer workers than this: CRIT from the first reading.
    writeFileSync(join(config, 'pooltop', 'config.toml'), '[thresholds.pool]\nworkers = { critical = "99999999:" }\n');
    const s = start('alert', ['--demo', '--interval', '30'], { XDG_CONFIG_HOME: config });
    await s.waitFor((t) => t.includes('CRIT'), 'the alert on screen');
    await waitForTitle('alert', (t) => t === 'pooltop: CRIT 1', 'the alert in the title');
    s.type(keyOf('global', 'quit'));
    await waitForTitle('alert', (t) => t === SHELL_TITLE, "the shell's title");
  });

  it('--no-title leaves the title alone', async () => {
    const s = start('off', ['--demo', '--interval', '30', '--no-title']);
    await s.waitFor((t) => t.includes('Hash rate'), 'the pool');
    expect(titleOf('off')).toBe(SHELL_TITLE);
    s.type(keyOf('global', 'quit'));
    await s.waitFor((t) => !t.includes('Hash rate'), 'the dashboard gone');
    expect(titleOf('off')).toBe(SHELL_TITLE);
  });
});
