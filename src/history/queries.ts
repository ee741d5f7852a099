/**
 * The typed questions, the only way anything reads the file. Uptime is worked out here from the
 * spans, never stored: up and down seconds inside each period, not-watched the rest (up to the
 * newest observation, not beyond now), uptime = up / (up + down).
 */
import type { DatabaseSync } from 'node:sqlite';
import { type Outage, outageDurationS, outagesOf } from './outages.js';
import { periods } from './periods.js';
import { blockOf, blockStart, decodeBlock, RES_DAY, RES_HOUR, slotsOf } from './series-blocks.js';
import { type Selection, selectedWorkers, type WorkerSpans, withSpans } from './span-rows.js';
import type {
  AccountUptime,
  AlertLogEntry,
  Incident,
  IncidentQuery,
  SinceLastLook,
  UptimeQuery,
  UptimeRow,
  Window,
} from './types.js';
import { METRIC_HASHRATE } from './writer.js';

const overlap = (s: { start: number; end: number }, from: number, to: number) =>
  Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));

/** Each selected worker's hourly (else daily) hash rates in the window, by worker id. */
function hourlyRates(db: DatabaseSync, ids: ReadonlySet<number>, from: number, to: number) {
  const out = new Map<number, Map<number, Array<[number, number]>>>();
  for (const res of [RES_HOUR, RES_DAY]) {
    const rows = db
      .prepare(
        `SELECT s.worker_id AS wid, b.block AS block, b.v AS v FROM block b JOIN series s ON s.id = b.series_id
          WHERE b.res = ? AND b.block BETWEEN ? AND ? AND s.metric = ? AND s.worker_id != 0`,
      )
      .all(res, blockOf(res, from).block, blockOf(res, to).block, METRIC_HASHRATE) as unknown as Array<{
      wid: number;
      block: number;
      v: Uint8Array;
    }>;
    for (const r of rows) {
      const wid = Number(r.wid);
      if (!ids.has(wid)) continue;
      const values = decodeBlock(res, r.v);
      const start = blockStart(res, r.block);
      const byRes = out.get(wid) ?? new Map<number, Array<[number, number]>>();
      out.set(wid, byRes);
      const list = byRes.get(res) ?? [];
      byRes.set(res, list);
      for (let i = 0; i < slotsOf(res); i++) {
        const v = values[i] ?? Number.NaN;
        const t = start + i * res;
        if (!Number.isNaN(v) && t >= from && t < to) list.push([t, v]);
      }
    }
  }
  return out;
}

function mean(points: ReadonlyArray<[number, number]> | undefined, from: number, to: number): number | null {
  let sum = 0;
  let n = 0;
  for (const [t, v] of points ?? []) {
    if (t >= from && t < to) {
      sum += v;
      n++;
    }
  }
  return n > 0 ? sum / n : null;
}

export function uptime(db: DatabaseSync, q: UptimeQuery, now: number): UptimeRow[] {
  const to = Math.min(q.to, now);
  const workers = withSpans(db, selectedWorkers(db, q), q.from, to);
  const rates = hourlyRates(db, new Set(workers.map((w) => w.id)), q.from, to);
  const rows: UptimeRow[] = [];
  for (const w of workers) {
    const outages = outagesOf(w.spans);
    const wr = rates.get(w.id);
    for (const p of periods(q.from, Math.max(q.from, to), q.by)) {
      let upS = 0;
      let downS = 0;
      let filledS = 0;
      for (const s of w.spans) {
        const o = overlap(s, p.from, p.to);
        if (s.up) upS += o;
        else downS += o;
        if (s.filled) filledS += o;
      }
      rows.push({
        account: w.account,
        worker: w.worker,
        from: p.from,
        to: p.to,
        upS,
        downS,
        notWatchedS: Math.max(0, p.to - p.from - upS - downS),
        uptime: upS + downS > 0 ? upS / (upS + downS) : null,
        incidents: outages.filter((o) => o.firstMissingAt >= p.from && o.firstMissingAt < p.to).length,
        meanHashrate: mean(wr?.get(RES_HOUR), p.from, p.to) ?? mean(wr?.get(RES_DAY), p.from, p.to),
        filledS,
      });
    }
  }
  return rows;
}

