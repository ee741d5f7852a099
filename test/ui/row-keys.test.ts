import { describe, expect, it } from 'vitest';
import { NO_ROW_KEYS, recycleKeys, uniqueKeys } from '../../src/ui/browser/row-keys.js';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `a${from + i}`);

describe('row keys', () => {
  it('are the ids made unique, even when the server repeats one', () => {
    expect(uniqueKeys(['x', 'y', 'x', '', ''])).toEqual(['x', 'y', 'x#1', '', '#1']);
  });

  it('keep the key of a row still on screen and give a row coming into view the key of one that left', () => {
    const first = recycleKeys(NO_ROW_KEYS, ids(0, 4));
    expect(first.keys).toEqual(['row0', 'row1', 'row2', 'row3']);
    // Scrolled by one: a1–a3 keep theirs, a4 takes a0's.
    const scrolled = recycleKeys(first.next, ids(1, 5));
    expect(scrolled.keys).toEqual(['row1', 'row2', 'row3', 'row0']);
    // A page flip: every row new, every key reused in the order the old rows stood.
    const flipped = recycleKeys(scrolled.next, ids(10, 14));
    expect(flipped.keys).toEqual(['row1', 'row2', 'row3', 'row0']);
    // More rows than before: new keys only for the rows no key was left for.
    const taller = recycleKeys(flipped.next, ids(12, 18));
    expect(taller.keys).toEqual(['row3', 'row0', 'row1', 'row2', 'row4', 'row5']);
  });

  it('never give two rows one key', () => {
    let keys = NO_ROW_KEYS;
    for (let step = 0; step < 200; step++) {
      const start = (step * 37) % 50;
      const length = 1 + ((step * 13) % 20);
      const r = recycleKeys(keys, ids(start, start + length).reverse());
      expect(new Set(r.keys).size).toBe(length);
      keys = r.next;
    }
  });
});
