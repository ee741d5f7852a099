import { beforeAll, describe, expect, it } from 'vitest';
import type { FoundBlock } from '../../src/api/types.js';
import { configFixture, NOW, StubClient } from './helpers/fixtures.js';

// Colour must be forced before Ink (and its chalk) load, hence the dynamic imports below.
process.env.FORCE_COLOR = '1';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const blocks: FoundBlock[] = [
  { blockFoundAt: NOW / 1000 - 30, blockHeight: 870_011 },
  { blockFoundAt: NOW / 1000 - 300, blockHeight: 870_010 },
  { blockFoundAt: NOW / 1000 - 7200, blockHeight: 99 },
];

async function draw(fresh: number[], color: boolean, maxRows = 10) {
  const { mountView } = await import('./helpers/harness.js');
  const { BlocksTable } = await import('../../src/ui/pool/blocks-table.js');
  const view = mountView(() => <BlocksTable blocks={blocks} fresh={new Set(fresh)} maxRows={maxRows} />, {
    client: new StubClient(),
    config: configFixture,
    color,
  });
  const frame = view.lastFrame() ?? '';
  view.unmount();
  return frame;
}

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('blocks table', () => {
  it('draws one rule under the heading and none between rows, heights right-aligned', async () => {
    expect(strip(await draw([870_011], false)).split('\n')).toEqual([
      '┌────────┬─────────────────────┬─────────────┬────────┐',
      '│ Height │ Found at            │ Age         │ Status │',
      '├────────┼─────────────────────┼─────────────┼────────┤',
      '│ 870011 │ 2025-11-22 11:59:30 │ 30s ago     │ new    │',
      '│ 870010 │ 2025-11-22 11:55:00 │ 5m ago      │        │',
      '│     99 │ 2025-11-22 10:00:00 │ 2h 00m ago  │        │',
      '└────────┴─────────────────────┴─────────────┴────────┘',
    ]);
  });

  it('has no Status column while no block has a status', async () => {
    expect(strip(await draw([], false)).split('\n')).toEqual([
      '┌────────┬─────────────────────┬─────────────┐',
      '│ Height │ Found at            │ Age         │',
      '├────────┼─────────────────────┼─────────────┤',
      '│ 870011 │ 2025-11-22 11:59:30 │ 30s ago     │',
      '│ 870010 │ 2025-11-22 11:55:00 │ 5m ago      │',
      '│     99 │ 2025-11-22 10:00:00 │ 2h 00m ago  │',
      '└────────┴─────────────────────┴─────────────┘',
    ]);
  });

  it('shows only the rows that fit, within the width the layout reserves', async () => {
    const { BLOCKS_TABLE_WIDTH } = await import('../../src/ui/pool/blocks-table.js');
    const rows = strip(await draw([], false, 2)).split('\n');
    expect(rows).toHaveLength(6);
    expect(rows[4]).toContain('870010');
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(BLOCKS_TABLE_WIDTH);
  });

  it('highlights new rows in colour, and only those', async () => {
    const rows = (await draw([870_010], true)).split('\n');
    const newRow = rows.find((r) => strip(r).includes('870010'))!;
    const oldRow = rows.find((r) => strip(r).includes('870011'))!;
    expect(newRow).toContain('\x1b[1m'); // bold
    expect(newRow).toContain('\x1b[32m'); // green
    expect(oldRow).not.toContain('\x1b[32m');
  });

  it('uses no colour at all when colour is off, yet still says "new"', async () => {
    const frame = await draw([870_010], false);
    expect(frame).not.toMatch(/\x1b\[3\dm/);
    expect(frame).toContain('new');
  });

  it('keys rows by height, so a new block does not remount the rows it pushes down', async () => {
    const { rowKeys } = await import('../../src/ui/pool/blocks-table.js');
    const row = (Height: string) => ({ Height, 'Found at': '', Age: '', Status: '' });
    const before = rowKeys([row('11'), row('10')]);
    const after = rowKeys([row('12'), row('11'), row('10')]);
    expect(after.slice(1)).toEqual(before);
    const repeated = rowKeys([row('7'), row('7'), row('7')]);
    expect(new Set(repeated).size).toBe(3);
  });
});
