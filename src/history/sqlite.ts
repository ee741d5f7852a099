/**
 * Node's own SQLite (`node:sqlite`, Node 22.5+), loaded only when a store is opened, so paths
 * that record nothing (`pool --json`, `check`) never load it. Node 22 announces it with an
 * ExperimentalWarning on load; that one warning is kept from the terminal, every other passes.
 */
type Sqlite = typeof import('node:sqlite');

let loaded: Sqlite | string | undefined;

function isSqliteWarning(warning: unknown, type: unknown): boolean {
  const name = warning instanceof Error ? warning.name : type;
  const text = warning instanceof Error ? warning.message : String(warning);
  return name === 'ExperimentalWarning' && /\bSQLite\b/.test(text);
}

/** The module, or why it cannot be had (one line). */
export function loadSqlite(): Sqlite | string {
  if (loaded !== undefined) return loaded;
  const emit = process.emitWarning;
  // The warning is emitted synchronously while the builtin loads: filter exactly that one.
  process.emitWarning = function filtered(this: unknown, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (isSqliteWarning(warning, type)) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    const mod = process.getBuiltinModule?.('node:sqlite') as Sqlite | undefined;
    loaded = mod?.DatabaseSync ? mod : `node:sqlite is not available in Node.js ${process.versions.node}`;
  } catch (e) {
    loaded = `node:sqlite cannot be loaded in Node.js ${process.versions.node}: ${(e as Error).message}`;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}
