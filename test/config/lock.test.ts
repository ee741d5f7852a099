import { readFile, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPooltopError } from '../../src/errors/pooltop-error.js';
import { acquireLock } from '../../src/config/lock.js';
import { fakeClock, withTmp } from '../session/helpers.js';

const lockBody = (pid: number, at: number, host = hostname()) =>
  JSON.stringify({ pid, host, at, id: 'other' });

describe('lock file', () => {
  it('excludes a second holder until released', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      const clock = fakeClock();
      const first = await acquireLock(path, { now: clock.now, sleep: clock.sleep });
      expect(JSON.parse(await readFile(path, 'utf8')).pid).toBe(process.pid);
      const err = await acquireLock(path, {
        now: clock.now,
        sleep: clock.sleep,
        waitMs: 1000,
        pollMs: 100,
      }).catch((e: unknown) => e);
      expect(isPooltopError(err) && err.kind).toBe('timeout');
      expect(isPooltopError(err) && err.message).toMatch(/another pooltop process \(pid \d+\) is refreshing/);
      expect(clock.sleeps.length).toBe(10);
      await first.release();
      const second = await acquireLock(path, { now: clock.now, sleep: clock.sleep, waitMs: 0 });
      await second.release();
    });
  });

  it('recovers at once from a lock whose process is dead', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      const clock = fakeClock();
      await writeFile(path, lockBody(999_999, clock.now()));
      const h = await acquireLock(path, {
        now: clock.now,
        sleep: clock.sleep,
        waitMs: 0,
        isAlive: () => false,
      });
      expect(clock.sleeps).toEqual([]);
      await h.release();
    });
  });

  it('treats a live holder as stale only after the age bound', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      const clock = fakeClock();
      await writeFile(path, lockBody(1, clock.now(), 'another-host'));
      const opts = { now: clock.now, sleep: clock.sleep, staleMs: 5_000, waitMs: 60_000, pollMs: 1_000 };
      const h = await acquireLock(path, opts);
      expect(clock.sleeps.length).toBe(6);
      await h.release();
    });
  });

  it('removes an unreadable lock left by a holder that died while creating it', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      await writeFile(path, '');
      const old = new Date(Date.now() - 60_000);
      await utimes(path, old, old);
      const h = await acquireLock(path, { waitMs: 0 });
      await h.release();
    });
  });

  it('never removes a lock it does not own on release', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      const h = await acquireLock(path);
      await writeFile(path, lockBody(process.pid, Date.now()));
      await h.release();
      expect(await readFile(path, 'utf8')).toMatch(/"id":"other"/);
    });
  });

  it('sleeps between rounds and gives up at the deadline whatever the lock holds', async () => {
    await withTmp(async (dir) => {
      const path = join(dir, 'x.lock');
      const clock = fakeClock();
      // Content no holder writes (over the 4 KiB a lock may hold), renewed as if being written.
      await writeFile(path, 'x'.repeat(10_000));
      const err = await acquireLock(path, {
        now: clock.now,
        sleep: async (ms) => {
          await clock.sleep(ms);
          await utimes(path, clock.now() / 1000, clock.now() / 1000);
        },
        waitMs: 1000,
        pollMs: 100,
      }).catch((e: unknown) => e);
      expect(isPooltopError(err) && err.kind).toBe('timeout');
      expect(clock.sleeps).toEqual(Array(10).fill(100));
    });
  });
});
