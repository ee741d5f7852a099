/**
 * The profile's history file (src/history/) for a command that keeps something between runs
 * (`accounts transfers`, `accounts changes`): opened for the work, closed after it; a file that
 * cannot be opened is one `pooltop:` line.
 */
import { homedir } from 'node:os';
import { resolveStateDir } from '../config/state-dir.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { type HistoryStore, historyPath, openHistory } from '../history/store.js';
import type { CommandContext } from './support/context.js';
import type { CommandIO } from './support/io.js';

export async function withProfileHistory<T>(
  ctx: CommandContext,
  io: CommandIO,
  work: (store: HistoryStore) => Promise<T>,
): Promise<T> {
  const opened = openHistory({
    path: historyPath(resolveStateDir({ env: io.env, home: homedir() }), ctx.config.profile),
    onError: (line) => io.stderr(`pooltop: ${line}\n`),
  });
  if ('unavailable' in opened) throw new PooltopError('storage', opened.unavailable);
  try {
    return await work(opened.store);
  } finally {
    opened.store.close();
  }
}
