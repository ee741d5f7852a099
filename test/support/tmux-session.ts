/**
 * The built CLI in tmux, the terminal ops users run it in: a tmux server of the test's own
 * (`tmux -L <socket>`, no config file), one session per program, a temporary HOME, state and
 * cache directory. Keys go in with `send-keys` (several in one write with `-l`), the screen
 * comes back with `capture-pane`. Every wait polls the screen with a bound; nothing sleeps a
 * fixed time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { CLI } from './run-cli.js';

/** Why the tmux tests cannot run here, or undefined when they can. */
export function tmuxMissing(): string | undefined {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : 'tmux is not installed: the real-terminal matrix is skipped';
}

export interface TmuxServer {
  socket: string;
  /** The temporary HOME of the programs started here. */
  home: string;
  /** Runs a tmux command on this server; returns its stdout. */
  tmux(...args: string[]): string;
  /** Starts `command` (a shell command line) in a new session of its own. */
  session(name: string, cols: number, rows: number, command: string): TmuxSession;
  /** `env … node dist/pooltop.cjs args…` with the test's HOME and a UTF-8 locale unless `env` says otherwise. */
  pooltop(
    name: string,
    cols: number,
    rows: number,
    args: string[],
    env?: Record<string, string>,
  ): TmuxSession;
  /** That command line, for a shell (`<unset>` removes a variable). */
  command(args: string[], env?: Record<string, string>): string;
  kill(): void;
}

export interface TmuxSession {
  name: string;
  /** The pane as text (`-e`: with escape sequences), one line per row. */
  capture(escapes?: boolean): string;
  /** Keys by tmux name (Enter, C-z, NPage…). */
  keys(...names: string[]): void;
  /** Text typed in one write: the program reads it as one chunk. */
  type(text: string): void;
  resize(cols: number, rows: number): void;
  /** Polls the screen until `check` holds (bounded). */
  waitFor(check: (screen: string) => boolean, what: string, timeout?: number): Promise<string>;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function startTmux(label: string): TmuxServer {
  const socket = `pooltop-${label}-${process.pid}`;
  const home = mkdtempSync(join(tmpdir(), `pooltop-tmux-${label}-`));
  const tmux = (...args: string[]): string => {
    const r = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout;
  };
  const session = (name: string, cols: number, rows: number, command: string): TmuxSession => {
    // Keep the pane when the program exits, so its last words can be read (set in the same
    // command queue, before the server can notice the program's end).
    tmux(
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(cols),
      '-y',
      String(rows),
      command,
      ';',
      'set-option',
      '-t',
      name,
      'remain-on-exit',
      'on',
    );
    return {
      name,
      capture: (escapes = false) =>
        tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name).replace(/\n$/, ''),
      keys: (...names) => void tmux('send-keys', '-t', name, ...names),
      // `--`: the text itself may start with a dash (`--` is two keypresses, not an option).
      type: (text) => void tmux('send-keys', '-t', name, '-l', '--', text),
      resize: (c, r) => void tmux('resize-window', '-t', name, '-x', String(c), '-y', String(r)),
      waitFor: (check, what, timeout = 20_000) =>
        vi.waitFor(
          () => {
            const screen = tmux('capture-pane', '-p', '-t', name).replace(/\n$/, '');
            if (!check(screen)) throw new Error(`waiting for ${what}; screen:\n${screen}`);
            return screen;
          },
          { timeout, interval: 50 },
        ),
    };
  };
  const command = (args: string[], env: Record<string, string> = {}): string => {
    const vars = {
      HOME: home,
      XDG_STATE_HOME: join(home, 'state'),
      POOLTOP_CACHE_DIR: join(home, 'cache'),
      TZ: 'UTC',
      LANG: 'C.UTF-8',
      LC_ALL: '',
      LC_CTYPE: '',
      NO_COLOR: '',
      ...env,
    };
    const assignments = Object.entries(vars).map(([k, v]) => `${k}=${quote(v)}`);
    const unset = Object.entries(vars)
      .filter(([, v]) => v === '<unset>')
      .map(([k]) => `-u ${k}`);
    const set = assignments.filter((a) => !a.endsWith(`='<unset>'`));
    return `env ${unset.join(' ')} ${set.join(' ')} ${quote(process.execPath)} ${quote(CLI)} ${args.map(quote).join(' ')}`;
  };
  const pooltop = (
    name: string,
    cols: number,
    rows: number,
    args: string[],
    env: Record<string, string> = {},
  ): TmuxSession => session(name, cols, rows, command(args, env));
  return {
    socket,
    home,
    tmux,
    session,
    pooltop,
    command,
    kill: () => {
      const panes = spawnSync('tmux', ['-L', socket, 'list-panes', '-a', '-F', '#{pane_pid}'], {
        encoding: 'utf8',
      });
      const pids = (panes.stdout ?? '').split('\n').filter(Boolean).map(Number);
      spawnSync('tmux', ['-L', socket, 'kill-server']);
      // The programs write their code cache on the way out: remove their home once they are
      // gone (a bound for a wedged one, not a timing).
      waitForExit(pids, 30_000);
      rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** The screen with what changes from second to second masked: clock, ages, ports, spinners, the alerts line. */
export function masked(screen: string): string {
  return screen
    .replace(/\d\d:\d\d:\d\d/g, 'HH:MM:SS')
    .replace(/updated (just now|[\dhms ]+ ago)/g, 'updated AGO')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    // The status bar's second line holds the alerts once any fire, else the keys: the demo's
    // workers come and go on their own clock.
    .replace(/^(CRIT |WARN |\? help).*$/gm, 'ALERTS OR KEYS')
    .replace(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏|/\\-](?= (Loading|Refreshing))/g, 'S');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Blocks until every process in `pids` has exited, or `limitMs` has passed. */
function waitForExit(pids: number[], limitMs: number): void {
  const tick = new Int32Array(new SharedArrayBuffer(4));
  const end = Date.now() + limitMs;
  while (pids.some(alive) && Date.now() < end) Atomics.wait(tick, 0, 0, 50);
}
