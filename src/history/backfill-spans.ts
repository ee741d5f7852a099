/**
 * A back-fill's presence: a worker's series turned into filled spans (presence.ts), with what
 * was observed live cut out, replacing the filled spans an earlier back-fill left in that time.
 */
import type { DatabaseSync } from 'node:sqlite';
import { INTERVAL_SECONDS } from '../api/mining-types.js';
import { HOW_CODES, seriesSpans, withoutLive, type WorkerPresence } from './presence.js';
import type { WorkerSeriesRead } from './types.js';

export function backfillSpans(
  db: DatabaseSync,
  workerId: number,
  reads: readonly WorkerSeriesRead[],
  presence: WorkerPresence,
): { written: number; lastPresentAt: number | null } {
  const spans = seriesSpans(reads.map((r) => ({ res: INTERVAL_SECONDS[r.interval], points: r.points })));
  let lastPresentAt = presence.lastPresentAt;
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (!first || !last) return { written: 0, lastPresentAt };
  const live = db
    .prepare('SELECT start, end FROM span WHERE worker_id = ? AND filled = 0 AND end > ? AND start < ?')
    .all(workerId, first.start, last.end) as Array<{ start: number; end: number }>;
  if (presence.open) live.push({ start: presence.open.since, end: Number.POSITIVE_INFINITY });
  const kept = withoutLive(spans, live);
  db.prepare('DELETE FROM span WHERE worker_id = ? AND filled = 1 AND start < ? AND end > ?').run(
    workerId,
    last.end,
    first.start,
  );
  const put = db.prepare(
    `INSERT OR IGNORE INTO span (worker_id, start, end, up, filled, last_present, first_missing, how, changed)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  kept.forEach((s, i) => {
    const next = kept[i + 1];
    const changed = next !== undefined && next.start === s.end && next.up !== s.up;
    put.run(
      workerId,
      s.start,
      s.end,
      s.up ? 1 : 0,
      s.up ? null : s.lastPresentAt,
      s.up ? null : s.start,
      HOW_CODES.series,
      changed ? 1 : 0,
    );
    if (s.up && (lastPresentAt === null || s.end > lastPresentAt)) lastPresentAt = s.end;
  });
  return { written: kept.length, lastPresentAt };
}
