/**
 * The fleet table's cursor: an account name, so it stays on its account when a poll re-sorts the
 * rows. Kept apart from the table, as the browser store keeps the workers' cursor
 * (browser/use-browser.ts): a move re-renders the two rows it leaves and reaches, and the table
 * only when it scrolls.
 */
export interface FleetCursor {
  /** The rows' names in the order drawn: the table hands them over as it renders. */
  setRows(names: readonly string[]): void;
  /** After the table drew new rows: the rows that kept their props learn where the cursor is. */
  settle(): void;
  /** The cursor's row: the first when its account is not in the table. */
  at(): number;
  /** The account under the cursor, as drawn. */
  name(): string | undefined;
  /** To `to(at())`, kept within the rows. */
  move(to: (at: number) => number): void;
  subscribe(listener: () => void): () => void;
}

export function createFleetCursor(initial: string | undefined): FleetCursor {
  let chosen = initial;
  let names: readonly string[] = [];
  let index = new Map<string, number>();
  let settled: string | undefined;
  const listeners = new Set<() => void>();
  const at = () => (chosen === undefined ? 0 : (index.get(chosen) ?? 0));
  const name = () => names[at()];
  const emit = () => {
    settled = name();
    for (const listener of listeners) listener();
  };
  return {
    setRows(next) {
      if (next === names) return;
      names = next;
      index = new Map(next.map((n, i) => [n, i]));
    },
    settle() {
      if (name() !== settled) emit();
    },
    at,
    name,
    move(to) {
      const next = names[Math.max(0, Math.min(names.length - 1, to(at())))];
      if (next === undefined) return;
      chosen = next;
      if (next !== settled) emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
