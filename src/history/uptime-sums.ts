/**
 * Uptime's sums worked out from the spans when asked, inside SQLite, so a month of spans over
 * thousands of workers never becomes objects: up, down and filled seconds per worker and period
 * (spans clipped to each), outages begun per worker and period (an outage is known by its worker
 * and last-present time: down spans that carry on after a gap keep their evidence), and hourly
 * (else daily) hash rate sums read straight from the blocks.
 *
 * The closed spans of a window are read worker by worker through the `span_end` index (schema
 * version 2: worker, end, and the columns summed), so a month in a year's file reads the month
 * and no join or sort stands between the scan and the sums. One period is summed by SQLite; more
 * periods (`--by day`) take each span once and share it out in order.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { blockOf, blockStart, blockValues, RES_DAY, RES_HOUR, slotsOf } from './series-blocks.js';
import { METRIC_HASHRATE } from './writer.js';

export interface Sums {
  upS: number;
  downS: number;
  filledS: number;
  incidents: number;
  rate: number;
  rateN: number;
  dayRate: number;
  dayRateN: number;
}

export type Period = { from: number; to: number };

/** A down span begins an outage when no earlier down span of the same evidence precedes it. */
const begins = (worker: string, up: string, start: string, lastPresent: string) => `${up} = 0 AND NOT EXISTS (
  SELECT 1 FROM span e WHERE e.worker_id = ${worker} AND e.up = 0 AND e.last_present IS ${lastPresent}
     -- an outage's spans all start after its last-present time: a short range of the key
     AND e.start >= coalesce(${lastPresent}, 0) AND e.start < ${start})`;

/**
 * The selected workers' closed spans overlapping [:from, :to), worker by worker through the
 * index (every worker, or the ids in :ids, JSON), with `columns` of `s`.
 */
const closed = (all: boolean, columns: string, tail = '') => `
  SELECT w.id, ${columns}
    FROM worker w JOIN span s INDEXED BY span_end ON s.worker_id = w.id AND s.end > :from
   WHERE s.start < :to${all ? '' : ' AND w.id IN (SELECT value FROM json_each(:ids))'}${tail}`;

const BEGINS = begins('s.worker_id', 's.up', 's.start', 's.last_present');
const clip = 'min(s.end, :to) - max(s.start, :from)';

/** One period: SQLite sums each worker's spans as the index hands them over, in worker order. */
const onePeriod = (all: boolean) =>
  closed(
    all,
    `sum(CASE WHEN s.up = 1 THEN ${clip} ELSE 0 END), sum(CASE WHEN s.up = 0 THEN ${clip} ELSE 0 END),
     sum(CASE WHEN s.filled = 1 THEN ${clip} ELSE 0 END),
     sum(CASE WHEN s.start >= :from AND ${BEGINS} THEN 1 ELSE 0 END)`,
    ' GROUP BY w.id',
  );

/** Periods: each span once, as [worker, up, filled, start, end, begins]. */
const eachSpan = (all: boolean) => closed(all, `s.up, s.filled, s.start, s.end, ${BEGINS}`);

/** Open spans (reaching to the account's newest observation) overlapping the window. */
const OPEN = `
  SELECT w.id, w.state, 0, w.since, a.observed_at, ${begins('w.id', 'w.state', 'w.since', 'w.last_present')}
    FROM worker w JOIN account a ON a.id = w.account_id
   WHERE w.state IS NOT NULL AND w.since < :to AND a.observed_at > :from`;

function blank(): Sums {
  return { upS: 0, downS: 0, filledS: 0, incidents: 0, rate: 0, rateN: 0, dayRate: 0, dayRateN: 0 };
}

