import { getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fullCollection, oldSpaceCheck } from '../../src/old-generation.js';

const oldSpaceBytes = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;

describe('oldSpaceCheck', () => {
  it('collects only when old space rose more than the slack above the least seen since the last collection', () => {
    let used = 10;
    let committed = 10;
    const calls: boolean[] = [];
    const check = oldSpaceCheck(
      () => ({ used, committed }),
      (compact) => {
        calls.push(compact);
        used = 9;
      },
      2,
    );
    expect(check()).toBe('none');
    used = 12;
    expect(check()).toBe('none');
    used = 8; // V8 collected on its own: the floor follows
    expect(check()).toBe('none');
    used = 10.5;
    expect(check()).toBe('collected');
    used = 11;
    expect(check()).toBe('none'); // 2 above the 9 left by the collection
    committed = 20; // the next collection leaves 11 committed beyond what it keeps
    used = 11.5;
    expect(check()).toBe('collected');
    used = 11.5;
    expect(check()).toBe('compacted');
    expect(calls).toEqual([false, false, true]);
  });
});

describe('fullCollection', () => {
  it('runs a full collection on this V8 without leaving gc exposed to later contexts', () => {
    const collect = fullCollection();
    expect(typeof collect).toBe('function');
    let junk: unknown[] | undefined = [];
    for (let i = 0; i < 3e5; i++) junk.push({ i, s: `x${i}` });
    const before = oldSpaceBytes();
    junk = undefined;
    collect?.();
    expect(oldSpaceBytes()).toBeLessThan(before);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('leaves unknown V8 versions alone (V8 would print an error for an unknown flag)', () => {
    expect(fullCollection('99.1.2')).toBeUndefined();
    expect(fullCollection('')).toBeUndefined();
  });
});
