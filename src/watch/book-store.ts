/**
 * Where `pooltop watch` keeps what is pending and firing, so a restart neither sends again what
 * it sent nor forgets what is firing: `watch-<profile>.json` in the state directory, mode 0600,
 * replaced atomically, one book per API base URL. The book holds only the conditions that hold
 * now (or are inside their clear hold), so it is as small as what is wrong. A damaged file is read
 * as empty; an entry that does not read is skipped.
 */
import { join } from 'node:path';
import { ensurePrivateDir, writeFileDurable } from '../config/atomic-write.js';
import { readStateFile } from '../config/state-file.js';
import { profileFileStem } from '../config/token-store.js';
import type { AlertEntry, Condition } from './rules.js';
import type { BookStore } from './watcher.js';

export function bookPath(stateDir: string, profile: string): string {
  return join(stateDir, `watch-${profileFileStem(profile)}.json`);
}

type Whole = { version: 1; books: Record<string, unknown> };

export function fileBookStore(opts: { stateDir: string; profile: string; baseUrl: string }): BookStore {
  const file = bookPath(opts.stateDir, opts.profile);
  const readWhole = (): Whole => {
    const text = readStateFile('the watch state file', file);
    if (text === undefined) return { version: 1, books: {} };
    try {
      const books = (JSON.parse(text) as { books?: unknown }).books;
      if (typeof books === 'object' && books !== null && !Array.isArray(books)) {
        return { version: 1, books: { ...(books as Record<string, unknown>) } };
      }
    } catch {
      // Damaged: the next round writes it anew.
    }
    return { version: 1, books: {} };
  };
  return {
    async load() {
      const list = readWhole().books[opts.baseUrl];
      return Array.isArray(list) ? list.map(toEntry).filter((e): e is AlertEntry => e !== undefined) : undefined;
    },
    async save(entries) {
      await ensurePrivateDir(opts.stateDir);
      const whole = readWhole();
      whole.books[opts.baseUrl] = entries;
      await writeFileDurable(file, `${JSON.stringify(whole)}\n`);
    },
  };
}

/** A book in memory (the dashboard, `--demo`). */
export function memoryBookStore(initial?: AlertEntry[]): BookStore {
  let saved = initial;
  return {
    load: async () => saved,
    save: async (entries) => {
      saved = [...entries];
    },
  };
}

const time = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const KINDS = ['threshold', 'worker_offline', 'worker_drop'];

function toEntry(raw: unknown): AlertEntry | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const c = r.condition as Record<string, unknown> | null | undefined;
  const sinceMs = time(r.sinceMs);
  if (!c || typeof c !== 'object' || sinceMs === undefined) return undefined;
  if (typeof c.id !== 'string' || !KINDS.includes(c.kind as string)) return undefined;
  if (c.severity !== 'warning' && c.severity !== 'critical') return undefined;
  const condition: Condition = {
    id: c.id,
    kind: c.kind as Condition['kind'],
    severity: c.severity,
    account: text(c.account),
    worker: text(c.worker),
    metric: text(c.metric) ?? '',
    value: typeof c.value === 'number' && Number.isFinite(c.value) ? c.value : null,
    summary: text(c.summary) ?? '',
    ...(time(c.startedMs) !== undefined ? { startedMs: time(c.startedMs) } : {}),
  };
  const entry: AlertEntry = { condition, sinceMs };
  if (time(r.firedMs) !== undefined) entry.firedMs = time(r.firedMs);
  if (time(r.sentMs) !== undefined) entry.sentMs = time(r.sentMs);
  if (time(r.clearMs) !== undefined) entry.clearMs = time(r.clearMs);
  return entry;
}
