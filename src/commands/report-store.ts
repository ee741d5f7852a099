/**
 * Where `pooltop report` reads history from outside the demo: the profile's history store
 * (src/history/, `openHistory(historyPath(stateDir, profile))`), whose `exportSpans`,
 * `exportHashrate`, `exportRewards` and `knownWorkers` are report/history-queries.ts's
 * HistoryQueries. A profile with no file yet, or a file that cannot be read, is one line.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolveStateDir } from '../config/state-dir.js';
import { historyPath, openHistory } from '../history/store.js';
import type { HistoryQueries } from '../report/history-queries.js';
import type { CommandContext } from './support/context.js';

export type StoreOpen = { store: HistoryQueries; close(): void } | { unavailable: string };

export function openReportStore(
  ctx: CommandContext,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): StoreOpen {
  const path = historyPath(resolveStateDir({ env, home: homedir() }), ctx.config.profile);
  if (!existsSync(path)) {
    return {
      unavailable: `no history recorded for profile '${ctx.config.profile}' yet (${path}): pooltop watch, the dashboard and the exporter record it; try --demo`,
    };
  }
  const opened = openHistory({ path, onError: say });
  if ('unavailable' in opened) return opened;
  return { store: opened.store, close: () => opened.store.close() };
}
