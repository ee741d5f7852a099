/**
 * Uptime's sums worked out inside SQLite, so a month of spans over thousands of workers never
 * becomes objects: up, down and filled seconds per worker and period (spans clipped to each),
 * outages begun per worker and period (an outage is known by its worker and last-present time:
 * down spans that carry on after a gap keep their evidence), and hourly (else daily) hash rate
 * sums read straight from the blocks.
 */
import type { DatabaseSync } from 'node:sqlite';
import { blockOf, blockStart, decodeBlock, RES_DAY, RES_HOUR, slotsOf } from './series-blocks.js';
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

const ALL_SPANS = `
  SELECT worker_id, start, end, up, filled, last_present FROM span WHERE start < :to AND end > :from
  UNION ALL
  SELECT w.id, w.since, a.observed_at, w.state, 0, w.last_present
    FROM worker w JOIN account a ON a.id = w.account_id
   WHERE w.state IS NOT NULL AND w.since < :to AND a.observed_at > :from`;

/** Sums by worker id, one per period (in the order given). */
export function uptimeSums(
  db: DatabaseSync,
  ids: ReadonlySet<number>,
  periods: readonly Period[],
): Map<number, Sums[]> {
  const from = periods[0]?.from ?? 0;
  const to = periods[periods.length - 1]?.to ?? 0;
  const out = new Map<number, Sums[]>();
  const at = (wid: number, i: number): Sums | undefined => {
    if (!ids.has(wid)) return undefined;
    let list = out.get(wid);
    if (!list) {
      list = periods.map(() => ({
        upS: 0,
        downS: 0,
        filledS: 0,
        incidents: 0,
        rate: 0,
        rateN: 0,
        dayRate: 0,
        dayRateN: 0,
      }));
      out.set(wid, list);
    }
    return list[i];
  };
  const json = JSON.stringify(periods.map((p) => [p.from, p.to]));
  // One period: no join (the common question, "the last 30 days").
  const seconds = db.prepare(
    periods.length === 1
      ? `SELECT worker_id, 0, up, filled, sum(min(end, :to) - max(start, :from)) FROM (${ALL_SPANS})
          GROUP BY worker_id, up, filled`
      : `WITH p(i, pf, pt) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(:periods)),
              s AS (${ALL_SPANS})
         SELECT s.worker_id, p.i, s.up, s.filled, sum(min(s.end, p.pt) - max(s.start, p.pf))
           FROM s JOIN p ON s.start < p.pt AND s.end > p.pf
          GROUP BY s.worker_id, p.i, s.up, s.filled`,
  );
  seconds.setReturnArrays(true);
  for (const [wid, i, up, filled, n] of seconds.all(
    periods.length === 1 ? { from, to } : { periods: json, from, to },
  ) as unknown as number[][]) {
    const sums = at(Number(wid), Number(i));
    if (!sums) continue;
    if (up === 1) sums.upS += Number(n);
    else sums.downS += Number(n);
    if (filled === 1) sums.filledS += Number(n);
  }
  // An outage begins with a down span no earlier down span of the same evidence precedes.
  const begun = db.prepare(
    `WITH p(i, pf, pt) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(:periods)),
            s AS (${ALL_SPANS})
       SELECT s.worker_id, p.i, count(*)
         FROM s JOIN p ON s.start >= p.pf AND s.start < p.pt
        WHERE s.up = 0 AND NOT EXISTS (
          SELECT 1 FROM span e WHERE e.worker_id = s.worker_id AND e.up = 0 AND e.last_present IS s.last_present
             -- an outage's spans all start after its last-present time: a short range of the key
             AND e.start >= coalesce(s.last_present, 0) AND e.start < s.start)
        GROUP BY s.worker_id, p.i`,
  );
  begun.setReturnArrays(true);
  for (const [wid, i, n] of begun.all({ periods: json, from, to }) as unknown as number[][]) {
    const sums = at(Number(wid), Number(i));
    if (sums) sums.incidents += Number(n);
  }
  rateSums(db, periods, at);
  return out;
}

function rateSums(
  db: DatabaseSync,
  periods: readonly Period[],
  at: (wid: number, i: number) => Sums | undefined,
) {
  const from = periods[0]?.from ?? 0;
  const to = periods[periods.length - 1]?.to ?? 0;
  for (const res of [RES_HOUR, RES_DAY]) {
    const read = db.prepare(
      `SELECT s.worker_id, b.block, b.v FROM block b JOIN series s ON s.id = b.series_id
        WHERE b.res = ? AND b.block BETWEEN ? AND ? AND s.metric = ? AND s.worker_id != 0`,
    );
    read.setReturnArrays(true);
    const rows = read.all(
      res,
      blockOf(res, from).block,
      blockOf(res, to).block,
      METRIC_HASHRATE,
    ) as unknown as Array<[number, number, Uint8Array]>;
    for (const [wid, block, blob] of rows) {
      const values = decodeBlock(res, blob);
      const start = blockStart(res, Number(block));
      let p = 0;
      for (let k = 0; k < slotsOf(res); k++) {
        const v = values[k] ?? Number.NaN;
        const t = start + k * res;
        if (Number.isNaN(v) || t < from || t >= to) continue;
        while (p < periods.length && t >= (periods[p]?.to ?? 0)) p++;
        const sums = at(Number(wid), p);
        if (!sums) break;
        if (res === RES_HOUR) {
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
