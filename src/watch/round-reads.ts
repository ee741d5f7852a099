/**
 * What the watcher read, kept for the history store until a round records it (history/types.ts):
 * each account's complete listing, the last time its worker counts still matched that listing
 * (the presence evidence of presence.ts), the account's 5-minute points, and each worker's series
 * the `drop` sweep read since. Only the newest of each is kept, so reads wait bounded while the
 * store is not open yet (the dashboard opens it after its first frame).
 */
import type {
  AccountRound,
  AccountSeriesPoint,
  HistoryEvent,
  HistoryRound,
  SeriesPoint,
  WorkerSeriesRead,
} from '../history/types.js';

interface AccountReads {
  listing?: { names: readonly string[]; at: number };
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

  listed(account: string, names: readonly string[], atMs: number): void {
    this.#of(account).listing = { names, at: seconds(atMs) };
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

  /** The listings made (account, names), for the back-fill on first sight. */
  listings(): Array<[string, readonly string[]]> {
    return [...this.#accounts].flatMap(([account, a]) => (a.listing ? [[account, a.listing.names]] : []));
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
