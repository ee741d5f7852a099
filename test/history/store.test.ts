import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/history/schema.js';
import { type HistoryStore, historyPath, openHistory } from '../../src/history/store.js';
import type { HistoryRound } from '../../src/history/types.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-history-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(path: string, now = () => 100_000, lines: string[] = []): HistoryStore {
  const opened = openHistory({ path, now, onError: (l) => lines.push(l) });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  return opened.store;
}

const T0 = 1_700_000_000;
const listing = (at: number, names: string[]): HistoryRound => ({
  at,
  intervalS: 60,
  accounts: [{ account: 'farm', listing: { names, at } }],
});

describe('history store', () => {
  it('keeps presence as spans: an outage with its evidence bounds, counts extending open spans', () => {
    const path = historyPath(tempDir(), 'default');
    const store = open(path, () => T0 + 3600);
    store.record(listing(T0, ['a', 'b']));
    store.record({ at: T0 + 60, intervalS: 60, accounts: [{ account: 'farm', countsMatchedAt: T0 + 60 }] });
    store.record(listing(T0 + 120, ['a']));
    store.record(listing(T0 + 180, ['a']));
    store.record(listing(T0 + 240, ['a', 'b']));
    store.record(listing(T0 + 300, ['a', 'b']));
    const [incident, ...rest] = store.incidents({ from: T0, to: T0 + 3600 });
    expect(rest).toEqual([]);
    expect(incident).toMatchObject({
      account: 'farm',
      worker: 'b',
      lastPresentAt: T0 + 60,
      firstMissingAt: T0 + 120,
      backAt: T0 + 240,
      durationS: 120,
      how: 'listing',
      ongoing: false,
      filled: false,
    });
    const rows = store.uptime({ from: T0, to: T0 + 600 });
    const b = rows.find((r) => r.worker === 'b');
    expect(b).toMatchObject({ upS: 180, downS: 120, notWatchedS: 300, incidents: 1, filledS: 0 });
    expect(b?.uptime).toBeCloseTo(0.6);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    store.close();
  });

  it('a gap longer than the bound is not watched, never guessed', () => {
    const store = open(historyPath(tempDir(), 'p'), () => T0 + 86_400);
    store.record(listing(T0, ['a']));
    store.record(listing(T0 + 60, ['a']));
    store.record(listing(T0 + 3600, ['a']));
    store.record(listing(T0 + 3660, ['a']));
    const [row] = store.uptime({ from: T0, to: T0 + 3660 });
    expect(row).toMatchObject({ upS: 120, downS: 0, notWatchedS: 3540 });
    store.close();
  });

  it('records the same round twice as once (two writers), and from two connections', () => {
    const path = historyPath(tempDir(), 'p');
    const one = open(path, () => T0 + 600);
    const two = open(path, () => T0 + 600);
    for (let i = 0; i < 5; i++) {
      const names = i === 2 ? ['a'] : ['a', 'b'];
      one.record(listing(T0 + i * 60, names));
      two.record(listing(T0 + i * 60, names));
    }
    expect(one.exportSpans({ from: T0, to: T0 + 600 })).toEqual(two.exportSpans({ from: T0, to: T0 + 600 }));
    expect(one.incidents({ from: T0, to: T0 + 600 })).toHaveLength(1);
    // b up then down, closed; every open span lives on its worker row.
    expect(one.size().rows.span).toBe(2);
    one.close();
    two.close();
  });

  it('keeps series, rolls whole hours up and keeps events once', () => {
    const store = open(historyPath(tempDir(), 'p'), () => T0 + 86_400);
    const hour = T0 - (T0 % 3600);
    const points = Array.from({ length: 12 }, (_, i) => ({
      timestamp: hour + i * 300,
      hashrate: 100 + i,
      rejectRate: 0.01,
    }));
    const event = {
      status: 'firing' as const,
      kind: 'worker_offline',
      severity: 'critical',
      account: 'farm',
      worker: 'b',
      metric: 'worker_offline',
      value: null,
      summary: 'farm: worker b offline',
      startsAt: new Date(hour * 1000).toISOString(),
      endsAt: null,
    };
    for (let k = 0; k < 2; k++) {
      store.record({
        at: hour + 3600,
        intervalS: 60,
        accounts: [
          { account: 'farm', series: points, workerSeries: [{ worker: 'b', interval: '5m', points }] },
        ],
        events: [event],
      });
    }
    const hourly = store.exportHashrate({ from: hour, to: hour + 3600 }, '1h');
    expect(hourly).toEqual([
      {
        account: 'farm',
        worker: '',
        resolution: '1h',
        timestamp: hour,
        hashrate: 105.5,
        rejectRate: expect.closeTo(0.01, 6),
      },
      { account: 'farm', worker: 'b', resolution: '1h', timestamp: hour, hashrate: 105.5, rejectRate: null },
    ]);
    expect(store.alertLog({ from: hour, to: hour + 7200 })).toHaveLength(1);
    store.close();
  });

  it('moves a foreign file aside and refuses a newer one', () => {
    const dir = tempDir();
    const path = historyPath(dir, 'p');
    writeFileSync(path, 'not a database at all, just text that is long enough to be read as a header.....', {
      mode: 0o600,
    });
    const lines: string[] = [];
    const store = open(path, () => T0, lines);
    expect(lines).toEqual([expect.stringMatching(/is damaged .*moved to .*\.bad-\d+, a new one begun$/)]);
    store.close();
    const again = openHistory({ path });
    if ('unavailable' in again) throw new Error(again.unavailable);
    again.store.close();
  });
});

