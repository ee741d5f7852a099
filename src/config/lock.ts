/**
 * A cross-process lock file per profile, so two pooltop processes never spend the same
 * refresh token. Created with O_EXCL (`wx`), holding `{pid, host, at, id}`.
 *
 * Staleness: a lock is stale when its holder is on this host and its pid is dead
 * (`process.kill(pid, 0)` fails with ESRCH), or when it is older than `staleMs` (a hung
 * process, another host, a pid reused after a reboot). Stale locks are removed under a
 * short-lived `.break` lock, after re-reading them, so two waiters can never both remove
 * a lock and one of them delete the other's fresh lock. Otherwise the wait is bounded.
 */
import { randomBytes } from 'node:crypto';
import { hostname as osHostname } from 'node:os';
import { lstatSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { PooltopError } from '../errors/pooltop-error.js';
import { NOT_REGULAR, readRegularFileSync, TOO_LARGE } from './regular-file.js';

export interface LockOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** A lock older than this is stale whatever its pid. Must exceed the longest legitimate hold. */
  staleMs?: number;
  /** How long to wait for a live holder before giving up. */
  waitMs?: number;
  pollMs?: number;
  pid?: number;
  host?: string;
  isAlive?: (pid: number) => boolean;
}

export interface LockHandle {
  release(): Promise<void>;
}

export interface LockInfo {
  pid: number;
  host: string;
  at: number;
  id: string;
}

export const DEFAULT_STALE_MS = 120_000;
export const DEFAULT_WAIT_MS = 60_000;
/** A lock file without readable content is a holder that died between create and write. */
const UNREADABLE_GRACE_MS = 5_000;
const BREAKER_STALE_MS = 10_000;

export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function parseInfo(raw: string): LockInfo | undefined {
  try {
    const d: unknown = JSON.parse(raw);
    if (typeof d !== 'object' || d === null) return undefined;
    const { pid, host, at, id } = d as Record<string, unknown>;
    if (
      typeof pid !== 'number' ||
      typeof host !== 'string' ||
      typeof at !== 'number' ||
      typeof id !== 'string'
    ) {
      return undefined;
    }
    return { pid, host, at, id };
  } catch {
    return undefined;
  }
}

async function tryCreate(path: string, content: string): Promise<boolean> {
  try {
    const fh = await open(path, 'wx', 0o600);
    try {
      await fh.writeFile(content, 'utf8');
    } finally {
      await fh.close();
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new PooltopError(
      'config',
      `cannot create the lock file ${path}: ${(e as NodeJS.ErrnoException).code}`,
      {
        cause: e,
      },
    );
  }
}

async function readRaw(path: string): Promise<{ raw: string; mtimeMs: number } | undefined> {
  try {
    // Non-blocking and never through a link: a FIFO or a link planted here cannot hang or fool us.
    const { text, stats } = readRegularFileSync(path, { noFollow: true, maxBytes: 4096 });
    return { raw: text, mtimeMs: stats.mtimeMs };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP' || code === NOT_REGULAR || code === 'EISDIR') {
      throw new PooltopError(
        'config',
        `the lock file ${path} is ${code === 'ELOOP' ? 'a symbolic link' : (e as Error).message}, which pooltop never makes; remove it`,
        { cause: e },
      );
    }
    // Not a lock's content: judged like an unreadable one, by its age.
    if (code === TOO_LARGE) return { raw: '', mtimeMs: lstatSync(path).mtimeMs };
    throw e;
  }
}

export async function acquireLock(path: string, opts: LockOptions = {}): Promise<LockHandle> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const isAlive = opts.isAlive ?? pidIsAlive;
  const me: LockInfo = {
    pid: opts.pid ?? process.pid,
    host: opts.host ?? osHostname(),
    at: now(),
    id: randomBytes(8).toString('hex'),
  };
  const deadline = now() + (opts.waitMs ?? DEFAULT_WAIT_MS);

  const isStale = (seen: { raw: string; mtimeMs: number }): boolean => {
    const info = parseInfo(seen.raw);
    if (!info) return now() - seen.mtimeMs > UNREADABLE_GRACE_MS;
    if (info.host === me.host && !isAlive(info.pid)) return true;
    return now() - info.at > staleMs;
  };

  for (;;) {
    me.at = now();
    if (await tryCreate(path, JSON.stringify(me))) return { release: () => releaseLock(path, me.id) };
    const seen = await readRaw(path);
    // Undefined: released between our create and our read; the next round takes it.
    if (seen !== undefined && isStale(seen) && (await breakStale(path, seen.raw, now))) continue;
    if (now() >= deadline) {
      const holder = seen === undefined ? undefined : parseInfo(seen.raw);
      const who = holder
        ? `pid ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`}`
        : 'unknown';
      throw new PooltopError(
        'timeout',
        `another pooltop process (${who}) is refreshing this profile's token; gave up waiting for ${path}`,
      );
    }
    await sleep(opts.pollMs ?? 100);
  }
}

/** Removes a stale lock if it still holds exactly what we judged stale. Returns whether to retry now. */
async function breakStale(path: string, judged: string, now: () => number): Promise<boolean> {
  const breaker = `${path}.break`;
  if (!(await tryCreate(breaker, String(process.pid)))) {
    const b = await readRaw(breaker);
    if (b && now() - b.mtimeMs > BREAKER_STALE_MS) await unlink(breaker).catch(() => undefined);
    return false;
  }
  try {
    const current = await readRaw(path);
    if (current === undefined) return true;
    if (current.raw !== judged) return false;
    await unlink(path).catch(() => undefined);
    return true;
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}

async function releaseLock(path: string, id: string): Promise<void> {
  const seen = await readRaw(path).catch(() => undefined);
  // Only our own lock: if ours was judged stale and broken, the file now belongs to someone else.
  if (seen && parseInfo(seen.raw)?.id === id) await unlink(path).catch(() => undefined);
}
