/**
 * The history store's questions a statement asks, and the adapter from their answers to a
 * StatementInput. The store (src/history/, `openHistory`) answers these as its raw export does:
 * each worker's spans (up or down; a gap is not watched), hash-rate points at a resolution, the
 * daily rewards, and the worker names it knows. Watcher links are not history: the command
 * reads them from the API (api/mining-client.ts) and passes them in.
 */
import type {
  AccountHistory,
  LinkInfo,
  PresenceSpan,
  RateSeries,
  StatementInput,
  StatementWindow,
  WorkerHistory,
} from './types.js';

interface Selection {
  from: number;
  to: number;
  accounts?: readonly string[];
  worker?: string;
}

export interface StoreSpanRow {
  account: string;
  worker: string;
  state: 'up' | 'down';
  start: number;
  end: number;
  filled: boolean;
  lastPresentAt: number | null;
  firstMissingAt: number | null;
}

export interface StoreRateRow {
  account: string;
  /** Empty for the account's own series. */
  worker: string;
  timestamp: number;
  hashrate: number | null;
}

export interface StoreRewardRow {
  account: string;
  /** Unix seconds of the UTC day mined. */
  date: number | null;
  rewardCurrency: string | null;
  totalReward: string | null;
  reward: string | null;
  fee: string | null;
  hashRate: number | null;
  status: string | null;
}

/** The store methods the statement reads (HistoryStore of src/history/store.ts has them). */
export interface HistoryQueries {
  exportSpans(query: Selection): readonly StoreSpanRow[];
  exportHashrate(query: Selection, resolution: '5m' | '1h' | '24h'): readonly StoreRateRow[];
  exportRewards(query: Selection): readonly StoreRewardRow[];
  knownWorkers(account: string): string[];
}

const HOUR = 3600;

/** Points onto a regular grid of `step` from the window's start (NaN where none). */
function gridOf(rows: readonly StoreRateRow[], window: StatementWindow, step: number): RateSeries {
  const start = Math.floor(window.from / step) * step;
  const rates = new Float64Array(Math.max(0, Math.ceil((window.to - start) / step))).fill(Number.NaN);
  for (const r of rows) {
    const i = Math.floor((r.timestamp - start) / step);
    if (i >= 0 && i < rates.length && r.hashrate !== null) rates[i] = r.hashrate;
  }
  return { start, step, rates };
}

function accountHistory(
  store: HistoryQueries,
  account: string,
  window: StatementWindow,
  links: readonly LinkInfo[],
): AccountHistory {
  const sel = { from: window.from, to: window.to, accounts: [account] };
  const spans = new Map<string, PresenceSpan[]>();
  for (const name of store.knownWorkers(account)) spans.set(name, []);
  for (const s of store.exportSpans(sel)) {
    const list = spans.get(s.worker) ?? [];
    list.push({
      state: s.state,
      start: s.start,
      end: s.end,
      filled: s.filled,
      lastPresentAt: s.lastPresentAt,
      firstMissingAt: s.firstMissingAt,
    });
    spans.set(s.worker, list);
  }
  const byWorker = new Map<string, StoreRateRow[]>();
  for (const r of store.exportHashrate(sel, '1h')) {
    const list = byWorker.get(r.worker) ?? [];
    list.push(r);
    byWorker.set(r.worker, list);
  }
  const fine = store.exportHashrate(sel, '5m').filter((r) => r.worker === '');
  const own = fine.length > 0 ? gridOf(fine, window, 300) : gridOf(byWorker.get('') ?? [], window, HOUR);
  const workers: WorkerHistory[] = [...spans].map(([name, list]) => ({
    name,
    spans: list,
    hashrate: gridOf(byWorker.get(name) ?? [], window, HOUR),
  }));
  return {
    account,
    workers,
    hashrate: own,
    rewards: store.exportRewards(sel).flatMap((r) =>
      r.date === null
        ? []
        : [
            {
              date: new Date(r.date * 1000).toISOString().slice(0, 10),
              currency: r.rewardCurrency,
              total: r.totalReward,
              fee: r.fee,
              reward: r.reward,
              hashRate: r.hashRate,
              status: r.status,
            },
          ],
    ),
    links,
  };
}

/** A StatementInput read from the store one account at a time. */
export function statementInputFromStore(
  store: HistoryQueries,
  accounts: readonly string[],
  window: StatementWindow,
  links: (account: string) => readonly LinkInfo[] = () => [],
): StatementInput {
  return {
    accounts: (function* () {
      for (const account of accounts) yield accountHistory(store, account, window, links(account));
    })(),
  };
}