describe('history store failures', () => {
  it('a round that cannot be written is one line through onError; recording resumes', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const path = historyPath(tempDir(), 'p');
    const lines: string[] = [];
    const opened = openHistory({
      path,
      now: () => T0 + 600,
      onError: (l) => lines.push(l),
      busyTimeoutMs: 20,
    });
    if ('unavailable' in opened) throw new Error(opened.unavailable);
    const store = opened.store;
    expect(store.record(listing(T0, ['a']))).toBe(true);
    // Another process holds the write lock for longer than this writer waits.
    const other = new DatabaseSync(path);
    other.exec('BEGIN IMMEDIATE');
    expect(store.record(listing(T0 + 60, ['a']))).toBe(false);
    expect(store.record(listing(T0 + 61, ['a']))).toBe(false);
    other.exec('COMMIT');
    other.close();
    expect(store.record(listing(T0 + 120, []))).toBe(true);
    expect(lines).toEqual([
      'history: a round was not recorded: database is locked',
      'history: recording again',
    ]);
    expect(store.incidents({ from: T0, to: T0 + 600 })).toMatchObject([
      { worker: 'a', lastPresentAt: T0, firstMissingAt: T0 + 120 },
    ]);
    store.close();
  });

  it('refuses a file from a newer pooltop, naming both versions', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const path = historyPath(tempDir(), 'p');
    open(path).close();
    const db = new DatabaseSync(path);
    db.exec('PRAGMA user_version = 99');
    db.close();
    const again = openHistory({ path });
    expect(again).toEqual({
      unavailable: `the history file was written by a newer pooltop (schema 99; this one reads up to ${SCHEMA_VERSION}): ${path}`,
    });
  });

  it('brings a schema 1 file forward: the spans index made, the same answers', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const path = historyPath(tempDir(), 'p');
    const now = () => T0 + 3600;
    const store = open(path, now);
    for (const [k, names] of [['a', 'b'], ['a'], ['a'], ['a', 'b'], ['b'], ['a', 'b']].entries()) {
      store.record(listing(T0 + k * 60, names));
    }
    const window = { from: T0 + 30, to: T0 + 3600, by: 'day' as const };
    const before = store.uptime(window);
    store.close();
    // As version 1 left it: no index, user_version 1.
    const db = new DatabaseSync(path);
    db.exec('DROP INDEX span_end; PRAGMA user_version = 1');
    db.close();
    const again = open(path, now);
    expect(again.size().schemaVersion).toBe(SCHEMA_VERSION);
    expect(again.uptime(window)).toEqual(before);
    expect(before.map((r) => [r.worker, r.upS, r.downS, r.incidents])).toEqual([
      ['a', 210, 60, 1],
      ['b', 150, 120, 1],
    ]);
    again.close();
    const check = new DatabaseSync(path);
    expect(check.prepare("SELECT name FROM sqlite_master WHERE name = 'span_end'").all()).toHaveLength(1);
    check.close();
  });

  it('moves a SQLite file of another program aside', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const path = historyPath(tempDir(), 'p');
    const db = new DatabaseSync(path);
    db.exec('CREATE TABLE notes (x)');
    db.close();
    const lines: string[] = [];
    open(path, () => T0, lines).close();
    expect(lines).toEqual([
      expect.stringMatching(/is not a pooltop history file; moved to .*\.bad-1700000000, a new one begun$/),
    ]);
  });
});

describe('uptime from spans', () => {
  it('agrees with the exported spans and the incident list, per day, over random rounds', () => {
    const store = open(historyPath(tempDir(), 'p'), () => T0 + 10 * 86_400);
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let at = T0;
    for (let k = 0; k < 600; k++) {
      at += rnd() < 0.05 ? 3600 : 60 + Math.floor(rnd() * 60);
      store.record(
        listing(
          at,
          ['a', 'b', 'c', 'd'].filter(() => rnd() < 0.8),
        ),
      );
    }
    const from = T0 + 1800;
    const to = at + 1;
    const rows = store.uptime({ from, to, by: 'day' });
    const spans = store.exportSpans({ from, to });
    const incidents = store.incidents({ from, to });
    for (const r of rows) {
      const mine = spans.filter((s) => s.worker === r.worker);
      const within = (s: { start: number; end: number }) =>
        Math.max(0, Math.min(s.end, r.to) - Math.max(s.start, r.from));
      expect(r.upS).toBe(mine.filter((s) => s.state === 'up').reduce((n, s) => n + within(s), 0));
      expect(r.downS).toBe(mine.filter((s) => s.state === 'down').reduce((n, s) => n + within(s), 0));
      const begun = incidents.filter(
        (i) => i.worker === r.worker && i.firstMissingAt >= r.from && i.firstMissingAt < r.to,
      );
      expect(r.incidents).toBe(begun.length);
    }
    expect(rows.reduce((n, r) => n + r.incidents, 0)).toBeGreaterThan(10);
    store.close();
  });
});
