/**
 * `pooltop exporter --balances`: every sub-account's balances as
 * `whitebit_subaccount_balance{alias,ticker,place}`. One poll target: the whole list (api/load-all.ts),
 * then one balances request per account (api/load-balances.ts: at most 4 at once, failures
 * retried), all through the process's request queue (paced per operation, as every request).
 * The poller never starts a round while the last is still running, so no account is asked for
 * twice in one interval. An account whose balances failed keeps its last
 * values; an account gone from the list loses its series.
 */
import type { CurrencyBalance } from '../api/balance-types.js';
import { loadAllSubAccounts } from '../api/load-all.js';
import { loadBalances } from '../api/load-balances.js';
import type { RequestQueue } from '../api/request-queue.js';
import type { Sleep } from '../api/retry.js';
import type { ApiClient } from '../api/types.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import type { Exposition } from './exposition.js';
import type { PollTarget } from './poller.js';

export const BALANCES_ENDPOINT = 'subaccount_balances';

/** Longest alias label, in characters. */
const ALIAS_MAX = 64;

interface Round {
  accounts: { id: string; alias: string }[];
  balances: Map<string, readonly CurrencyBalance[]>;
}

/** The loaders' clock and sleep (tests drive them with fake timers). */
export interface Timing {
  now?: () => number;
  sleep?: Sleep;
}

export function balanceTarget(
  client: ApiClient,
  queue: RequestQueue,
  exposition: Exposition,
  timing: Timing = {},
): PollTarget<Round> {
  const last = new Map<string, readonly CurrencyBalance[]>();
  return {
    endpoint: BALANCES_ENDPOINT,
    async fetch(signal) {
      const list = await loadAllSubAccounts({
        fetchPage: (query, s) => client.listSubAccounts(query, { signal: s }),
        queue,
        signal,
        ...timing,
      });
      if (list.end === 'failed' || list.end === 'cancelled') {
        throw list.error ?? new PooltopError('network', 'the sub-account list could not be read');
      }
      const accounts = labelled(list.rows);
      const outcome = await loadBalances({
        ids: accounts.map((a) => a.id),
        fetch: (id, s) => client.subAccountBalances({ id }, { signal: s }),
        queue,
        signal,
        ...timing,
      });
      const balances = new Map<string, readonly CurrencyBalance[]>();
      outcome.results.forEach((r, i) => {
        if (r.ok) balances.set(accounts[i]?.id as string, r.balances);
      });
      return { accounts, balances };
    },
    apply({ accounts, balances }) {
      const ids = new Set(accounts.map((a) => a.id));
      for (const id of last.keys()) if (!ids.has(id)) last.delete(id);
      for (const [id, rows] of balances) last.set(id, rows);
      exposition.setBalances(
        accounts.flatMap((a) => {
          const rows = last.get(a.id);
          return rows ? [{ alias: a.alias, balances: rows }] : [];
        }),
      );
    },
  };
}

/**
 * Accounts with an id, each with a label value of its own: the alias, cleaned and cut to
 * ALIAS_MAX characters, the id where there is none, the id added where two would be the same.
 */
function labelled(rows: readonly { id?: string | null; alias?: string | null }[]) {
  const withId = rows.filter((r): r is { id: string; alias?: string | null } => !!r.id);
  const base = withId.map(
    (r) => [...sanitizeLine(r.alias ?? '', KEEP_UNICODE)].slice(0, ALIAS_MAX).join('') || r.id,
  );
  const seen = new Map<string, number>();
  for (const b of base) seen.set(b, (seen.get(b) ?? 0) + 1);
  return withId.map((r, i) => {
    const b = base[i] as string;
    return { id: r.id, alias: (seen.get(b) ?? 0) > 1 ? `${b} ${r.id}` : b };
  });
}
