/**
 * Answers landing, as an external store: each answer or failure of the data layer bumps it just
 * before SWR puts it in the cache (swr-options.ts `onAnswer`). The clock (hooks/use-ticking-clock.ts)
 * and the bars (chrome/live-bars.tsx) subscribe, so an answer, its new second and the status bar
 * that speaks of it are one React render: React renders updates of external stores that change in one synchronous
 * batch together, and SWR's own state is such a store too. Answers nobody is shown (a background
 * resource of a hidden tab: the Session's token store) are `quiet`: the shell has nothing to
 * draw for them.
 */
export interface AnswerSignal {
  announce(key: string): void;
  /** Keys whose answers do not redraw the shell. */
  readonly quiet: Set<string>;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function createAnswerSignal(): AnswerSignal {
  let version = 0;
  const listeners = new Set<() => void>();
  const quiet = new Set<string>();
  return {
    quiet,
    announce(key) {
      if (quiet.has(key)) return;
      version++;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
