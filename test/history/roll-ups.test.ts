import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type HistoryStore, historyPath, openHistory } from '../../src/history/store.js';
import type { SeriesPoint } from '../../src/history/types.js';

// Roll-ups are made as a round's blocks are written (history/block-cache.ts): a whole hour of
// 5-minute values becomes an hourly one, a whole day of hourly ones a daily one, in the round
// that completes them, and a partial hour or day makes none.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const DAY = 86_400;
const T0 = 1_700_006_400 - (1_700_006_400 % DAY); // a UTC midnight

function open(): HistoryStore {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-rollups-'));
  dirs.push(dir);
  const opened = openHistory({ path: historyPath(dir, 'p'), now: () => T0 + 3 * DAY });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  return opened.store;
}

function record(store: HistoryStore, interval: '5m' | '1h', points: SeriesPoint[]): void {
  const kept = store.record({
    at: T0 + 2 * DAY,
    intervalS: 60,
    accounts: [{ account: 'farm', workerSeries: [{ worker: 'rig', interval, points }] }],
  });
  expect(kept).toBe(true);
}

const rates = (store: HistoryStore, res: '1h' | '24h', from: number, to: number) =>
  store.exportHashrate({ from, to }, res).map((r) => [r.timestamp, r.hashrate]);

describe('roll-ups', () => {
  it("make a day's hourly and daily values from its 5-minute ones in one round", () => {
    const store = open();
    const points = Array.from({ length: 288 }, (_, i) => ({ timestamp: T0 + i * 300, hashrate: i % 12 }));
    record(store, '5m', points);
    const hourly = rates(store, '1h', T0, T0 + DAY);
    expect(hourly).toHaveLength(24);
    for (const [, h] of hourly) expect(h).toBeCloseTo(5.5, 5);
    expect(rates(store, '24h', T0, T0 + DAY)).toEqual([[T0, expect.closeTo(5.5, 5)]]);
    store.close();
  });

  it('make a daily value once the hours that complete it come, in a later round', () => {
    const store = open();
    const hour = (i: number) => ({ timestamp: T0 + i * 3600, hashrate: 10 * i });
    record(
      store,
      '1h',
      Array.from({ length: 12 }, (_, i) => hour(i)),
    );
    expect(rates(store, '24h', T0, T0 + DAY)).toEqual([]);
    record(
      store,
      '1h',
      Array.from({ length: 12 }, (_, i) => hour(12 + i)),
    );
    // The mean of 0, 10, …, 230.
    expect(rates(store, '24h', T0, T0 + DAY)).toEqual([[T0, expect.closeTo(115, 4)]]);
    // A value changed later makes the day again.
    record(store, '1h', [{ timestamp: T0, hashrate: 240 }]);
    expect(rates(store, '24h', T0, T0 + DAY)).toEqual([[T0, expect.closeTo(125, 4)]]);
    store.close();
  });

  it('make none from a partial hour or day', () => {
    const store = open();
    const points = Array.from({ length: 11 }, (_, i) => ({ timestamp: T0 + DAY + i * 300, hashrate: 1 }));
    record(store, '5m', points);
    expect(rates(store, '1h', T0 + DAY, T0 + 2 * DAY)).toEqual([]);
    expect(rates(store, '24h', T0 + DAY, T0 + 2 * DAY)).toEqual([]);
    store.close();
  });
});
