/** SQLite's errors as node:sqlite throws them, in one line. */
const CORRUPT = 11;
const NOTADB = 26;

function code(e: unknown): number | undefined {
  const c = (e as { errcode?: unknown }).errcode;
  return typeof c === 'number' ? c & 0xff : undefined;
}

/** A file that is not a database, or one damaged inside. */
export function isDamaged(e: unknown): boolean {
  const c = code(e);
  return c === CORRUPT || c === NOTADB || /not a database|malformed/i.test(String((e as Error)?.message));
}

export function errorLine(e: unknown): string {
  const err = e as { errstr?: unknown; message?: unknown; code?: unknown };
  const text = typeof err.errstr === 'string' ? err.errstr : String(err.message ?? e);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
