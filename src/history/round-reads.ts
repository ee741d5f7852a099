/**
 * What a writer (the watcher, the exporter) read, kept for the history store until its round
 * records it:
 * each account's complete listing, the last time its worker counts still matched that listing
 * (the presence evidence of presence.ts), the account's 5-minute points, and each worker's series
 * the `drop` sweep read since. Only the newest of each is kept, so reads wait bounded while the
 * store is not open yet (the dashboard opens it after its first frame). `recordReads` records
 * them and starts the back-fill of an account seen for the first time (first-sight.ts).
 */
import type { FirstSight } from './first-sight.js';
import type { HistoryStore } from './store.js';
import type {
  AccountRound,
  AccountSeriesPoint,
  HistoryEvent,
  HistoryRound,
  SeriesPoint,
  WorkerSeriesRead,
} from './types.js';

interface AccountReads {
  listing?: { names: readonly string[]; at: number };
  /** Names remembered from earlier listings (seen workers), for the back-fill. */
  remembered?: readonly string[];
  countsAt?: number;
  series?: readonly AccountSeriesPoint[];
  swept?: Map<string, WorkerSeriesRead>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export class RoundReads {
  readonly #accounts = new Map<string, AccountReads>();

  #of(account: string): AccountReads {
    let a = this.#accounts.get(account);
    if (!a) {
      a = {};
      this.#accounts.set(account, a);
    }
    return a;
  }

  listed(account: string, names: readonly string[], atMs: number, remembered: readonly string[] = []): void {
    const a = this.#of(account);
    a.listing = { names, at: seconds(atMs) };
    a.remembered = remembered;
  }

  countsMatched(account: string, atMs: number): void {
    this.#of(account).countsAt = seconds(atMs);
  }

  series(account: string, points: readonly AccountSeriesPoint[]): void {
    this.#of(account).series = points;
  }

  swept(account: string, worker: string, points: readonly SeriesPoint[]): void {
    const a = this.#of(account);
    a.swept ??= new Map();
    a.swept.set(worker, { worker, interval: '5m', points });
  }

  /** The accounts listed and every name known of each, for the back-fill on first sight. */
  listings(): Array<[string, readonly string[]]> {
    return [...this.#accounts].flatMap(([account, a]) =>
      a.listing ? [[account, [...a.listing.names, ...(a.remembered ?? [])]]] : [],
    );
  }

  /** The round to record, and nothing kept after it. */
  take(atMs: number, intervalS: number, events: readonly HistoryEvent[]): HistoryRound {
    const accounts: AccountRound[] = [];
    for (const [account, a] of this.#accounts) {
      // A listing says more than counts at the same second (the store ignores an observation no
      // newer than the last): counts go in only when later than the listing.
      const counts = a.countsAt !== undefined && a.countsAt > (a.listing?.at ?? -1) ? a.countsAt : undefined;
      accounts.push({
        account,
        ...(a.listing ? { listing: a.listing } : {}),
        ...(counts !== undefined ? { countsMatchedAt: counts } : {}),
        ...(a.series ? { series: a.series } : {}),
        ...(a.swept ? { workerSeries: [...a.swept.values()] } : {}),
      });
    }
    this.#accounts.clear();
    return { at: seconds(atMs), intervalS, accounts, events };
  }
}

/** The reads as one round into `store`, then the back-fill of any account it has not seen. */
export function recordReads(
  store: HistoryStore,
  reads: RoundReads,
  sight: FirstSight,
  round: { atMs: number; intervalS: number; events?: readonly HistoryEvent[] },
): void {
  const listed = reads.listings();
  store.record(reads.take(round.atMs, round.intervalS, round.events ?? []));
  for (const [account, names] of listed) sight.see(store, account, names);
}
