/**
 * Real processes on one history file: a writer killed with SIGKILL mid-round leaves a file that
 * passes integrity_check and holds exactly the rounds it committed; two writers recording the
 * same observations at once make one history, and neither reports an error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../src/history/store.js';
import { bundleFixture } from './fixtures/bundle.js';
import { roundOf, T0 } from './fixtures/rounds.js';

let dir = '';
let writer = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pooltop-history-proc-'));
  writer = await bundleFixture('history-writer', dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(args: string[]): {
  proc: ChildProcess;
  out: string[];
  err: string[];
  done: Promise<number | null>;
} {
  const proc = spawn(process.execPath, [writer, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
  proc.stderr?.on('data', (d: Buffer) => err.push(d.toString()));
  const done = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, out, err, done };
}

/** The spans a single writer in this process makes of rounds 0 … n-1. */
function reference(path: string, n: number) {
  const opened = openHistory({ path, now: () => T0 + 10 * 86_400 });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  for (let k = 0; k < n; k++) opened.store.record(roundOf(k));
  const spans = opened.store.exportSpans({ from: T0 - 1, to: T0 + 10 * 86_400 });
  opened.store.close();
  return spans;
}

function spansOf(path: string) {
  const opened = openHistory({ path, now: () => T0 + 10 * 86_400 });
  if ('unavailable' in opened) throw new Error(opened.unavailable);
  const spans = opened.store.exportSpans({ from: T0 - 1, to: T0 + 10 * 86_400 });
  opened.store.close();
  return spans;
}

function check(path: string): { integrity: string; observedAt: number } {
  const db = new DatabaseSync(path);
  const integrity = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string })
    .integrity_check;
  const row = db.prepare('SELECT min(observed_at) AS lo, max(observed_at) AS hi FROM account').get() as {
    lo: number;
    hi: number;
  };
  db.close();
  expect(row.lo).toBe(row.hi);
  return { integrity, observedAt: row.hi };
}

describe('history writers as processes', () => {
  it('SIGKILL mid-round loses at most that round; integrity_check says ok', async () => {
    const path = join(dir, 'killed.sqlite');
    const child = start([path, 'loop']);
    await expect.poll(() => child.out.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(40);
    child.proc.kill('SIGKILL');
    await child.done;
    const printed = child.out.length;
    const { integrity, observedAt } = check(path);
    expect(integrity).toBe('ok');
    // Every printed round was committed; the one in flight may or may not have been.
    const committed = (observedAt - T0) / 60 + 1;
    expect(committed).toBeGreaterThanOrEqual(printed - 1);
    expect(committed).toBeLessThanOrEqual(printed + 1);
    // The last committed round may be a counts round, whose time only advances observed_at.
    expect(spansOf(path)).toEqual(reference(join(dir, `ref-${committed}.sqlite`), committed));
  }, 60_000);

  it('two writers recording the same rounds at once make one history, without an error', async () => {
    const path = join(dir, 'two.sqlite');
    const n = 400;
    const [a, b] = [start([path, 'rounds', String(n)]), start([path, 'rounds', String(n)])];
    expect(await a.done).toBe(0);
    expect(await b.done).toBe(0);
    expect(a.err.join('') + b.err.join('')).toBe('');
    expect(check(path)).toEqual({ integrity: 'ok', observedAt: T0 + (n - 1) * 60 });
    expect(spansOf(path)).toEqual(reference(join(dir, 'ref-two.sqlite'), n));
  }, 60_000);
});
