/**
 * Where the dashboard's history store comes from (commands/dashboard-history.ts makes it): opened
 * after the first frame, not before, so the store is undefined at first and the views and the
 * watcher ask for it again when it says it changed.
 */
import type { HistoryStore } from '../history/store.js';

export interface HistorySource {
  /** The store once open; undefined before, when history is off, or when it could not be opened. */
  get(): HistoryStore | undefined;
  subscribe(listener: () => void): () => void;
  /** Opens the store once (the dashboard calls it after its first frame). */
  open(): void;
}
