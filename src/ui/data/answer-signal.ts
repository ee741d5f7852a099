/**
 * Answers landing, as an external store: each answer or failure of the data layer bumps it just
 * before SWR puts it in the cache (swr-options.ts `onAnswer`). The shell's clock subscribes
 * (hooks/use-now.ts), so an answer, the shell's new second and the status bar that speaks of it
 * are one React render: React renders updates of external stores that change in one synchronous
 * batch together, and SWR's own state is such a store too.
 */
export interface AnswerSignal {
  announce(): void;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function createAnswerSignal(): AnswerSignal {
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    announce() {
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
