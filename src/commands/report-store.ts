/**
 * Where `pooltop report` reads history from outside the demo: the profile's history store
 * (src/history/, `openHistory(historyPath(stateDir, profile))`), whose `exportSpans`,
 * `exportHashrate`, `exportRewards` and `knownWorkers` are report/history-queries.ts's
 * HistoryQueries. This build has no store yet, so it says so in one line.
 */
import type { HistoryQueries } from '../report/history-queries.js';
import type { CommandContext } from './support/context.js';

export type StoreOpen = { store: HistoryQueries; close(): void } | { unavailable: string };

export function openReportStore(_ctx: CommandContext): StoreOpen {
  return { unavailable: 'this build keeps no history to report from (the history store); try --demo' };
}
