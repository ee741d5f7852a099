import { describe, expect, it } from 'vitest';
import { parseAccountHashRate, parseWorkerHashRate } from '../../src/api/mining-schemas.js';
import type { Degradation } from '../../src/api/parse-policy.js';
import { mulberry32 as random } from '../../src/service/random.js';

// The series answers are read without the schema when every point is plain (mining-schemas.ts,
// `plainSeries`). Each plain answer here is read twice: as it is (the fast path) and with one
// point more whose time is null, which sends the whole answer through the schema; the schema
// drops that point and reports it, so both readings must be the same.

function plainValue(r: () => number): string | number {
  const pick = Math.floor(r() * 7);
  if (pick === 0) return '0';
  if (pick === 1) return 0;
  if (pick === 2) return String(Number((r() * 200).toFixed(3)));
  if (pick === 3) return Number((r() * 200).toFixed(6));
  if (pick === 4) return 1.8e17 * r();
  if (pick === 5) return 1e-9 * r();
  return `${Math.floor(r() * 1e6)}.${Math.floor(r() * 1e9)}`;
}

function plainPoints(r: () => number, n: number, extra: (p: Record<string, unknown>) => void) {
  const points: Array<Record<string, unknown>> = [];
  const start = 1_700_000_000;
  for (let i = 0; i < n; i++) {
    // Mostly in order, sometimes not, sometimes the same time twice.
    const t = r() < 0.15 ? start + Math.floor(r() * n) * 3600 : start + i * 3600;
    const p: Record<string, unknown> = r() < 0.5 ? { time: t } : { timestamp: t };
    if (r() < 0.1) p.time = 1; // both names: `timestamp` wins
    if (r() < 0.1) p.note = 'unknown fields are dropped';
    extra(p);
    points.push(p);
  }
  return points;
}

function readBoth<T>(
  read: (body: unknown, report: (d: Degradation) => void) => T,
  body: unknown,
  slow: unknown,
) {
  const fastReports: Degradation[] = [];
  const slowReports: Degradation[] = [];
  const fast = read(body, (d) => fastReports.push(d));
  const viaSchema = read(slow, (d) => slowReports.push(d));
  return { fast, viaSchema, fastReports, slowReports };
}

describe('series answers read without the schema', () => {
  it("read a worker's plain series exactly as the schema does", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const hashrates = plainPoints(r, 1 + Math.floor(r() * 60), (p) => {
        p.hashrate = plainValue(r);
      });
      const odd = { ...hashrates[0], time: null, timestamp: null };
      const { fast, viaSchema, fastReports, slowReports } = readBoth(
        (b, report) => parseWorkerHashRate(b, { account: 'a', worker: 'w' }, report),
        { data: { hashrates } },
        { data: { hashrates: [...hashrates, odd] } },
      );
      expect(fast).toEqual(viaSchema);
      expect(fastReports).toEqual([]);
      // The schema did read it (the one dropped point was reported): the comparison means something.
      expect(slowReports.length).toBeGreaterThan(0);
    }
  });

  it("read an account's plain series exactly as the schema does", () => {
    for (let seed = 100; seed <= 140; seed++) {
      const r = random(seed);
      const hashrate = plainPoints(r, 1 + Math.floor(r() * 60), (p) => {
        p.hashrate = plainValue(r);
        p.rejectRate = r() < 0.5 ? String(Number(r().toFixed(4))) : Number(r().toFixed(4));
      });
      const odd = { ...hashrate[0], timestamp: null };
      const { fast, viaSchema, fastReports, slowReports } = readBoth(
        (b, report) => parseAccountHashRate(b, report),
        { data: { account: 'miner1', hashrate } },
        { data: { account: 'miner1', hashrate: [...hashrate, odd] } },
      );
      expect(fast).toEqual(viaSchema);
      expect(fastReports).toEqual([]);
      expect(slowReports.length).toBeGreaterThan(0);
    }
  });

  it('leave anything not plain to the schema, which reports it', () => {
    const odd: unknown[] = [
      { time: 1_700_000_000, hashrate: null },
      { time: 1_700_000_000 },
      { time: 1_700_000_000.5, hashrate: '1' },
      { time: 1_700_000_000, hashrate: -1 },
      { time: 1_700_000_000, hashrate: '1e3' },
      null,
      ['a list'],
    ];
    for (const point of odd) {
      const reports: Degradation[] = [];
      parseWorkerHashRate(
        { data: { hashrates: [{ time: 1_699_999_000, hashrate: '2' }, point] } },
        { account: 'a', worker: 'w' },
        (d) => reports.push(d),
      );
      expect(reports.length, JSON.stringify(point)).toBeGreaterThan(0);
    }
    // Not plain either, read by the schema as before: text with spaces, a time as text or in milliseconds.
    for (const point of [
      { time: 1_700_000_000, hashrate: ' 1.5 ' },
      { time: '1700000000', hashrate: '1.5' },
      { time: 1_700_000_000_000, hashrate: '1.5' },
    ]) {
      const read = parseWorkerHashRate({ data: { hashrates: [point] } }, { account: 'a', worker: 'w' });
      expect(read.hashrate).toEqual([{ timestamp: 1_700_000_000, hashrate: 1.5e12 }]);
    }
    // An account series without its account name, or a point without a reject rate.
    for (const data of [
      { hashrate: [{ time: 1_700_000_000, hashrate: '1', rejectRate: '0' }] },
      { account: 'm', hashrate: [{ time: 1_700_000_000, hashrate: '1' }] },
    ]) {
      const reports: Degradation[] = [];
      parseAccountHashRate({ data }, (d) => reports.push(d));
      expect(reports.length, JSON.stringify(data)).toBeGreaterThan(0);
    }
  });
});
