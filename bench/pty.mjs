// A child process in a real pseudo-terminal (node-pty) whose output is parsed by a headless
// xterm, so the bench can wait for text on the screen and time when it appeared. Every session
// is registered and killed by killAllPtys() (run.mjs calls it on exit, signals and timeouts).
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const pty = require('node-pty');
const { Terminal } = require('@xterm/headless');

const live = new Set();

/** The environment of a measured child: ours without CI markers (Ink renders only the last frame in CI). */
export function childEnv(extra = {}) {
  const env = { ...process.env, TERM: 'xterm-256color', COLORTERM: 'truecolor', ...extra };
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION', 'NO_COLOR', 'FORCE_COLOR', 'DEBUG', 'NODE_OPTIONS']) {
    if (!(key in extra)) delete env[key];
  }
  return env;
}

/**
 * Starts `file args` in a pty of `cols`×`rows`. `t0` is taken just before the exec.
 * Options: `record` keeps every output chunk with its arrival time (for byte-stream analysis).
 */
export function startPty(
  file,
  args,
  { cols = 120, rows = 40, env = childEnv(), cwd = process.cwd(), record = false } = {},
) {
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const waiters = new Set();
  const chunks = [];
  let bytes = 0;
  let lastChunkAt = Number.NaN;
  let exit;
  let onExit;
  const exited = new Promise((resolve) => {
    onExit = resolve;
  });

  const t0 = performance.now();
  const child = pty.spawn(file, args, { name: 'xterm-256color', cols, rows, cwd, env });
  const session = {
    t0,
    pid: child.pid,
    get bytes() {
      return bytes;
    },
    chunks,
    exited,
    get exit() {
      return exit;
    },
    /** The screen as text, one line per row, trailing blanks trimmed. */
    text() {
      const buffer = term.buffer.active;
      const lines = [];
      for (let i = 0; i < rows; i++)
        lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
      return lines.join('\n');
    },
    /** Sends keys; returns the time they were written. */
    write(data) {
      const t = performance.now();
      child.write(data);
      return t;
    },
    /**
     * Resolves with the arrival time (performance.now) of the output chunk after whose parsing
     * `predicate(screenText)` first held; rejects on timeout or exit.
     */
    waitFor(predicate, timeoutMs, what = 'screen text') {
      if (predicate(session.text())) return Promise.resolve(lastChunkAt);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve, reject, what };
        waiter.timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${what}; screen:\n${tail(session.text())}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** Kills the child (SIGTERM, then SIGKILL after `graceMs`); resolves once it exited. */
    async kill(graceMs = 1500) {
      if (exit) return exit;
      try {
        child.kill('SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          child.kill('SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      const result = await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs + 1000))]);
      clearTimeout(timer);
      return result;
    },
  };

  child.onData((data) => {
    const at = performance.now();
    const n = Buffer.byteLength(data, 'utf8');
    bytes += n;
    if (record) chunks.push({ at, n, data });
    term.write(data, () => {
      lastChunkAt = at;
      if (waiters.size === 0) return;
      const screen = session.text();
      for (const waiter of waiters) {
        if (!waiter.predicate(screen)) continue;
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(at);
      }
    });
  });
  child.onExit(({ exitCode, signal }) => {
    exit = { exitCode, signal };
    live.delete(session);
    // Let the parser finish the last chunks, then fail whoever still waits.
    setTimeout(() => {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(
          new Error(
            `process exited (code ${exitCode}, signal ${signal}) while waiting for ${waiter.what}; screen:\n${tail(session.text())}`,
          ),
        );
      }
      waiters.clear();
      term.dispose();
      onExit(exit);
    }, 50);
  });
  live.add(session);
  return session;
}

function tail(text) {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-12)
    .map((l) => `  | ${l}`)
    .join('\n');
}

/** Kills every pty child still running (SIGKILL: used on the way out). */
export function killAllPtys() {
  for (const session of live) {
    try {
      process.kill(session.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}
