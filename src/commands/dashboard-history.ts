/**
 * The dashboard's history store, opened when the dashboard asks, after its first frame
 * (ui/history-source.ts): the profile's file, or with `--demo` a temporary one the watcher
 * back-fills on first sight of each demo account, removed on exit. Lines go through `say` until
 * it is closed.
 */
import type { HistoryPreferences } from '../config/history-preferences.js';
import type { HistorySource } from '../ui/history-source.js';
import { openWriterHistory, type WriterHistory } from './history-writer.js';

export function dashboardHistory(opts: {
  env: NodeJS.ProcessEnv;
  profile: string;
  prefs: HistoryPreferences;
  demo: boolean;
  say: (line: string) => void;
}): HistorySource & { close(): void } {
  const listeners = new Set<() => void>();
  let opened: WriterHistory | undefined;
  let closed = false;
  return {
    get: () => opened?.store,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open() {
      if (opened || closed) return;
      opened = openWriterHistory({
        env: opts.env,
        profile: opts.profile,
        prefs: opts.prefs,
        temporary: opts.demo,
        say: (line) => {
          if (!closed) opts.say(line);
        },
      });
      if (opened.store) for (const listener of listeners) listener();
    },
    close() {
      closed = true;
      opened?.close();
    },
  };
}
