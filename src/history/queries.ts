/**
 * The typed questions, the only way anything reads the file. Uptime is worked out here from the
 * spans, never stored: up and down seconds inside each period, not-watched the rest (up to the
 * newest observation, not beyond now), uptime = up / (up + down).
 */
import type { DatabaseSync } from 'node:sqlite';
import { type Outage, outageDurationS, outagesOf } from './outages.js';
import { periods } from './periods.js';
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
import { uptimeSums } from './uptime-sums.js';

export function uptime(db: DatabaseSync, q: UptimeQuery, now: number): UptimeRow[] {
  const to = Math.min(q.to, now);
  const workers = selectedWorkers(db, q);
  const spans = periods(q.from, Math.max(q.from, to), q.by);
  const sums = uptimeSums(db, new Set(workers.map((w) => w.id)), spans);
  const rows: UptimeRow[] = [];
  for (const w of workers) {
    const list = sums.get(w.id);
    spans.forEach((p, i) => {
      const s = list?.[i];
      const upS = s?.upS ?? 0;
      const downS = s?.downS ?? 0;
      rows.push({
        account: w.account,
        worker: w.worker,
        from: p.from,
        to: p.to,
        upS,
        downS,
        notWatchedS: Math.max(0, p.to - p.from - upS - downS),
        uptime: upS + downS > 0 ? upS / (upS + downS) : null,
        incidents: s?.incidents ?? 0,
        meanHashrate:
          s && s.rateN > 0 ? s.rate / s.rateN : s && s.dayRateN > 0 ? s.dayRate / s.dayRateN : null,
        filledS: s?.filledS ?? 0,
      });
    });
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
