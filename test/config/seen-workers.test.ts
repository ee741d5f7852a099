import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileSeenStore } from '../../src/config/seen-store.js';
import {
  CAME_BACK_KEEP,
  countGone,
  EMPTY_SEEN,
  goneWorkers,
  parseSeen,
  SEEN_KEEP_S,
  type SeenState,
  updateSeen,
  type WorkerListing,
} from '../../src/config/seen-workers.js';
import { withTmp } from '../session/helpers.js';

const names: fc.Arbitrary<string[]> = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'rig-1', 'rig-2'), {
  maxLength: 7,
});
const listing: fc.Arbitrary<WorkerListing> = fc.oneof(
  names.map((n) => ({ complete: true, names: n })),
  names.map((n) => ({ complete: false, names: n })),
);
/** A run of listings at increasing times (steps up to 20 days, so the 30-day bound is reached). */
const run = fc.array(fc.tuple(listing, fc.integer({ min: 0, max: 20 * 24 * 3600 })), { maxLength: 12 });

function replay(steps: Array<[WorkerListing, number]>): Array<{ state: SeenState; now: number }> {
  let state = EMPTY_SEEN;
  let now = 1_700_000_000;
  const out = [{ state, now }];
  for (const [l, dt] of steps) {
    now += dt;
    state = updateSeen(state, l, now);
    out.push({ state, now });
  }
  return out;
}

describe('updateSeen', () => {
  it('a partial or failed listing changes nothing', () => {
    fc.assert(
      fc.property(run, fc.integer({ min: 0, max: 10 ** 9 }), (steps, dt) => {
        const { state, now } = replay(steps).at(-1) ?? { state: EMPTY_SEEN, now: 0 };
        expect(updateSeen(state, { complete: false, names: ['a', 'zz'] }, now + dt)).toEqual(state);
      }),
    );
  });

  it('keeps one entry per name, sorted, every listed name connected, every other one gone', () => {
    fc.assert(
      fc.property(run, names, fc.integer({ min: 0, max: 10 ** 6 }), (steps, listed, dt) => {
        const { state, now } = replay(steps).at(-1) ?? { state: EMPTY_SEEN, now: 0 };
        const next = updateSeen(state, { complete: true, names: listed }, now + dt);
        const ns = next.workers.map((w) => w.name);
        expect(ns).toEqual([...new Set(ns)].sort());
        for (const w of next.workers) {
          if (listed.includes(w.name)) {
            expect(w.gone).toBeUndefined();
            expect(w.lastSeen).toBe(now + dt);
          } else {
            expect(w.gone).toBe(true);
            expect(now + dt - w.lastSeen).toBeLessThanOrEqual(SEEN_KEEP_S);
          }
        }
        for (const n of listed) expect(ns).toContain(n);
      }),
    );
  });

  it('a gone name keeps its last sighting; a name that comes back is connected, and the history says when', () => {
    fc.assert(
      fc.property(run, (steps) => {
        const states = replay(steps);
        for (let i = 1; i < states.length; i++) {
          const before = states[i - 1];
          const after = states[i];
          if (!before || !after) continue;
          for (const w of after.state.workers) {
            const was = before.state.workers.find((p) => p.name === w.name);
            if (w.gone && was) expect(w.lastSeen).toBe(was.lastSeen);
            if (was?.gone && !w.gone) expect(w.cameBack?.at(-1)).toBe(after.now);
            expect(w.cameBack?.length ?? 0).toBeLessThanOrEqual(CAME_BACK_KEEP);
          }
        }
      }),
    );
  });

  it('forgets a name not seen for 30 days, and only then', () => {
    const t0 = 1_700_000_000;
    const seen = updateSeen(EMPTY_SEEN, { complete: true, names: ['rig-1', 'rig-2'] }, t0);
    const later = updateSeen(seen, { complete: true, names: ['rig-2'] }, t0 + SEEN_KEEP_S);
    expect(goneWorkers(later, t0 + SEEN_KEEP_S)).toEqual([
      { name: 'rig-1', lastSeen: t0, goneFor: SEEN_KEEP_S },
    ]);
    const after = updateSeen(later, { complete: true, names: ['rig-2'] }, t0 + SEEN_KEEP_S + 1);
    expect(after.workers.map((w) => w.name)).toEqual(['rig-2']);
  });

  it('reads a stored state liberally: bad entries skipped, duplicates merged to the newest', () => {
    expect(
      parseSeen({
        workers: [
          { name: 'a', lastSeen: 5, firstSeen: 1 },
          { name: 'a', lastSeen: 9, gone: true },
          { name: '', lastSeen: 3 },
          { name: 'b', lastSeen: -1 },
          'junk',
        ],
      }),
    ).toEqual({ workers: [{ name: 'a', firstSeen: 9, lastSeen: 9, gone: true }] });
    expect(parseSeen(null)).toBeUndefined();
  });
});

describe('file seen store', () => {
  it.skipIf(process.platform === 'win32')(
    'writes mode 0600, per profile and account, per base URL',
    async () => {
      await withTmp(async (root) => {
        const dir = join(root, 'state');
        const at = (account: string, baseUrl: string) =>
          fileSeenStore({ stateDir: dir, profile: 'default', account, baseUrl });
        const s = updateSeen(EMPTY_SEEN, { complete: true, names: ['rig-1'] }, 100);
        await at('farm', 'https://whitebit.com').write(s);
        expect(await at('farm', 'https://whitebit.com').read()).toEqual(s);
        expect(await at('farm', 'http://127.0.0.1:1').read()).toEqual(EMPTY_SEEN);
        expect(await at('other', 'https://whitebit.com').read()).toEqual(EMPTY_SEEN);
        const path = at('farm', 'x').path;
        expect((await stat(path)).mode & 0o777).toBe(0o600);
        expect(await readdir(dir)).toEqual(['workers-default-farm.json']);
      });
    },
  );

  it('reads a damaged file as empty and replaces it on the next write', async () => {
    await withTmp(async (dir) => {
      const store = fileSeenStore({ stateDir: dir, profile: 'p', account: 'a', baseUrl: 'u' });
      await writeFile(store.path, '{not json', { mode: 0o600 });
      expect(await store.read()).toEqual(EMPTY_SEEN);
      const s = updateSeen(EMPTY_SEEN, { complete: true, names: ['x'] }, 1);
      await store.write(s);
      expect(await store.read()).toEqual(s);
    });
  });
});

describe('countGone', () => {
  it('with 0 counts a worker missing from the listing just made, even in the second it was last seen', () => {
    const seen = updateSeen(EMPTY_SEEN, { complete: true, names: ['a', 'b'] }, 100);
    const after = updateSeen(seen, { complete: true, names: ['a'] }, 100);
    expect(countGone(after, 100, 0)).toBe(1);
    expect(countGone(after, 100, 1)).toBe(0);
    expect(countGone(after, 160, 60)).toBe(1);
  });
});
