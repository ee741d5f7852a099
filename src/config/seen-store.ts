/**
 * Where the seen workers live: one small file per profile and mining account in the state
 * directory, `workers-<profile>-<account>.json`, mode 0600, replaced atomically and durably
 * (atomic-write.ts). Inside, one state per API base URL, so the demo never mixes with production.
 * A damaged file is read as empty (it only holds what the next complete listing rebuilds).
 */
import { join } from 'node:path';
import { ensurePrivateDir, writeFileDurable } from './atomic-write.js';
import { readStateFile } from './state-file.js';
import { EMPTY_SEEN, parseSeen, type SeenState } from './seen-workers.js';
import { profileFileStem } from './token-store.js';

export interface SeenStore {
  readonly path: string;
  read(): Promise<SeenState>;
  write(state: SeenState): Promise<void>;
}

export interface SeenStoreOptions {
  stateDir: string;
  profile: string;
  account: string;
  baseUrl: string;
}

const VERSION = 1;

export function seenStorePath(stateDir: string, profile: string, account: string): string {
  return join(stateDir, `workers-${profileFileStem(profile)}-${profileFileStem(account)}.json`);
}

type SeenFile = { version: number; entries: Record<string, unknown> };

export function fileSeenStore(opts: SeenStoreOptions): SeenStore {
  const file = seenStorePath(opts.stateDir, opts.profile, opts.account);

  function readWhole(): SeenFile {
    const text = readStateFile('the seen-workers file', file);
    if (text === undefined) return { version: VERSION, entries: {} };
    try {
      const data = JSON.parse(text) as unknown;
      const entries = (data as { entries?: unknown }).entries;
      if (typeof entries === 'object' && entries !== null && !Array.isArray(entries)) {
        return { version: VERSION, entries: { ...(entries as Record<string, unknown>) } };
      }
    } catch {
      // Damaged: rebuilt from the next complete listing.
    }
    return { version: VERSION, entries: {} };
  }

  return {
    path: file,
    async read() {
      return parseSeen(readWhole().entries[opts.baseUrl]) ?? EMPTY_SEEN;
    },
    async write(state) {
      await ensurePrivateDir(opts.stateDir);
      const whole = readWhole();
      whole.entries[opts.baseUrl] = state;
      await writeFileDurable(file, `${JSON.stringify(whole)}\n`);
    },
  };
}

/** Each mining account's store, opened once per account (the dashboard's). */
export type SeenStores = (account: string) => Promise<SeenStore>;

/** Stores kept in memory only, one per account, opened by `open` once each. */
export function cachedSeenStores(open: SeenStores): SeenStores {
  const opened = new Map<string, Promise<SeenStore>>();
  return (account) => {
    let store = opened.get(account);
    if (!store) {
      store = open(account);
      opened.set(account, store);
    }
    return store;
  };
}

/** A store that never touches the disk, starting from `initial`. */
export function memorySeenStore(initial: SeenState = EMPTY_SEEN): SeenStore {
  let state = initial;
  return {
    path: '(memory)',
    read: async () => state,
    write: async (next) => {
      state = next;
    },
  };
}
