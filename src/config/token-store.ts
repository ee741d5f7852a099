/**
 * The token store: one file per profile in the state directory, `tokens-<profile>.json`,
 * mode 0600, replaced atomically and durably (see atomic-write.ts). Inside, one entry per
 * API base URL. Writes happen only under the profile's lock (lock.ts).
 *
 * Why one file per profile: the lock is per profile, so a write never rewrites another
 * profile's data, and a damaged file affects one profile only.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { unlink } from 'node:fs/promises';
import { parseRescue } from './rescue-file.js';
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { fileTrust } from './file-trust.js';
import { readProblem, readRegularFileSync } from './regular-file.js';
import { ensurePrivateDir, type WriteStep, writeFileDurable } from './atomic-write.js';
import { parseStoreFile, STORE_VERSION, type StoreEntry, type StoreFile } from './store-schema.js';

export type { LastRefresh, RefreshResult, StoreEntry, StoredTokens } from './store-schema.js';

export interface TokenStore {
  /** Where the entry lives (for messages); `(memory)` for the in-memory store. */
  readonly path: string;
  /** Where the profile's lock file lives; undefined for the in-memory store. */
  readonly lockPath?: string;
  read(): Promise<StoreEntry | undefined>;
  /** Replaces this base URL's entry durably. Call only while holding the lock. */
  write(entry: StoreEntry): Promise<void>;
  /** Where a token set goes when the store cannot be written (see `storePaths`). */
  readonly fallbackPath?: string;
  /** Writes `text` (config/rescue-file.ts) to `fallbackPath`, durably and private. */
  writeFallback?(text: string): Promise<void>;
}

/** File-name-safe form of a profile name (profiles are arbitrary TOML keys). */
export function profileFileStem(profile: string): string {
  return encodeURIComponent(profile).replace(
    /[!'()*~.]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `fallback`: beside the state directory, in its parent (`~/.local/state` by default), the
 * nearest place that is still the user's own and survives a reboot when the state directory
 * itself cannot be written (made read-only, replaced, its permissions broken).
 */
export function storePaths(
  stateDir: string,
  profile: string,
): { file: string; lock: string; fallback: string } {
  const stem = profileFileStem(profile);
  return {
    file: join(stateDir, `tokens-${stem}.json`),
    lock: join(stateDir, `tokens-${stem}.lock`),
    fallback: join(dirname(stateDir), `pooltop-unsaved-tokens-${stem}.json`),
  };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface FileStoreOptions {
  stateDir: string;
  profile: string;
  baseUrl: string;
  /** Test hook to simulate a crash between the steps of a write. */
  onWriteStep?: (step: WriteStep) => void;
  /** Told, in one line, about a store others can read (it stays usable). */
  onWarning?: (line: string) => void;
}

export function fileTokenStore(opts: FileStoreOptions): TokenStore {
  const { file, lock, fallback } = storePaths(opts.stateDir, opts.profile);

  async function readWhole(): Promise<StoreFile | undefined> {
    let text: string;
    try {
      // Never a link (pooltop never makes one), never a FIFO or device, never more than 1 MiB.
      const got = readRegularFileSync(file, { noFollow: true });
      const trust = fileTrust('the token store', file, got.stats);
      if (trust.refuse) throw new PooltopError('config', trust.refuse);
      if (trust.warn) opts.onWarning?.(trust.warn);
      text = got.text;
    } catch (e) {
      if (isPooltopError(e)) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      throw new PooltopError(
        'config',
        `cannot read the token store ${file}: ${readProblem(code, (e as Error).message)}`,
        { cause: e },
      );
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const parsed = parseStoreFile(data);
    if (!parsed) {
      // Never overwrite it: it may hold the only working refresh token.
      throw new PooltopError('config', `the token store ${file} is damaged; move it aside and re-authorise`);
    }
    return parsed;
  }

  return {
    path: file,
    lockPath: lock,
    async read() {
      return (await readWhole())?.entries[opts.baseUrl];
    },
    async write(entry) {
      await ensurePrivateDir(opts.stateDir);
      const whole = (await readWhole()) ?? { version: STORE_VERSION, profile: opts.profile, entries: {} };
      whole.entries[opts.baseUrl] = entry;
      await writeFileDurable(file, `${JSON.stringify(whole, null, 2)}\n`, opts.onWriteStep);
      await dropStaleFallback(entry);
    },
    fallbackPath: fallback,
    async writeFallback(text) {
      await writeFileDurable(fallback, text);
    },
  };

  /** The fallback file is a copy of a set now in the store (or older): it only holds a dead secret. */
  async function dropStaleFallback(saved: StoreEntry): Promise<void> {
    let rescue: ReturnType<typeof parseRescue>;
    try {
      rescue = parseRescue(readRegularFileSync(fallback, { noFollow: true }).text);
    } catch {
      return;
    }
    if (typeof rescue === 'string' || rescue.baseUrl !== opts.baseUrl || rescue.profile !== opts.profile)
      return;
    if ((rescue.issuedAt ?? 0) <= (saved.issuedAt ?? 0)) await unlink(fallback).catch(() => undefined);
  }
}

/** For `--demo` and tests: nothing touches the disk and nothing outlives the process. */
export function memoryTokenStore(initial?: StoreEntry): TokenStore {
  let entry = initial ? structuredClone(initial) : undefined;
  return {
    path: '(memory)',
    async read() {
      return entry ? structuredClone(entry) : undefined;
    },
    async write(next) {
      entry = structuredClone(next);
    },
  };
}