/** Sums by worker id, one per period (in the order given; periods contiguous, oldest first). */
export function uptimeSums(
  db: DatabaseSync,
  ids: ReadonlySet<number>,
  periods: readonly Period[],
): Map<number, Sums[]> {
  const from = periods[0]?.from ?? 0;
  const to = periods[periods.length - 1]?.to ?? 0;
  const out = new Map<number, Sums[]>();
  const listOf = (wid: number): Sums[] | undefined => {
    if (!ids.has(wid)) return undefined;
    let list = out.get(wid);
    if (!list) {
      list = periods.map(blank);
      out.set(wid, list);
    }
    return list;
  };
  const at = (wid: number, i: number): Sums | undefined => listOf(wid)?.[i];
  if (ids.size === 0 || periods.length === 0) return out;
  const all = ids.size === workerCount(db);
  const params: Record<string, number | string> = { from, to };
  if (!all) params.ids = JSON.stringify([...ids].sort((a, b) => a - b));
  if (periods.length === 1) {
    const read = arrays(db.prepare(onePeriod(all)));
    for (const [wid, up, down, filled, begun] of read.all(params) as unknown as number[][]) {
      const sums = at(Number(wid), 0);
      if (!sums) continue;
      sums.upS += Number(up);
      sums.downS += Number(down);
      sums.filledS += Number(filled);
      sums.incidents += Number(begun);
    }
  } else {
    const read = arrays(db.prepare(eachSpan(all)));
    shareOut(read.all(params) as unknown as number[][], periods, at);
  }
  const open = arrays(db.prepare(OPEN));
  shareOut(open.all({ from, to }) as unknown as number[][], periods, at);
  rateSums(db, periods, listOf);
  return out;
}

function arrays(st: StatementSync): StatementSync {
  st.setReturnArrays(true);
  return st;
}

function workerCount(db: DatabaseSync): number {
  return Number((db.prepare('SELECT count(*) AS n FROM worker').get() as { n: number }).n);
}

/** Rows [worker, up, filled, start, end, begins] shared out over the periods they overlap. */
function shareOut(
  rows: readonly number[][],
  periods: readonly Period[],
  at: (wid: number, i: number) => Sums | undefined,
): void {
  for (const [wid, up, filled, start, end, begins] of rows as Array<
    [number, number, number, number, number, number]
  >) {
    let i = firstEnding(periods, start);
    for (; i < periods.length; i++) {
      const p = periods[i] as Period;
      // A span of no length still begins its outage in the period it starts in.
      if (p.from >= end && p.from > start) break;
      const n = Math.max(0, Math.min(end, p.to) - Math.max(start, p.from));
      const sums = at(Number(wid), i);
      if (!sums) break;
      if (up === 1) sums.upS += n;
      else sums.downS += n;
      if (filled === 1) sums.filledS += n;
      if (begins === 1 && start >= p.from && start < p.to) sums.incidents++;
    }
  }
}

/** The first period that ends after `t` (periods are contiguous and in order). */
function firstEnding(periods: readonly Period[], t: number): number {
  let lo = 0;
  let hi = periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((periods[mid] as Period).to <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function rateSums(db: DatabaseSync, periods: readonly Period[], listOf: (wid: number) => Sums[] | undefined) {
  const from = periods[0]?.from ?? 0;
  const to = periods[periods.length - 1]?.to ?? 0;
  const ends = periods.map((p) => p.to);
  // Each worker's hash-rate series (a few thousand rows) read once, so the blocks need no join.
  const series = arrays(
    db.prepare('SELECT id, worker_id FROM series WHERE metric = ? AND worker_id != 0'),
  ).all(METRIC_HASHRATE) as unknown as Array<[number, number]>;
  const workerOf = new Map(series.map(([sid, wid]) => [Number(sid), Number(wid)]));
  const read = arrays(
    db.prepare('SELECT series_id, block, v FROM block WHERE res = ? AND block BETWEEN ? AND ?'),
  );
  for (const res of [RES_HOUR, RES_DAY]) {
    const slots = slotsOf(res);
    const rows = read.all(res, blockOf(res, from).block, blockOf(res, to).block) as unknown as Array<
      [number, number, Uint8Array]
    >;
    const hourly = res === RES_HOUR;
    for (const [sid, block, blob] of rows) {
      const wid = workerOf.get(Number(sid));
      const list = wid === undefined ? undefined : listOf(wid);
      if (!list) continue;
      const values = blockValues(blob, slots);
      const start = blockStart(res, Number(block));
      let p = 0;
      for (let k = 0; k < values.length; k++) {
        const v = values[k] as number;
        const t = start + k * res;
        if (Number.isNaN(v) || t < from || t >= to) continue;
        while (t >= (ends[p] as number)) p++;
        const sums = list[p] as Sums;
        if (hourly) {
          sums.rate += v;
          sums.rateN++;
        } else {
          sums.dayRate += v;
          sums.dayRateN++;
        }
      }
    }
  }
}
