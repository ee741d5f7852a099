/**
 * `pooltop exporter --keys`: every sub-account's API keys audited (accounts/key-audit.ts, as
 * `pooltop audit keys`) every `--keys-interval` (10 minutes by default, not every poll: an audit
 * costs the list, a key page per account and an IP list per key, each operation paced under its
 * own limit of 1000 / 10 s), and the withdrawals awaiting the main account every interval (a
 * request per 100 waiting). Published as counts (gauges.ts SUBACCOUNT_GAUGES). An audit that is
 * not whole changes nothing and counts as a failed poll: a count from it could be short.
 */
import type { RequestQueue } from '../api/request-queue.js';
import { allUnconfirmed, type AuditClient, type AuditRow, auditAllKeys } from '../accounts/key-audit.js';
import type { UnconfirmedWithdrawal } from '../api/oversight-types.js';
import { readSubAccounts } from '../alerts/readings.js';
import { PooltopError } from '../errors/pooltop-error.js';
import type { Exposition } from './exposition.js';
import type { PollTarget } from './poller.js';

export const KEYS_ENDPOINT = 'subaccount_keys';
export const WITHDRAWALS_ENDPOINT = 'subaccount_withdrawals';

export interface KeyTargetOptions {
  /** Seconds between audits. */
  everyS: number;
  idleSeconds: number;
  now?: () => number;
}

export function keyTargets(
  client: AuditClient,
  queue: RequestQueue,
  exposition: Exposition,
  opts: KeyTargetOptions,
): [PollTarget<AuditRow[]>, PollTarget<UnconfirmedWithdrawal[] | null>] {
  const now = opts.now ?? Date.now;
  let keys: AuditRow[] | undefined;
  let auditedAt: number | undefined;
  let withdrawals: UnconfirmedWithdrawal[] | null | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  const publish = () => exposition.setSubAccounts(readSubAccounts(keys, withdrawals), auditedAt);
  return [
    {
      endpoint: KEYS_ENDPOINT,
      due: () => now() - lastStart >= opts.everyS * 1000,
      async fetch(signal) {
        lastStart = now();
        const audit = await auditAllKeys(client, { idleSeconds: opts.idleSeconds, signal, now, queue });
        if (!audit.complete) {
          throw (
            audit.lastError ??
            new PooltopError('api', 'incomplete audit: the sub-account list goes past what the API pages to')
          );
        }
        return audit.rows;
      },
      apply(rows) {
        keys = rows;
        auditedAt = Math.floor(now() / 1000);
        publish();
      },
    },
    {
      endpoint: WITHDRAWALS_ENDPOINT,
      fetch: async (signal) => (await allUnconfirmed(client.oversight, signal)) ?? null,
      apply(rows) {
        withdrawals = rows;
        publish();
      },
    },
  ];
}