function incidentOf(w: WorkerSpans, o: Outage): Incident {
  return { account: w.account, worker: w.worker, ...o, durationS: outageDurationS(o) };
}

/** Outages overlapping the window, oldest first. */
export function incidents(db: DatabaseSync, q: IncidentQuery): Incident[] {
  // Spans up to the newest are read, so an outage is seen to its end.
  const workers = withSpans(db, selectedWorkers(db, q), q.from, Number.MAX_SAFE_INTEGER);
  const out: Incident[] = [];
  for (const w of workers) {
    for (const o of outagesOf(w.spans)) {
      if (o.firstMissingAt < q.to && (o.backAt ?? o.lastMissingAt) >= q.from) out.push(incidentOf(w, o));
    }
  }
  return out.sort((a, b) => a.firstMissingAt - b.firstMissingAt || a.worker.localeCompare(b.worker));
}

export function accountUptime(db: DatabaseSync, account: string, w: Window, now: number): AccountUptime {
  const rows = uptime(db, { ...w, accounts: [account] }, now);
  const upS = rows.reduce((s, r) => s + r.upS, 0);
  const downS = rows.reduce((s, r) => s + r.downS, 0);
  return {
    account,
    upS,
    downS,
    notWatchedS: rows.reduce((s, r) => s + r.notWatchedS, 0),
    uptime: upS + downS > 0 ? upS / (upS + downS) : null,
    incidents: rows.reduce((s, r) => s + r.incidents, 0),
    workers: rows.length,
  };
}

export function sinceLastLook(db: DatabaseSync, viewer: string, now: number): SinceLastLook {
  const row = db.prepare('SELECT at FROM look WHERE viewer = ?').get(viewer) as { at: number } | undefined;
  if (!row) return { since: null, incidents: 0, ongoing: 0, longest: null, alerts: 0 };
  const since = row.at;
  const list = incidents(db, { from: since, to: now + 1 }).filter((i) => i.firstMissingAt >= since);
  const longest = list.reduce<Incident | null>((m, i) => (!m || i.durationS > m.durationS ? i : m), null);
  const alerts = db
    .prepare("SELECT count(*) AS n FROM event WHERE at >= ? AND status = 'firing'")
    .get(since) as { n: number };
  return {
    since,
    incidents: list.length,
    ongoing: list.filter((i) => i.ongoing).length,
    longest,
    alerts: Number(alerts.n),
  };
}

export function markLooked(db: DatabaseSync, viewer: string, at: number): void {
  db.prepare(
    'INSERT INTO look (viewer, at) VALUES (?, ?) ON CONFLICT (viewer) DO UPDATE SET at = excluded.at',
  ).run(viewer, at);
}

interface EventRow {
  at: number;
  status: 'firing' | 'resolved';
  kind: string;
  severity: string;
  account: string;
  worker: string;
  metric: string;
  value: number | null;
  summary: string;
  starts_at: string;
  ends_at: string | null;
  workers: string | null;
}

export function alertLog(db: DatabaseSync, w: Window & Selection): AlertLogEntry[] {
  const rows = db
    .prepare('SELECT * FROM event WHERE at >= ? AND at < ? ORDER BY at, id')
    .all(w.from, w.to) as unknown as EventRow[];
  const accounts = w.accounts && w.accounts.length > 0 ? new Set(w.accounts) : undefined;
  return rows
    .filter((r) => !accounts || accounts.has(r.account))
    .map((r) => ({
      recordedAt: r.at,
      status: r.status,
      kind: r.kind,
      severity: r.severity,
      account: r.account === '' ? null : r.account,
      worker: r.worker === '' ? null : r.worker,
      metric: r.metric,
      value: r.value,
      summary: r.summary,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      ...(r.workers ? { workers: JSON.parse(r.workers) as string[] } : {}),
    }));
}
