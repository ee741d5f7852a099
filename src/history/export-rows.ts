/** Raw rows for other tools (`history export`), and what the file holds (`history info`). */
import { statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { blockOf, blockStart, decodeBlock, RES_DAY, RES_FINE, RES_HOUR, slotsOf } from './series-blocks.js';
import { type Selection, selectedWorkers, withSpans } from './span-rows.js';
import type { HashrateExportRow, RewardExportRow, SpanExportRow, StoreSize, Window } from './types.js';
import { METRIC_HASHRATE, METRIC_REJECT } from './writer.js';

export function spanRows(db: DatabaseSync, q: Window & Selection): SpanExportRow[] {
  const out: SpanExportRow[] = [];
  for (const w of withSpans(db, selectedWorkers(db, q), q.from, q.to)) {
    for (const s of w.spans) {
      out.push({
        account: w.account,
        worker: w.worker,
        state: s.up ? 'up' : 'down',
        start: s.start,
        end: s.end,
        open: s.open,
        filled: s.filled,
        how: s.how,
        lastPresentAt: s.up ? null : s.lastPresentAt,
        firstMissingAt: s.up ? null : s.firstMissingAt,
      });
    }
  }
  return out;
}

const RES_NAMES: Readonly<Record<number, HashrateExportRow['resolution']>> = {
  [RES_FINE]: '5m',
  [RES_HOUR]: '1h',
  [RES_DAY]: '24h',
};

/** Every kept value in the window at `res`: the accounts' own series and each worker's. */
export function hashrateRows(db: DatabaseSync, q: Window & Selection, res: number): HashrateExportRow[] {
  const rows = db
    .prepare(
      `SELECT a.name AS account, coalesce(w.name, '') AS worker, s.metric AS metric, b.block AS block, b.v AS v
         FROM block b JOIN series s ON s.id = b.series_id JOIN account a ON a.id = s.account_id
         LEFT JOIN worker w ON w.id = s.worker_id
        WHERE b.res = ? AND b.block BETWEEN ? AND ?`,
    )
    .all(res, blockOf(res, q.from).block, blockOf(res, q.to).block) as unknown as Array<{
    account: string;
    worker: string;
    metric: number;
    block: number;
    v: Uint8Array;
  }>;
  const accounts = q.accounts && q.accounts.length > 0 ? new Set(q.accounts) : undefined;
  const names = q.worker
    ? new Set(selectedWorkers(db, q).map((w) => `${w.account}\n${w.worker}`))
    : undefined;
  const byKey = new Map<string, HashrateExportRow>();
  for (const r of rows) {
    if (accounts && !accounts.has(r.account)) continue;
    if (names && !names.has(`${r.account}\n${r.worker}`)) continue;
    const values = decodeBlock(res, r.v);
    const start = blockStart(res, r.block);
    for (let i = 0; i < slotsOf(res); i++) {
      const v = values[i] ?? Number.NaN;
      const t = start + i * res;
      if (Number.isNaN(v) || t < q.from || t >= q.to) continue;
      const key = `${r.account}\n${r.worker}\n${t}`;
      const row = byKey.get(key) ?? {
        account: r.account,
        worker: r.worker,
        resolution: RES_NAMES[res] ?? '1h',
        timestamp: t,
        hashrate: null,
        rejectRate: null,
      };
      if (Number(r.metric) === METRIC_HASHRATE) row.hashrate = v;
      else if (Number(r.metric) === METRIC_REJECT) row.rejectRate = v;
      byKey.set(key, row);
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.account.localeCompare(b.account) || a.worker.localeCompare(b.worker) || a.timestamp - b.timestamp,
  );
}

export function rewardRows(db: DatabaseSync, q: Window & Selection): RewardExportRow[] {
  const rows = db
    .prepare(
      `SELECT a.name AS account, r.date, r.currency, r.total, r.reward, r.fee, r.hashrate, r.status
         FROM reward r JOIN account a ON a.id = r.account_id WHERE r.date >= ? AND r.date < ? ORDER BY r.date, a.name`,
    )
    .all(q.from, q.to) as unknown as Array<Record<string, string | number | null>>;
  const accounts = q.accounts && q.accounts.length > 0 ? new Set(q.accounts) : undefined;
  return rows
    .filter((r) => !accounts || accounts.has(String(r.account)))
    .map((r) => ({
      account: String(r.account),
      date: r.date === null ? null : Number(r.date),
      rewardCurrency: r.currency === '' ? null : (r.currency as string),
      totalReward: r.total as string | null,
      reward: r.reward as string | null,
      fee: r.fee as string | null,
      hashRate: r.hashrate === null ? null : Number(r.hashrate),
      status: r.status as string | null,
    }));
}

const TABLES = ['account', 'worker', 'span', 'series', 'block', 'reward', 'event', 'look'] as const;

export function storeSize(db: DatabaseSync, path: string, schemaVersion: number): StoreSize {
  const bytes = [path, `${path}-wal`].reduce((sum, p) => {
    try {
      return sum + statSync(p).size;
    } catch {
      return sum;
    }
  }, 0);
  const rows: Record<string, number> = {};
  for (const t of TABLES)
    rows[t] = Number((db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n);
  const span = db.prepare('SELECT min(start) AS lo, max(end) AS hi FROM span').get() as {
    lo: number | null;
    hi: number | null;
  };
  const seen = db.prepare('SELECT max(observed_at) AS hi FROM account').get() as { hi: number | null };
  const firstBlock = db
    .prepare('SELECT res, min(block) AS b FROM block GROUP BY res')
    .all() as unknown as Array<{
    res: number;
    b: number;
  }>;
  const blockLo = firstBlock.map((r) => blockStart(Number(r.res), Number(r.b)));
  const los = [span.lo, ...blockLo].filter((x): x is number => x !== null);
  const his = [span.hi, seen.hi].filter((x): x is number => x !== null);
  return {
    path,
    bytes,
    schemaVersion,
    rows,
    oldest: los.length > 0 ? Math.min(...los) : null,
    newest: his.length > 0 ? Math.max(...his) : null,
    accounts: rows.account ?? 0,
    workers: rows.worker ?? 0,
  };
}
