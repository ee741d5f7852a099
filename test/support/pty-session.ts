/**
 * The built CLI in a real pseudo-terminal (node-pty), read back through a headless xterm.
 * Shared by the end-to-end tests; `npm test` builds dist/pooltop.cjs before vitest runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Terminal } from '@xterm/headless';
import { type IPty, spawn } from 'node-pty';
import { vi } from 'vitest';
import { CLI } from './run-cli.js';

export interface PtySession {
  pty: IPty;
  term: Terminal;
  /** Every byte the CLI wrote, as received. */
  raw: () => string;
  /** The visible screen, one line per row. */
  screen: () => string;
  /** Resolves once xterm has parsed everything received so far. */
  flushed: () => Promise<void>;
  exit: Promise<number>;
  /** Kills the process (if still running) and frees the terminal. */
  dispose: () => void;
}

export interface PtyOptions {
  cols: number;
  rows: number;
  /** Variables added to the environment (colour, locale and multiplexer variables are removed first; TERM, TZ and LANG are set). */
  env?: Record<string, string>;
}

export function launchPty(args: string[], opts: PtyOptions): PtySession {
  const { cols, rows } = opts;
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  const env: Record<string, string> = {};
  const dropped = new Set(['NO_COLOR', 'FORCE_COLOR', 'COLORTERM', 'LC_ALL', 'LC_CTYPE', 'TMUX', 'STY']);
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !dropped.has(k)) env[k] = v;
  // A cache directory of the session's own (src/launch/), never the developer's ~/.cache.
  const cacheDir = mkdtempSync(join(tmpdir(), 'pooltop-pty-cache-'));
  // A UTF-8 locale and no multiplexer, whatever the machine running the tests has.
  Object.assign(
    env,
    { TERM: 'xterm-256color', TZ: 'UTC', LANG: 'C.UTF-8', POOLTOP_CACHE_DIR: cacheDir },
    opts.env,
  );
  // node-pty sets TERM from `name`.
  const pty = spawn(process.execPath, [CLI, ...args], {
    name: env.TERM ?? 'xterm-256color',
    cols,
    rows,
    env,
  });
  let raw = '';
  let parsed: Promise<void> = Promise.resolve();
  pty.onData((data) => {
    raw += data;
    parsed = new Promise((resolve) => term.write(data, resolve));
  });
  const exit = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  const screen = (): string => {
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < rows; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  const dispose = () => {
    try {
      pty.kill();
    } catch {
      // already gone
    }
    term.dispose();
  };
  return { pty, term, raw: () => raw, screen, flushed: () => parsed, exit, dispose };
}

/** Bounded wait until the screen satisfies `check`; the error shows the screen it last saw. */
export async function waitForScreen(
  s: PtySession,
  check: (screen: string) => boolean,
  what: string,
): Promise<string> {
  return vi.waitFor(
    () => {
      const text = s.screen();
      if (!check(text)) throw new Error(`waiting for ${what}; screen:\n${text}`);
      return text;
    },
    { timeout: 15_000, interval: 25 },
  );
}
