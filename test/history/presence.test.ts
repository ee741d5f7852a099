/**
 * The span step against an independent computation: each stretch between two observations no
 * further apart than the bound is the state at its start; a down span's last-present is the last
 * observation that listed the worker.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountPresence,
  type ClosedSpan,
  observeAccount,
  seriesSpans,
  withoutLive,
  type WorkerPresence,
} from '../../src/history/presence.js';

const WORKERS = ['a', 'b', 'c'];
const BOUND = 180;

type Obs = { at: number; present: string[] };

function run(observations: Obs[]) {
  let state: AccountPresence = { observedAt: null, workers: new Map() };
  const closed = new Map<string, ClosedSpan[]>();
  for (const o of observations) {
    const step = observeAccount(state, { kind: 'listing', at: o.at, present: o.present }, BOUND);
    const workers = new Map<string, WorkerPresence>(state.workers);
    for (const c of step.changes) {
      workers.set(c.worker, c.next);
      if (c.closed) closed.set(c.worker, [...(closed.get(c.worker) ?? []), c.closed]);
    }
    state = { observedAt: step.observedAt, workers };
  }
  // Open spans reach to the newest observation.
  for (const [worker, w] of state.workers) {
    if (!w.open || state.observedAt === null) continue;
    const o = w.open;
    const span: ClosedSpan = {
      start: o.since,
      end: state.observedAt,
      up: o.up,
      lastPresentAt: o.lastPresentAt,
      firstMissingAt: o.firstMissingAt,
      how: o.how,
      changed: false,
    };
    closed.set(worker, [...(closed.get(worker) ?? []), span]);
  }
  return closed;
}

const observationsArb = fc
  .array(
    fc.record({
      dt: fc.oneof(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 181, max: 1000 })),
      present: fc.subarray(WORKERS),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((list) => {
    let at = 1_000_000;
    return list.map((o) => {
      at += o.dt;
      return { at, present: o.present };
    });
  });

describe('presence spans', () => {
  it('match an independent computation of up and down time and evidence', () => {
    fc.assert(
      fc.property(observationsArb, (obs) => {
        const spans = run(obs);
        for (const worker of WORKERS) {
          const seenAt = obs.findIndex((o) => o.present.includes(worker));
          let up = 0;
          let down = 0;
          for (let i = Math.max(0, seenAt); seenAt >= 0 && i + 1 < obs.length; i++) {
            const a = obs[i] as Obs;
            const b = obs[i + 1] as Obs;
            if (b.at - a.at > BOUND) continue;
            if (a.present.includes(worker)) up += b.at - a.at;
            else down += b.at - a.at;
          }
          const list = (spans.get(worker) ?? []).sort((x, y) => x.start - y.start);
          expect(list.filter((s) => s.up).reduce((s, x) => s + x.end - x.start, 0)).toBe(up);
          expect(list.filter((s) => !s.up).reduce((s, x) => s + x.end - x.start, 0)).toBe(down);
          list.forEach((s, i) => {
            const next = list[i + 1];
            if (next) expect(next.start).toBeGreaterThanOrEqual(s.end);
            if (!s.up) {
              expect(s.firstMissingAt).toBe(s.start);
              const before = obs.filter((o) => o.at < s.start && o.present.includes(worker)).map((o) => o.at);
              expect(s.lastPresentAt).toBe(before.length > 0 ? Math.max(...before) : null);
            }
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ignores an observation no newer than the last (another writer recorded it)', () => {
    const state: AccountPresence = { observedAt: 100, workers: new Map() };
    expect(observeAccount(state, { kind: 'listing', at: 100, present: ['a'] }, BOUND).ignored).toBe(true);
  });

  it('reads a series as filled spans: zero down, non-zero up, missing not watched, finest wins', () => {
    const day = 86_400;
    const reads = [
      {
        res: day,
        points: [
          { timestamp: 0, hashrate: 5 },
          { timestamp: day, hashrate: 0 },
          { timestamp: 2 * day, hashrate: 5 },
        ],
      },
      {
        res: 3600,
        points: [
          { timestamp: 2 * day, hashrate: 5 },
          { timestamp: 2 * day + 3600, hashrate: 0 },
          { timestamp: 2 * day + 3 * 3600, hashrate: 7 },
        ],
      },
    ];
    expect(seriesSpans(reads)).toEqual([
      { start: 0, end: day, up: true, lastPresentAt: null },
      { start: day, end: 2 * day, up: false, lastPresentAt: day },
      { start: 2 * day, end: 2 * day + 3600, up: true, lastPresentAt: null },
      { start: 2 * day + 3600, end: 2 * day + 7200, up: false, lastPresentAt: 2 * day + 3600 },
      { start: 2 * day + 3 * 3600, end: 2 * day + 4 * 3600, up: true, lastPresentAt: null },
    ]);
  });

  it('reads any series as a plain computation over its buckets does', () => {
    /** Every bucket an object; a bucket of a coarser resolution inside a finer one's range left out. */
    const plain = (
      reads: Array<{ res: number; points: Array<{ timestamp: number; hashrate: number | null }> }>,
    ) => {
      const buckets = reads.flatMap((r) => r.points.map((p) => ({ ...p, res: r.res })));
      const range = (res: number) => {
        const of = buckets.filter((b) => b.res === res).map((b) => b.timestamp);
        return [Math.min(...of), Math.max(...of) + res] as const;
      };
      const chosen = buckets
        .filter((b) =>
          buckets.every((f) => {
            if (f.res >= b.res) return true;
            const [s, e] = range(f.res);
            return !(b.timestamp < e && b.timestamp + b.res > s);
          }),
        )
        .sort((a, b) => a.timestamp - b.timestamp);
      const spans: Array<{ start: number; end: number; up: boolean; lastPresentAt: number | null }> = [];
      let lastUp: number | null = null;
      for (const b of chosen) {
        if (b.hashrate === null) continue;
        const up = b.hashrate > 0;
        const tail = spans[spans.length - 1];
        if (tail && tail.up === up && tail.end === b.timestamp) tail.end = b.timestamp + b.res;
        else
          spans.push({ start: b.timestamp, end: b.timestamp + b.res, up, lastPresentAt: up ? null : lastUp });
        if (up) lastUp = b.timestamp + b.res;
      }
      return spans;
    };
    const point = fc.record({
      timestamp: fc.integer({ min: 0, max: 40 }).map((k) => k * 300),
      hashrate: fc.oneof(fc.constant(null), fc.constant(0), fc.double({ min: 0.5, max: 9, noNaN: true })),
    });
    const read = fc.record({
      res: fc.constantFrom(300, 900, 3600),
      points: fc.array(point, { maxLength: 12 }),
    });
    fc.assert(
      fc.property(fc.array(read, { maxLength: 5 }), (reads) => {
        expect(seriesSpans(reads)).toEqual(plain(reads));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts live time out of filled spans', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 30 })), {
          maxLength: 5,
        }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 30 })), {
          maxLength: 5,
        }),
        (fillRaw, liveRaw) => {
          const fill = fillRaw.map(([s, l]) => ({ start: s, end: s + l }));
          const live = liveRaw.map(([s, l]) => ({ start: s, end: s + l }));
          const kept = withoutLive(fill, live);
          for (let t = 0; t < 140; t++) {
            const inFill = fill.filter((f) => f.start <= t && t < f.end).length;
            const inLive = live.some((l) => l.start <= t && t < l.end);
            const inKept = kept.filter((k) => k.start <= t && t < k.end).length;
            expect(inKept).toBe(inLive ? 0 : inFill);
          }
        },
      ),
    );
  });
});
