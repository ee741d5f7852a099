/**
 * One audit of every sub-account's API keys: the whole list (api/load-all.ts), each account's
 * keys and each key's IP list (api/load-keys.ts, as the request queue's tasks),
 * judged (key-findings.ts). Shared by `pooltop audit keys`, `check subaccounts`, the exporter and
 * the watcher; also every withdrawal awaiting the main account, which the same readers count.
 */
import { loadAllSubAccounts } from '../api/load-all.js';
import { type KeyLoadProgress, type KeyWithIps, loadKeys } from '../api/load-keys.js';
import type { OversightApi, UnconfirmedWithdrawal } from '../api/oversight-types.js';
import type { RequestQueue } from '../api/request-queue.js';
import { type ApiClient, LIMIT_MAX, OFFSET_MAX, type SubAccount } from '../api/types.js';
import type { PooltopError } from '../errors/pooltop-error.js';
import { type Finding, keyFindings } from './key-findings.js';

/** Ninety days without activity is idle, unless told otherwise (`--idle`). */
export const IDLE_DEFAULT_S = 90 * 86_400;

/** One audited key with its account. */
export interface AuditRow extends KeyWithIps {
  alias: string | null;
  findings: Finding[];
}

export interface KeyAudit {
  /** Sub-accounts listed. */
  accounts: number;
  /** Their ids: with a search, the sub-accounts it found (check subaccounts counts their withdrawals). */
  ids: ReadonlySet<string>;
  rows: AuditRow[];
  /** Accounts whose keys could not be fetched, and the last error. */
  failed: number;
  lastError?: PooltopError;
  /** Every account listed and every account's keys fetched. */
  complete: boolean;
  cancelled: boolean;
  nowSec: number;
}

export interface KeyAuditOptions {
  idleSeconds: number;
  search?: string;
  signal?: AbortSignal;
  /** Epoch ms by which the audit must end (no retry wait reaches past it). */
  deadline?: number;
  onProgress?: (p: KeyLoadProgress) => void;
  now?: () => number;
  /** The process's request queue (the client sends by its pacing). */
  queue: RequestQueue;
}

export type AuditClient = Pick<ApiClient, 'listSubAccounts'> & { oversight: OversightApi };

export async function auditAllKeys(client: AuditClient, opts: KeyAuditOptions): Promise<KeyAudit> {
  const now = opts.now ?? Date.now;
  const list = await loadAllSubAccounts<SubAccount>({
    fetchPage: (query, signal) => client.listSubAccounts(query, { signal }),
    search: opts.search,
    signal: opts.signal,
    deadline: opts.deadline,
    queue: opts.queue,
  });
  if (list.end === 'failed' && list.error) throw list.error;
  const accounts = list.rows;
  const nowSec = Math.floor(now() / 1000);
  const rows: AuditRow[] = [];
  let failed = 0;
  let lastError: PooltopError | undefined;
  const outcome = await loadKeys({
    ids: accounts.map((a) => a.id),
    listKeys: (subAccountId, offset, signal) =>
      client.oversight.apiKeys({ subAccountId, offset, limit: LIMIT_MAX }, { signal }),
    listIps: (apiKeyId, signal) => client.oversight.ipAddresses({ apiKeyId }, { signal }),
    queue: opts.queue,
    signal: opts.signal,
    deadline: opts.deadline,
    onProgress: opts.onProgress,
    onResult: (i, result) => {
      if (!result.ok) {
        failed++;
        lastError = result.error;
        return;
      }
      const alias = accounts[i]?.alias ?? null;
      for (const k of result.keys) {
        rows.push({ ...k, alias, findings: keyFindings(k, { nowSec, idleSeconds: opts.idleSeconds }) });
      }
    },
  });
  return {
    accounts: accounts.length,
    ids: new Set(accounts.flatMap((a) => (a.id ? [a.id] : []))),
    rows,
    failed,
    lastError,
    complete: list.complete && failed === 0 && !outcome.cancelled,
    cancelled: outcome.cancelled,
    nowSec,
  };
}

/** Every withdrawal awaiting the main account, newest first; undefined when the operation is not enabled. */
export async function allUnconfirmed(
  oversight: OversightApi,
  signal?: AbortSignal,
): Promise<UnconfirmedWithdrawal[] | undefined> {
  const rows: UnconfirmedWithdrawal[] = [];
  for (let offset = 0; offset <= OFFSET_MAX; offset += LIMIT_MAX) {
    const answer = await oversight.unconfirmedWithdrawals({ offset, limit: LIMIT_MAX }, { signal });
    if (!answer.enabled) return undefined;
    rows.push(...answer.page.items);
    if (answer.page.items.length < LIMIT_MAX) break;
  }
  return rows;
}
