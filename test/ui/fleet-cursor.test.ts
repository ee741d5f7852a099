/** The fleet table's cursor store: it follows its account through re-sorts and tells rows only when what they draw changes. */
import { describe, expect, it } from 'vitest';
import { createFleetCursor } from '../../src/ui/mining/fleet-cursor.js';

function watched(initial: string | undefined, rows: readonly string[]) {
  const cursor = createFleetCursor(initial);
  cursor.setRows(rows);
  cursor.settle();
  let told = 0;
  cursor.subscribe(() => told++);
  return { cursor, told: () => told };
}

describe('the fleet cursor', () => {
  it('starts on the account it is given, or on the first row', () => {
    expect(watched('b', ['a', 'b', 'c']).cursor.name()).toBe('b');
    const none = watched(undefined, ['a', 'b']).cursor;
    expect([none.at(), none.name()]).toEqual([0, 'a']);
    const gone = watched('x', ['a', 'b']).cursor;
    expect([gone.at(), gone.name()]).toEqual([0, 'a']);
  });

  it('moves within the rows and tells its listeners once per move that changes the row', () => {
    const { cursor, told } = watched('a', ['a', 'b', 'c']);
    cursor.move((at) => at + 1);
    expect(cursor.name()).toBe('b');
    expect(told()).toBe(1);
    cursor.move((at) => at + 5);
    expect(cursor.name()).toBe('c');
    cursor.move((at) => at + 1);
    expect(cursor.name()).toBe('c');
    expect(told()).toBe(2);
    cursor.move(() => -3);
    expect(cursor.name()).toBe('a');
    expect(told()).toBe(3);
  });

  it('stays on its account when the rows are sorted again, telling no one', () => {
    const { cursor, told } = watched('b', ['a', 'b', 'c']);
    cursor.setRows(['c', 'b', 'a']);
    cursor.settle();
    expect([cursor.at(), cursor.name()]).toEqual([1, 'b']);
    cursor.setRows(['b', 'c', 'a']);
    cursor.settle();
    expect(cursor.at()).toBe(0);
    expect(told()).toBe(0);
  });

  it('tells its listeners when new rows put another account under it', () => {
    // Its account is not in the table: it stands on the first row, whichever that is.
    const { cursor, told } = watched('x', ['a', 'b']);
    cursor.setRows(['b', 'a']);
    expect(cursor.name()).toBe('b');
    cursor.settle();
    expect(told()).toBe(1);
    cursor.settle();
    expect(told()).toBe(1);
  });

  it('has no row in an empty table', () => {
    const { cursor, told } = watched('a', []);
    cursor.move((at) => at + 1);
    expect(cursor.name()).toBeUndefined();
    expect(told()).toBe(0);
  });
});
