/**
 * The workers table's question to the history file, pure of React (bench/inproc/history-ui.mjs
 * times it): each worker's uptime over 24 h, 7 d and 30 d, one query per window.
 */
import type { HistoryStore } from '../../history/store.js';

const DAY_S = 86_400;
/** The workers table's uptime windows, in days. */
export const UPTIME_DAYS = [1, 7, 30] as const;

export interface WorkerUptime {
  /** Uptime (0–1) over the last 24 h, 7 d and 30 d; null when nothing was watched. */
  d1: number | null;
  d7: number | null;
  d30: number | null;
}

export interface AccountUptimes {
  /** By worker name, every worker the file knows for the account. */
  workers: ReadonlyMap<string, WorkerUptime>;
  /** The account's own over 30 days (the sums over its workers). */
  account30: number | null;
}

const ratio = (up: number, down: number) => (up + down > 0 ? up / (up + down) : null);

/** Three questions, one per window: each worker's uptime and the account's 30 days. */
export function accountUptimes(store: HistoryStore, account: string, nowS: number): AccountUptimes {
  const workers = new Map<string, WorkerUptime>();
  let up30 = 0;
  let down30 = 0;
  for (const days of UPTIME_DAYS) {
    for (const r of store.uptime({ from: nowS - days * DAY_S, to: nowS, accounts: [account] })) {
      const w = workers.get(r.worker) ?? { d1: null, d7: null, d30: null };
      if (days === 1) w.d1 = r.uptime;
      else if (days === 7) w.d7 = r.uptime;
      else {
        w.d30 = r.uptime;
        up30 += r.upS;
        down30 += r.downS;
      }
      workers.set(r.worker, w);
    }
  }
  return { workers, account30: ratio(up30, down30) };
}
