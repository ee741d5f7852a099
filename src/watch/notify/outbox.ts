/**
 * The undelivered messages on disk, so a restart delivers what was pending:
 * `watch-outbox.json` in the state directory, mode 0600, replaced atomically and durably
 * (config/atomic-write.ts). Each target's queue is keyed by a hash of where it sends, not by its
 * place in the file: reordered `[[notify]]` tables keep their queues, and the file names no URL.
 * A damaged file is read as empty, with one line saying so.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ensurePrivateDir, writeFileDurable } from '../../config/atomic-write.js';
import { readStateFile } from '../../config/state-file.js';
import { ALERT_NAMES, type WatchEvent } from '../event.js';
import { destinationOf, type NotifyTarget } from './notify-config.js';

export const OUTBOX_FILE = 'watch-outbox.json';
const VERSION = 1;
/** Room for every queue full of large group events. */
const MAX_BYTES = 64 * 1024 * 1024;

export type Queues = Record<string, WatchEvent[]>;

/** The key of a target's queue: where it sends (a new timeout or priority keeps the queue). */
export function targetKey(target: NotifyTarget): string {
  return createHash('sha256').update(destinationOf(target)).digest('hex').slice(0, 24);
}

export function readOutbox(stateDir: string, log: (line: string) => void): Queues {
  const path = join(stateDir, OUTBOX_FILE);
  const text = readStateFile('the notify outbox', path, MAX_BYTES);
  if (text === undefined) return {};
  const queues = parseQueues(text);
  if (queues === undefined)
    log(`pooltop: the notify outbox ${path} is damaged; its undelivered messages are lost`);
  return queues ?? {};
}

function parseQueues(text: string): Queues | undefined {
  try {
    const data = JSON.parse(text) as { version?: unknown; queues?: unknown };
    if (data.version !== VERSION || typeof data.queues !== 'object' || data.queues === null) return undefined;
    const out: Queues = {};
    for (const [key, list] of Object.entries(data.queues)) {
      if (!Array.isArray(list) || !list.every(isEvent)) return undefined;
      out[key] = list;
    }
    return out;
  } catch {
    return undefined;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';
const orNull = (v: unknown, is: (v: unknown) => boolean) => v === null || is(v);

function isEvent(v: unknown): v is WatchEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    (e.status === 'firing' || e.status === 'resolved') &&
    Object.hasOwn(ALERT_NAMES, e.kind as string) &&
    (e.severity === 'warning' || e.severity === 'critical') &&
    orNull(e.account, isText) &&
    orNull(e.worker, isText) &&
    isText(e.metric) &&
    orNull(e.value, (x) => typeof x === 'number') &&
    isText(e.summary) &&
    isText(e.startsAt) &&
    orNull(e.endsAt, isText) &&
    (e.workers === undefined || (Array.isArray(e.workers) && e.workers.every(isText)))
  );
}

export async function writeOutbox(stateDir: string, queues: Queues): Promise<void> {
  await ensurePrivateDir(stateDir);
  await writeFileDurable(join(stateDir, OUTBOX_FILE), `${JSON.stringify({ version: VERSION, queues })}\n`);
}

/** Writes of the outbox, one at a time; changes made during a write are written right after. */
export function createSaver(stateDir: string, log: (line: string) => void, snapshot: () => Queues) {
  let running: Promise<void> | undefined;
  let dirty = false;
  let failing = false;
  async function run() {
    try {
      while (dirty) {
        dirty = false;
        try {
          await writeOutbox(stateDir, snapshot());
          failing = false;
        } catch (e) {
          if (!failing) {
            const code = (e as NodeJS.ErrnoException).code ?? 'unknown error';
            log(
              `pooltop: cannot write the notify outbox in ${stateDir} (${code}); undelivered messages are kept in memory only`,
            );
          }
          failing = true;
        }
      }
    } finally {
      running = undefined;
    }
  }
  return {
    save(): Promise<void> {
      dirty = true;
      running ??= run();
      return running;
    },
  };
}
