/**
 * The oversight tables of the history file: `accounts transfers`' ledger and `accounts changes`'
 * snapshots, on a real file. A sync is incremental (one page a direction when nothing is new) and
 * idempotent (a transfer is kept once, and counted new by one sync only) with two writers, in one
 * process interleaved and in two real processes at once; snapshots keep only what changed and
 * give back each list as it was, and the baseline `--since` picks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/accounts/account-changes.js';
import { syncTransfers } from '../../src/accounts/transfer-sync.js';
import { SCHEMA_VERSION } from '../../src/history/schema.js';
import { type HistoryStore, historyPath, openHistory } from '../../src/history/store.js';
import { bundleFixture } from './fixtures/bundle.js';
import { listRows } from './fixtures/list-rows.js';
import { FEED_T0, transferFeed } from './fixtures/transfer-feed.js';

const BASE = 'https://api.example';
let dir = '';
let writer = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pooltop-oversight-'));
  writer = await bundleFixture('oversight-writer', dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function open(path = historyPath(join(dir, `s${files++}`), 'default')): HistoryStore {
  const opened = openHistory({ path });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  return opened.store;
}

function rowsIn(path: string, sql: string): number {
  const db = new DatabaseSync(path);
  const n = Number((db.prepare(sql).get() as { n: number }).n);
  db.close();
  return n;
}

describe('the transfer ledger on the history file', () => {
  it('syncs past the 10,000 cap whole, then asks one page a direction and keeps only what is new', async () => {
    const store = open();
    const ledger = store.transferLedger(BASE);
    const feed = transferFeed({ main_to_sub: 9_950, sub_to_main: 1_234 });
    const first = await syncTransfers(ledger, 'sub-1', feed.fetch, FEED_T0);
    expect(first.added).toBe(9_950 + 1_234);
    expect(first.sync.capped).toEqual([]);
    expect(feed.requests).toBe(100 + 13);

    const again = await syncTransfers(ledger, 'sub-1', feed.fetch, FEED_T0 + 60);
    expect(again).toMatchObject({ added: 0, requests: 2 });

    feed.grow('sub_to_main', 3);
    const third = await syncTransfers(ledger, 'sub-1', feed.fetch, FEED_T0 + 120);
    expect(third).toMatchObject({ added: 3, requests: 2 });
    const all = await ledger.list('sub-1');
    expect(all).toHaveLength(9_950 + 1_237);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    // Newest first; each field as it came.
    expect(all[0]).toEqual({
      id: 'in-9949',
      direction: 'main_to_sub',
      currency: 'BTC',
      amount: '9949.5',
      createdAt: FEED_T0 + 99_490,
    });
    expect(await ledger.synced('sub-1')).toEqual({ capped: [], syncedAt: FEED_T0 + 120 });
    // Filtered by direction and time, inclusive at both ends.
    const out = await ledger.list('sub-1', {
      direction: 'sub_to_main',
      from: FEED_T0 + 100,
      to: FEED_T0 + 200,
    });
    expect(out.map((t) => t.id)).toEqual([
      'out-20',
      'out-19',
      'out-18',
      'out-17',
      'out-16',
      'out-15',
      'out-14',
      'out-13',
      'out-12',
      'out-11',
      'out-10',
    ]);
    // Another base URL (the demo, a test service) and another account see nothing of it.
    expect(await store.transferLedger('http://127.0.0.1:1').list('sub-1')).toEqual([]);
    expect(await ledger.synced('sub-2')).toBeUndefined();
    store.close();
  });

  it('marks a direction capped on the first sync past the API reach, and keeps it so', async () => {
    const store = open();
    const ledger = store.transferLedger(BASE);
    const feed = transferFeed({ main_to_sub: 10_050, sub_to_main: 5 });
    const first = await syncTransfers(ledger, 'sub-1', feed.fetch, FEED_T0);
    expect(first.sync.capped).toEqual(['main_to_sub']);
    expect(first.added).toBe(10_000 + 5);
    const again = await syncTransfers(ledger, 'sub-1', feed.fetch, FEED_T0 + 1);
    expect(again.sync.capped).toEqual(['main_to_sub']);
    expect(await ledger.synced('sub-1')).toEqual({ capped: ['main_to_sub'], syncedAt: FEED_T0 + 1 });
    store.close();
  });

  it('keeps a transfer without an id once, and a sync cut short keeps nothing', async () => {
    const store = open();
    const ledger = store.transferLedger(BASE);
    const odd = { id: null, direction: 'sideways', currency: null, amount: '1', createdAt: null };
    expect(await ledger.commit('sub-1', [odd, odd], { capped: [], syncedAt: 5 })).toBe(1);
    expect(await ledger.commit('sub-1', [odd], { capped: [], syncedAt: 6 })).toBe(0);
    expect(await ledger.list('sub-1')).toEqual([odd]);

    const feed = transferFeed({ main_to_sub: 300, sub_to_main: 300 });
    const failing = async (d: 'main_to_sub' | 'sub_to_main', offset: number) => {
      if (d === 'sub_to_main' && offset > 0) throw new Error('network down');
      return feed.fetch(d, offset);
    };
    await expect(syncTransfers(ledger, 'sub-2', failing, 7)).rejects.toThrow('network down');
    expect(await ledger.list('sub-2')).toEqual([]);
    expect(await ledger.synced('sub-2')).toBeUndefined();
    store.close();
  });

  it('two writers on one file, interleaved: each transfer kept once and counted new once', async () => {
    const path = historyPath(join(dir, 'two'), 'default');
    const a = open(path);
    const b = open(path);
    const feed = transferFeed({ main_to_sub: 420, sub_to_main: 130 });
    // A reads every page (nothing is kept yet), then waits to keep them while B syncs whole.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let arrived: () => void = () => {};
    const atCommit = new Promise<void>((r) => {
      arrived = r;
    });
    const ledgerA = a.transferLedger(BASE);
    const held = {
      ...ledgerA,
      commit: async (...args: Parameters<typeof ledgerA.commit>) => {
        arrived();
        await gate;
        return ledgerA.commit(...args);
      },
    };
    const syncA = syncTransfers(held, 'sub-1', feed.fetch, FEED_T0 + 1);
    await atCommit;
    feed.grow('main_to_sub', 7);
    const rb = await syncTransfers(b.transferLedger(BASE), 'sub-1', feed.fetch, FEED_T0 + 2);
    release();
    const ra = await syncA;
    expect(rb.added).toBe(557);
    // A found 550 it thought new, but B had kept them all: none is counted twice.
    expect(ra.added).toBe(0);
    // B's later sync time stays though A committed last.
    expect(await b.transferLedger(BASE).synced('sub-1')).toEqual({ capped: [], syncedAt: FEED_T0 + 2 });
    const list = await a.transferLedger(BASE).list('sub-1');
    expect(list).toHaveLength(557);
    expect(list[0]?.id).toBe('in-426');
    a.close();
    b.close();
    expect(rowsIn(path, 'SELECT count(*) AS n FROM transfer')).toBe(557);
  });
});

describe('the sub-account snapshots on the history file', () => {
  it('gives back each of three lists as it was, and their changes before and after', async () => {
    const store = open();
    const snapshots = store.snapshotStore(BASE);
    expect(await snapshots.baseline(FEED_T0)).toBeUndefined();
    const at = [FEED_T0, FEED_T0 + 3_600, FEED_T0 + 90_000];
    // Steps 0, 2, 4: a1's spot flag and a2's null KYC sharing round-trip; a9 leaves and comes back.
    for (const [i, k] of [0, 2, 4].entries())
      await snapshots.add({ takenAt: at[i] as number, rows: listRows(k) });
    for (const [i, k] of [0, 2, 4].entries()) {
      expect(await snapshots.baseline(at[i] as number)).toEqual({ takenAt: at[i], rows: listRows(k) });
    }
    const [s0, s1, s2] = await Promise.all(at.map((t) => snapshots.baseline(t)));
    if (!s0 || !s1 || !s2) throw new Error('a snapshot is missing');
    const first = diffSnapshots(s0, s1);
    expect(first.added).toEqual([]);
    expect(first.removed.map((r) => r.id)).toEqual(['a9']);
    expect(first.changed.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(first.changed[1]?.fields).toEqual([{ field: 'alias', before: 'desk-2', after: 'renamed-2' }]);
    const second = diffSnapshots(s1, s2);
    expect(second.added.map((r) => r.id)).toEqual(['a9']);
    expect(second.changed.map((c) => [c.id, c.fields])).toEqual([
      ['a3', [{ field: 'alias', before: 'desk-3', after: 'renamed-3' }]],
      ['a4', [{ field: 'alias', before: 'desk-4', after: 'renamed-4' }]],
    ]);
    const across = diffSnapshots(s0, s2);
    expect(across.removed).toEqual([]);
    expect(across.changed.map((c) => c.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(across.changed[0]?.fields).toEqual([{ field: 'alias', before: 'desk-1', after: 'renamed-1' }]);
    store.close();
  });

  it('picks the baseline --since asks for: the newest at or before it, else the oldest', async () => {
    const store = open();
    const snapshots = store.snapshotStore(BASE);
    await snapshots.add({ takenAt: 1_000, rows: listRows(0) });
    await snapshots.add({ takenAt: 2_000, rows: listRows(1) });
    await snapshots.add({ takenAt: 3_000, rows: listRows(2) });
    expect((await snapshots.baseline(999))?.takenAt).toBe(1_000);
    expect((await snapshots.baseline(1_999))?.takenAt).toBe(1_000);
    expect(await snapshots.baseline(2_000)).toEqual({ takenAt: 2_000, rows: listRows(1) });
    expect((await snapshots.baseline(2_999))?.rows).toEqual(listRows(1));
    expect((await snapshots.baseline(10_000))?.rows).toEqual(listRows(2));
    // Two of one second: the later answers for that second, the earlier is still the oldest.
    await snapshots.add({ takenAt: 3_000, rows: listRows(3) });
    expect((await snapshots.baseline(3_000))?.rows).toEqual(listRows(3));
    // A list older than the newest kept is not kept.
    await snapshots.add({ takenAt: 2_500, rows: listRows(7) });
    expect((await snapshots.baseline(2_500))?.rows).toEqual(listRows(1));
    // Another base URL has its own.
    expect(await store.snapshotStore('http://127.0.0.1:1').baseline(10_000)).toBeUndefined();
    store.close();
  });

  it('costs one row a snapshot when nothing changed', async () => {
    const path = historyPath(join(dir, 'quiet'), 'default');
    const store = open(path);
    for (let t = 0; t < 50; t++)
      await store.snapshotStore(BASE).add({ takenAt: 1_000 + t, rows: listRows(0) });
    store.close();
    expect(rowsIn(path, 'SELECT count(*) AS n FROM list_snapshot')).toBe(50);
    expect(rowsIn(path, 'SELECT count(*) AS n FROM sub_account_fields')).toBe(10);
  });
});

describe('a history file of the schema before', () => {
  it('gains the tables on open and keeps what it had', async () => {
    const path = historyPath(join(dir, 'v1'), 'default');
    const store = open(path);
    store.record({
      at: FEED_T0,
      intervalS: 60,
      accounts: [{ account: 'farm', listing: { names: ['w1'], at: FEED_T0 } }],
    });
    store.close();
    // As the build before this one left it: no oversight tables, schema 1.
    const db = new DatabaseSync(path);
    db.exec(`DROP TABLE transfer; DROP TABLE sub_account_fields; DROP TABLE list_snapshot; DROP TABLE sub_account;
             PRAGMA user_version = 1`);
    db.close();
    const again = open(path);
    expect(again.knownWorkers('farm')).toEqual(['w1']);
    const feed = transferFeed({ main_to_sub: 3, sub_to_main: 2 });
    expect((await syncTransfers(again.transferLedger(BASE), 'sub-1', feed.fetch, FEED_T0)).added).toBe(5);
    again.close();
    expect(rowsIn(path, 'SELECT user_version AS n FROM pragma_user_version')).toBe(SCHEMA_VERSION);
  });
});

describe('two processes on one history file', () => {
  function start(path: string, rounds: number) {
    const proc: ChildProcess = spawn(process.execPath, [writer, path, String(rounds)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
      proc.on('exit', (code) => resolve({ code, out, err })),
    );
    return done;
  }

  it('sync and snapshot at once: one history, each transfer counted new by one of them, no error', async () => {
    const path = historyPath(join(dir, 'procs'), 'default');
    const rounds = 6;
    const [one, two] = await Promise.all([start(path, rounds), start(path, rounds)]);
    expect([one.code, two.code, one.err, two.err]).toEqual([0, 0, '', '']);
    const total = 250 + 120 + 2 * 30 * (rounds - 1);
    const added = [one.out, two.out]
      .flatMap((o) => [...o.matchAll(/added (\d+)/g)])
      .reduce((sum, m) => sum + Number(m[1]), 0);
    expect(added).toBe(total);
    expect(rowsIn(path, 'SELECT count(*) AS n FROM transfer')).toBe(total);
    const store = open(path);
    const list = await store.transferLedger(BASE).list('sub-1');
    expect(new Set(list.map((t) => t.id)).size).toBe(total);
    for (let k = 0; k < rounds; k++) {
      expect(await store.snapshotStore(BASE).baseline(FEED_T0 + k)).toEqual({
        takenAt: FEED_T0 + k,
        rows: listRows(k),
      });
    }
    store.close();
  }, 60_000);
});
