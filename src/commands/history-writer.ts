/**
 * The history store a writer records into (watch, the dashboard, the exporter): the profile's file
 * in the state directory when `[history] enabled` (the default), or a file in a temporary
 * directory removed on close (the dashboard's `--demo`, which back-fills it at start). A store
 * that cannot be opened is one line through `say`, and the writer goes on without one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryPreferences } from '../config/history-preferences.js';
import { resolveStateDir } from '../config/state-dir.js';
import { sanitize } from '../format/sanitize.js';
import { type HistoryStore, historyPath, openHistory } from '../history/store.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';

export interface WriterHistory {
  store: HistoryStore | undefined;
  /** Closes the store (and removes a temporary one); later rounds record nothing. */
  close(): void;
}

export const NO_HISTORY: WriterHistory = { store: undefined, close: () => {} };

export function openWriterHistory(opts: {
  env: NodeJS.ProcessEnv;
  profile: string;
  prefs: HistoryPreferences;
  /** A temporary file (`--demo`), not the profile's. */
  temporary: boolean;
  /** One line for the user, without the `pooltop: ` prefix. */
  say: (line: string) => void;
  /** SQLite's page cache, KiB (store.ts); default SQLite's. */
  cacheKiB?: number;
}): WriterHistory {
  if (!opts.prefs.enabled) return NO_HISTORY;
  const dir = opts.temporary
    ? mkdtempSync(join(tmpdir(), 'pooltop-demo-history-'))
    : resolveStateDir({ env: opts.env, home: homedir() });
  const remove = () => {
    if (opts.temporary) rmSync(dir, { recursive: true, force: true });
  };
  const opened = openHistory({
    path: historyPath(dir, opts.temporary ? 'demo' : opts.profile),
    keepFineS: opts.prefs.keepFineS,
    onError: opts.say,
    ...(opts.cacheKiB !== undefined ? { cacheKiB: opts.cacheKiB } : {}),
  });
  if ('unavailable' in opened) {
    opts.say(`history: not recording: ${opened.unavailable}`);
    remove();
    return NO_HISTORY;
  }
  const { store } = opened;
  let open = true;
  return {
    get store() {
      return open ? store : undefined;
    },
    close() {
      if (!open) return;
      open = false;
      store.close();
      remove();
    },
  };
}

/**
 * A service's page cache, KiB: its rounds touch a few pages each, read from the OS's cache; SQLite's
 * own 2,000 KiB filled up during a back-fill and stayed (`watch` 1.9 MB less RSS with this).
 */
const SERVICE_CACHE_KIB = 256;

/**
 * The profile's store for a command with no screen (watch, the exporter), its lines on stderr;
 * none with `--demo` (the demo's history is `history --demo`'s own, history-run.ts) or `off`.
 */
export function commandHistory(
  ctx: CommandContext,
  io: CommandIO,
  prefs: HistoryPreferences,
  off = false,
): WriterHistory {
  if (ctx.demo || off) return NO_HISTORY;
  return openWriterHistory({
    env: io.env,
    profile: ctx.config.profile,
    prefs,
    temporary: false,
    say: (line) => io.stderr(`pooltop: ${sanitize(line, io.terminal)}\n`),
    cacheKiB: SERVICE_CACHE_KIB,
  });
}
