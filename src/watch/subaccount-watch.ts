/**
 * The watcher's sub-account rules (`[watch.subaccounts]`): a key that was not in the watcher's
 * previous audit and is enabled without IP restriction, or may withdraw or transfer; and a
 * withdrawal that has awaited the main account longer than `withdrawal_wait`.
 *
 * Every sub-account's keys are audited (accounts/key-audit.ts) every `keys_every` (10 minutes by
 * default), in the background at low priority, so a round never waits for an audit; the rounds
 * judge the last whole audit. The first audit of a run is the baseline: nothing in it is new, so
 * nothing fires at first sight; a key whose alert was in the saved book stays new. A new key's
 * alert holds while the key keeps its finding and resolves when it loses it or is deleted. The
 * withdrawals are read every round (a request per 100 waiting).
 */
import type { RequestQueue } from '../api/request-queue.js';
import {
  allUnconfirmed,
  type AuditClient,
  type AuditRow,
  auditAllKeys,
  IDLE_DEFAULT_S,
} from '../accounts/key-audit.js';
import type { Finding } from '../accounts/key-findings.js';
import type { UnconfirmedWithdrawal } from '../api/oversight-types.js';
import type { WatchSettings } from '../alerts/watch-settings.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import { formatDuration } from '../format/time.js';
import type { Condition } from './rules.js';

export interface SubAccountWatch {
  /** Starts an audit when one is due (not awaited) and reads the withdrawals when a rule needs them. */
  read(nowMs: number): Promise<void>;
  /** What holds now; `inBook`: an alert id the book holds (pending or firing). */
  conditions(nowS: number, inBook: (id: string) => boolean): Condition[];
}

export interface SubAccountWatchOptions {
  client: AuditClient;
  /** The queue the audit's requests run in, as low-priority tasks. */
  queue: RequestQueue;
  settings: WatchSettings['subaccounts'];
  /** Runs one source's read; a failure keeps what was there and is reported once (watcher.ts). */
  source: <T>(name: string, read: () => Promise<T>) => Promise<T | undefined>;
  signal: AbortSignal;
  /** After each whole audit, with its number of keys. */
  onAudited?: (keys: number) => void;
}

const RULES: readonly {
  setting: 'newUnrestrictedKey' | 'newWithdrawKey';
  finding: Finding;
  metric: string;
  what: string;
  severity: Condition['severity'];
}[] = [
  {
    setting: 'newUnrestrictedKey',
    finding: 'no-ip-restriction',
    metric: 'new_unrestricted_key',
    what: 'enabled without IP restriction',
    severity: 'warning',
  },
  {
    setting: 'newWithdrawKey',
    finding: 'moves-money',
    metric: 'new_withdraw_key',
    what: 'allowed to withdraw or transfer',
    severity: 'critical',
  },
];

const TITLE_MAX = 60;
const shown = (text: string | null | undefined) =>
  [...sanitizeLine(text ?? '', KEEP_UNICODE)].slice(0, TITLE_MAX).join('');

/** Undefined when no sub-account rule is on. */
export function createSubAccountWatch(opts: SubAccountWatchOptions): SubAccountWatch | undefined {
  const { settings, client, source } = opts;
  const wantKeys = settings.newUnrestrictedKey || settings.newWithdrawKey;
  const wantWithdrawals = settings.withdrawalWaitS !== undefined;
  if (!wantKeys && !wantWithdrawals) return undefined;
  let baseline: Set<string> | undefined;
  let keys: AuditRow[] = [];
  let auditing = false;
  let lastAuditMs = Number.NEGATIVE_INFINITY;
  let withdrawals: UnconfirmedWithdrawal[] = [];
  /** Sub-account id → its alias, from the last audit (the withdrawals name the id only). */
  let aliases = new Map<string, string>();

  async function audit(): Promise<void> {
    auditing = true;
    try {
      const done = await source('sub-account keys', async () => {
        const a = await auditAllKeys(client, { idleSeconds: IDLE_DEFAULT_S, signal: opts.signal, queue: opts.queue });
        if (!a.complete && !a.cancelled)
          throw a.lastError ?? new Error('the sub-account list goes past what the API pages to');
        return a;
      });
      if (!done || done.cancelled) return;
      keys = done.rows;
      baseline ??= new Set(done.rows.map((r) => r.key.id).filter((id): id is string => id !== null));
      aliases = new Map(
        done.rows.flatMap((r) =>
          r.key.subAccountId && r.alias ? [[r.key.subAccountId, r.alias] as const] : [],
        ),
      );
      opts.onAudited?.(done.rows.length);
    } finally {
      auditing = false;
    }
  }

  return {
    async read(nowMs) {
      if (wantKeys && !auditing && nowMs - lastAuditMs >= settings.keysEveryS * 1000) {
        lastAuditMs = nowMs;
        void audit();
      }
      if (wantWithdrawals) {
        const got = await source('withdrawals awaiting confirmation', async () => ({
          // Not enabled for the account (404): none can wait.
          rows: (await allUnconfirmed(client.oversight, opts.signal)) ?? [],
        }));
        if (got) withdrawals = got.rows;
      }
    },
    conditions(nowS, inBook) {
      const out: Condition[] = [];
      for (const rule of RULES) {
        if (!settings[rule.setting]) continue;
        for (const row of keys) {
          const id = row.key.id;
          if (id === null || !row.findings.includes(rule.finding)) continue;
          const conditionId = `new_key:${id}:${rule.metric}`;
          if (baseline?.has(id) && !inBook(conditionId)) continue;
          const account = row.alias ?? row.key.subAccountId;
          out.push({
            id: conditionId,
            kind: 'new_key',
            severity: rule.severity,
            account,
            worker: null,
            metric: rule.metric,
            value: null,
            summary: `${shown(account)}: new API key "${shown(row.key.title)}" ${rule.what}`,
          });
        }
      }
      const waitS = settings.withdrawalWaitS;
      if (waitS !== undefined) {
        for (const w of withdrawals) {
          if (w.createdAt == null || nowS - w.createdAt <= waitS) continue;
          const waited = nowS - w.createdAt;
          const account = (w.subAccountId && aliases.get(w.subAccountId)) ?? w.subAccountId;
          out.push({
            id: `withdrawal_waiting:${w.id ?? `${w.subAccountId}:${w.createdAt}`}`,
            kind: 'withdrawal_waiting',
            severity: 'warning',
            account,
            worker: null,
            metric: 'withdrawal_wait',
            value: waited,
            summary: `${shown(account)}: withdrawal of ${shown(w.amount)} ${shown(w.currency)} waiting ${formatDuration(waited * 1000)} for the main account's confirmation`,
            // The hold counts from when it passed the limit.
            startedMs: (w.createdAt + waitS) * 1000,
          });
        }
      }
      return out;
    },
  };
}
