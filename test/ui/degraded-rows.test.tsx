/**
 * The views with data the parsing policy degraded (docs/design.md, "Parsing policy"): fields
 * missing or null show `—` in their own column, a malformed row stays a row, and nothing else
 * on screen moves. ink-testing-library, stub clients.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolOverviewModel } from '../../src/api/schemas.js';
import type { PoolOverviewJson, SubAccountJson } from '../../src/api/types.js';
import {
  AccountsClient,
  KEYS,
  mountAccounts,
  waitForFrame as waitForAccounts,
} from './helpers/accounts-fakes.js';
import { NOW, wireOverviewFixture } from './helpers/fixtures.js';
import { startApp, unmountApps, waitForFrame } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';
import { keyOf } from './helpers/keys.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
  unmountApps();
});

/** Display column of `marker` in `line` (every text here is one column per character). */
const columnOf = (line: string, marker: string) => line.indexOf(marker);

describe('Pool tab with a degraded overview', () => {
  it('says — for a last block and a history with no time, not "— ago"', async () => {
    const { app } = startApp({}, (c) => {
      c.next = async () =>
        poolOverviewModel({ last7days_hash_rate: [{ hashrate: '1' }], blocks: [{ block_height: 1 }] });
    });
    const f = await waitForFrame(app.frame, (x) => x.includes('Blocks found') && x.includes('updated'));
    expect(f).toContain('Last block — · History — · Location —');
  });

  it('shows — for what is missing or null and keeps every block as a row', async () => {
    const full = wireOverviewFixture();
    const degraded: PoolOverviewJson = {
      reward_schemes: ['FPPS'],
      workers: null,
      assets: null,
      last7days_hash_rate: [
        ...(full.last7days_hash_rate ?? []).slice(0, 100),
        { hashrate: '1' },
        { timestamp: NOW / 1000 },
      ],
      blocks: [
        { block_found_at: NOW / 1000 - 300, block_height: 870_010 },
        { block_height: 870_009 },
        { block_found_at: NOW / 1000 - 4000 },
        {},
      ],
    };
    const { app } = startApp({}, (c) => {
      c.next = async () => poolOverviewModel(degraded);
    });
    const f = await waitForFrame(app.frame, (x) => x.includes('Blocks found') && x.includes('updated'));
    expect(f).toContain('Hash rate — · Workers —');
    expect(f).toContain('Location — · Assets — · Rewards FPPS');
    expect(f).toContain('Links none published');
    expect(f).toContain('╵Nov'); // the chart is drawn from the points it can use
    const rows = f.split('\n').filter((l) => /│ +(\d+|—) │/.test(l));
    expect(rows).toHaveLength(4);
    // (No Status column: no block is new.)
    expect(rows[0]).toMatch(/│ 870010 │ 2025-11-22 11:55:00 │ 5m ago +│$/);
    expect(rows[1]).toMatch(/│ 870009 │ — +│ — +│$/);
    expect(rows[2]).toMatch(/│ +— │ 2025-11-22 10:53:20 │ 1h 06m ago +│$/);
    expect(rows[3]).toMatch(/│ +— │ — +│ — +│$/);
    // The columns stay put.
    for (const row of rows) expect(row.length).toBe(rows[0]?.length);
    expect(f).not.toContain('error:');
  });
});

const base = (i: number): SubAccountJson => ({
  id: `0000000${i}-aaaa-4bbb-8ccc-dddddddddddd`,
  alias: `alias-${i}`,
  userId: `u-${i}`,
  email: `e${i}***@example.com`,
  status: 'active',
  color: '#FF5733',
  kyc: { shareKyc: false, kycStatus: 'verified' },
  permissions: { spotEnabled: true, collateralEnabled: true },
});

describe('Sub-accounts tab with degraded rows', () => {
  const { email: _e, ...noEmail } = base(1);
  const accounts: SubAccountJson[] = [
    base(0),
    { ...noEmail, kyc: { shareKyc: true, kycStatus: 'shared' } },
    { ...base(2), alias: null, status: 'dormant', kyc: null, permissions: null },
    { alias: 'no-id', email: 'x***@example.com', status: 'active' },
    {},
  ];

  it('keeps every row, — in the right columns, unknown values as text', async () => {
    const view = mountAccounts({ client: new AccountsClient(accounts), width: 140, height: 24 });
    cleanups.push(() => view.unmount());
    const f = await waitForAccounts(view.frame, (x) => x.includes('rows 1–5'));
    expect(f).toContain('rows 1–5 · page size 30 · end of list');
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('Alias') && l.includes('Email'));
    const header = lines[at] ?? '';
    const rows = lines.slice(at + 1, at + 6);
    expect(lines[at + 6]?.trim()).toBe('');
    const cells = (row: string) =>
      ['Alias', 'Email', 'Status', 'KYC', 'Shared', 'Spot', 'Coll', 'ID'].map((h) => {
        const from = columnOf(header, h);
        return row.slice(from, from + 1);
      });
    expect(cells(rows[0] ?? '')).toEqual(['a', 'e', 'a', 'v', 'n', 'y', 'y', '0']);
    expect(cells(rows[1] ?? '')).toEqual(['a', '—', 'a', 's', 'y', 'y', 'y', '0']);
    expect(rows[1]).toContain('shared');
    expect(cells(rows[2] ?? '')).toEqual(['—', 'e', 'd', '—', '—', '—', '—', '0']);
    expect(rows[2]).toContain('dormant');
    expect(cells(rows[3] ?? '')).toEqual(['n', 'x', 'a', '—', '—', '—', '—', '—']);
    expect(cells(rows[4] ?? '')).toEqual(['—', '—', '—', '—', '—', '—', '—', '—']);
  });

  it('opens a degraded row and says there is no id to copy', async () => {
    const view = mountAccounts({ client: new AccountsClient(accounts), width: 140, height: 30 });
    cleanups.push(() => view.unmount());
    await waitForAccounts(view.frame, (x) => x.includes('rows 1–5'));
    for (let i = 0; i < 3; i++) view.stdin.write(KEYS.down);
    await waitForAccounts(view.frame, (x) =>
      (x.split('\n').find((l) => l.startsWith('›')) ?? '').includes('no-id'),
    );
    view.stdin.write(KEYS.enter);
    const detail = await waitForAccounts(view.frame, (x) => x.includes('Sub-account, row 4'));
    expect(detail).toMatch(/ID +—/);
    expect(detail).toMatch(/User ID +—/);
    expect(detail).toMatch(/KYC status +—/);
    expect(detail).toMatch(/Spot trading +—/);
    expect(detail).toMatch(/Colour +—/);
    view.stdin.write(keyOf('accounts', 'copy-id'));
    await vi.waitFor(() =>
      expect(view.ui.notify).toHaveBeenCalledWith('This sub-account came without an id.'),
    );
  });
});
