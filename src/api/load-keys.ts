/**
 * Every key of many sub-accounts with its IP list (`pooltop audit keys`): each account's keys
 * page by page, then each key's addresses, as low-priority tasks of the process's request queue
 * (request-queue.ts), whose pacing keeps each operation under its limit and whose 429 rule pauses
 * every start. A failed request is retried (retry.ts);
 * an account that still fails is kept as its error and the others go on. Results are handed on
 * in list order. Cancelling stops new requests; what arrived stays. Pure apart from the injected
 * fetches, clock and sleep.
 */
import { isPooltopError, PooltopError } from '../errors/pooltop-error.js';
import { linkSignals } from './link-signals.js';
import { LOAD_PAGE_RETRIES } from './load-all.js';
import type { OversightPage, SubAccountApiKey } from './oversight-types.js';
import { type RequestQueue, retryInQueue } from './request-queue.js';
import { defaultSleep, type Sleep } from './retry.js';
import { LIMIT_MAX, OFFSET_MAX } from './types.js';

/** Accounts in progress at once: enough that one waiting on its IP lists never idles the queue. */
export const KEYS_CONCURRENCY = 8;

export interface KeyWithIps {
  key: SubAccountApiKey;
  /** The addresses the key may be used from; empty: no IP restriction. */
  ips: string[];
}

export type AccountKeysResult = { ok: true; keys: KeyWithIps[] } | { ok: false; error: PooltopError };

export interface KeyLoadProgress {
  /** Accounts whose keys (or final failure) arrived. */
  done: number;
  total: number;
  failed: number;
  requests: number;
}

export interface LoadKeysOptions {
  ids: readonly (string | null | undefined)[];
  listKeys: (id: string, offset: number, signal: AbortSignal) => Promise<OversightPage<SubAccountApiKey>>;
  listIps: (keyId: string, signal: AbortSignal) => Promise<string[]>;
  /** The process's request queue: every request is one of its tasks. */
  queue: RequestQueue;
  signal?: AbortSignal;
  concurrency?: number;
  retries?: number;
  deadline?: number;
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
  onResult?: (index: number, result: AccountKeysResult) => void;
  onProgress?: (progress: KeyLoadProgress) => void;
}

export interface KeysOutcome {
  results: AccountKeysResult[];
  cancelled: boolean;
  progress: KeyLoadProgress;
}

export async function loadKeys(options: LoadKeysOptions): Promise<KeysOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? KEYS_CONCURRENCY));
  const { ids, signal: outer } = options;
  const retryOptions = (signal: AbortSignal) => ({
    retries: options.retries ?? LOAD_PAGE_RETRIES,
    sleep,
    random: options.random,
    signal,
    deadline: options.deadline,
    now,
  });

  const arrived = new Map<number, AccountKeysResult>();
  const results: AccountKeysResult[] = [];
  let failed = 0;
  let requests = 0;
  const progress = (): KeyLoadProgress => ({
    done: results.length + arrived.size,
    total: ids.length,
    failed,
    requests,
  });
  const settle = (index: number, result: AccountKeysResult): void => {
    if (!result.ok) failed++;
    arrived.set(index, result);
    for (let r = arrived.get(results.length); r !== undefined; r = arrived.get(results.length)) {
      arrived.delete(results.length);
      results.push(r);
      options.onResult?.(results.length - 1, r);
    }
    options.onProgress?.(progress());
  };
  const through = <T>(send: () => Promise<T>, signal: AbortSignal) =>
    retryInQueue(
      options.queue,
      () => {
        requests++;
        return send();
      },
      retryOptions(signal),
    );

  const accountKeys = async (id: string, signal: AbortSignal): Promise<KeyWithIps[]> => {
    const keys: SubAccountApiKey[] = [];
    for (let offset = 0; offset <= OFFSET_MAX; offset += LIMIT_MAX) {
      const page = await through(() => options.listKeys(id, offset, signal), signal);
      keys.push(...page.items);
      if (page.items.length < LIMIT_MAX) break;
    }
    return Promise.all(
      keys.map(async (key) => ({
        key,
        ips: key.id
          ? await through(() => options.listIps(key.id as string, signal), signal)
          : [],
      })),
    );
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (!outer?.aborted && next < ids.length) {
      const index = next++;
      const id = ids[index];
      if (!id) {
        settle(index, { ok: false, error: new PooltopError('schema', 'the list gave this row no id') });
        continue;
      }
      const linked = linkSignals(outer);
      try {
        settle(index, { ok: true, keys: await accountKeys(id, linked.signal) });
      } catch (err) {
        if (linked.signal.aborted) return;
        const error = isPooltopError(err)
          ? err
          : new PooltopError('network', `keys: ${String(err)}`, { cause: err });
        settle(index, { ok: false, error });
      } finally {
        linked.dispose();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { results, cancelled: outer?.aborted === true && results.length < ids.length, progress: progress() };
}
