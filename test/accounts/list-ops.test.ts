import { describe, expect, it } from 'vitest';
import { fieldText, SORT_KEYS } from '../../src/accounts/fields.js';
import { countValues, describeFilter, filterAccounts, toggleFilter } from '../../src/accounts/filter.js';
import { sortAccounts, sortText } from '../../src/accounts/sort.js';
import type { SubAccount, SubAccountJson } from '../../src/api/types.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { subAccountModel } from '../../src/api/schemas.js';

const account = (alias: string, over: Partial<SubAccountJson> = {}): SubAccount =>
  subAccountModel({
    id: `id-${alias}`,
    alias,
    userId: `u-${alias}`,
    email: `${alias}@example.com`,
    status: 'active',
    color: '',
    kyc: { shareKyc: false, kycStatus: 'verified' },
    permissions: { spotEnabled: true, collateralEnabled: false },
    ...over,
  });

describe('sortAccounts', () => {
  it('orders digit runs by value, ignores case and accents, keeps ties in list order', () => {
    const rows = ['bot-10', 'Bot-2', 'café', 'cafe', 'bot-2', 'Zed', 'apple'].map((a) => account(a));
    const sorted = sortAccounts(rows, { key: 'alias', desc: false }).map((r) => r.alias);
    expect(sorted).toEqual(['apple', 'Bot-2', 'bot-2', 'bot-10', 'café', 'cafe', 'Zed']);
    const reversed = sortAccounts(rows, { key: 'alias', desc: true }).map((r) => r.alias);
    expect(reversed).toEqual(['Zed', 'café', 'cafe', 'bot-10', 'Bot-2', 'bot-2', 'apple']);
    expect(sortText('Müller-GmbH-17')).toBe('muller-gmbh-217');
    expect(sortText('Müller-GmbH-17', false)).toBe('muller-gmbh-17');
  });

  it('sorts every key of 10,100 generated rows and is a permutation of them', () => {
    const rows = generateAccounts(10_100, 3).map(subAccountModel);
    for (const key of SORT_KEYS) {
      for (const desc of [false, true]) {
        const sorted = sortAccounts(rows, { key, desc });
        expect(sorted).toHaveLength(rows.length);
        const same = new Set(sorted);
        expect(same.size === rows.length && rows.every((r) => same.has(r))).toBe(true);
        const natural = key === 'alias';
        const keys = sorted.map((r) => sortText(fieldText(r, key), natural));
        const outOfOrder = keys.findIndex((k, i) => i > 0 && (desc ? keys[i - 1]! < k : keys[i - 1]! > k));
        expect(outOfOrder, `${key} ${desc ? 'desc' : 'asc'}`).toBe(-1);
      }
    }
  });

  it('keeps ties in list order on both sides of the bucketing limit (256 distinct values)', () => {
    for (const distinct of [255, 256, 257, 300]) {
      // Each value three times, the copies far apart, so a tie's order is the list's.
      const rows = [0, 1, 2].flatMap((copy) =>
        Array.from({ length: distinct }, (_, v) =>
          account(`v${(v * 7919) % distinct}`, { id: `${v}-${copy}` }),
        ),
      );
      for (const desc of [false, true]) {
        const expected = rows
          .map((row, i) => ({ row, i, k: sortText(row.alias ?? '') }))
          .sort((a, b) => (a.k === b.k ? a.i - b.i : (a.k < b.k ? -1 : 1) * (desc ? -1 : 1)))
          .map((e) => e.row.id);
        const sorted = sortAccounts(rows, { key: 'alias', desc }).map((r) => r.id);
        expect(sorted, `${distinct} ${desc ? 'desc' : 'asc'}`).toEqual(expected);
        // The order kept for the list (`remember`) gives the same rows, the first time and after.
        for (let time = 0; time < 2; time++) {
          const kept = sortAccounts(rows, { key: 'alias', desc }, { remember: true }).map((r) => r.id);
          expect(kept, `${distinct} ${desc ? 'desc' : 'asc'} remembered`).toEqual(expected);
        }
      }
    }
  });

  it('sorts a remembered list as a fresh one, every key both ways in any sequence', () => {
    const rows = generateAccounts(2_000, 5).map(subAccountModel);
    const ids = (list: readonly SubAccount[]) => list.map((r) => r.id);
    for (const desc of [true, false, true]) {
      for (const key of SORT_KEYS) {
        expect(ids(sortAccounts(rows, { key, desc }, { remember: true })), key).toEqual(
          ids(sortAccounts(rows, { key, desc })),
        );
      }
    }
  });

  it('sorts part of a list (filtered, in list order) through the order kept for the whole list', () => {
    const rows = generateAccounts(2_000, 6).map(subAccountModel);
    const ids = (list: readonly SubAccount[]) => list.map((r) => r.id);
    const parts = [
      rows.filter((r) => r.status === 'active'),
      rows.filter((_, i) => i % 7 === 3),
      rows.slice(0, 1),
      [],
    ];
    for (const part of parts) {
      for (const key of SORT_KEYS) {
        for (const desc of [false, true]) {
          const sorted = sortAccounts(part, { key, desc }, { remember: true, from: rows });
          expect(ids(sorted), `${key} ${desc} of ${part.length}`).toEqual(
            ids(sortAccounts(part, { key, desc })),
          );
        }
      }
    }
  });

  it('leaves the list order alone without a key, or reverses it', () => {
    const rows = generateAccounts(50, 1).map(subAccountModel);
    expect(sortAccounts(rows, { desc: false })).toBe(rows);
    expect(sortAccounts(rows, { desc: true })).toEqual([...rows].reverse());
  });
});

describe('filterAccounts', () => {
  const rows = generateAccounts(10_100, 4).map(subAccountModel);

  it('keeps rows holding any chosen value of a group and every group at once', () => {
    const f = { status: ['blocked', 'Frozen'], kyc: ['verified'] };
    const out = filterAccounts(rows, f);
    const expected = rows.filter(
      (r) => (r.status === 'blocked' || r.status === 'frozen') && r.kyc?.kycStatus === 'verified',
    );
    expect(out).toEqual(expected);
    expect(out.length).toBeGreaterThan(50);
    const spotOff = filterAccounts(rows, { spot: ['no'], shared: ['yes'] });
    expect(spotOff).toEqual(rows.filter((r) => !r.permissions?.spotEnabled && r.kyc?.shareKyc));
  });

  it('combines with the text search, the service rule (substring of alias, email, id, user id)', () => {
    const out = filterAccounts(rows, { status: ['active'] }, '  MINER-eu ');
    expect(out).toEqual(
      rows.filter((r) => r.status === 'active' && r.alias?.toLowerCase().includes('miner-eu')),
    );
    const byUser = rows[17]!.userId ?? '';
    expect(filterAccounts(rows, {}, byUser)).toEqual([rows[17]]);
    expect(filterAccounts(rows, {}, '')).toBe(rows);
  });

  it('searches a kept index as it searches row by row, whatever the fields hold', () => {
    const odd = [
      account('ΟΔΟΣ-Σ'),
      account('İstanbul-1'),
      account('cafe\u0301-nfd'),
      account('\u0301lead'),
      account('Straße'),
      account('tab\tand\u0000nul'),
      account('plain', { email: null as unknown as string, userId: 42 as unknown as string }),
      account('ǅemal'),
    ];
    const rows = [...generateAccounts(3_000, 8).map(subAccountModel), ...odd];
    const needles = [
      'miner',
      'MINER-EU',
      'ς',
      'σ-',
      'οδος',
      'i̇stan',
      'istan',
      'café',
      'cafe',
      '\u0301',
      'lead',
      'strasse',
      'straße',
      '\u0000',
      'and',
      '42',
      '@example',
      'ǆ',
      'zzz-none',
      'a',
      '-1',
      'plain',
    ];
    for (const needle of needles) {
      for (const filter of [{}, { status: ['active'] }]) {
        const kept = filterAccounts(rows, filter, needle, { remember: true });
        expect(kept, JSON.stringify(needle)).toEqual(filterAccounts(rows, filter, needle));
      }
    }
    expect(filterAccounts(rows, {}, 'ΟΔΟΣ', { remember: true })).toEqual([odd[0]]);
    const ascii = ['Bot-1', 'bot-10', 'Miner-EU-2', 'x'].map((a) => account(a));
    for (const needle of ['BOT-1', 'eu', 'u-x', 'none'])
      expect(filterAccounts(ascii, {}, needle, { remember: true }), needle).toEqual(
        filterAccounts(ascii, {}, needle),
      );
  });

  it('searches row by row a list whose fields hold the row mark of the index', () => {
    const rows = [account('one'), account('tw\u0001o'), account('three')];
    expect(filterAccounts(rows, {}, 'o', { remember: true })).toEqual(rows);
    expect(filterAccounts(rows, {}, 'hre', { remember: true })).toEqual([rows[2]]);
    expect(filterAccounts(rows, {}, 'w\u0001', { remember: true })).toEqual([rows[1]]);
  });

  it('toggles values case-insensitively and describes the filter in the command syntax', () => {
    let f = toggleFilter({}, 'status', 'blocked');
    f = toggleFilter(f, 'status', 'frozen');
    f = toggleFilter(f, 'kyc', 'verified');
    expect(describeFilter(f)).toBe('status=blocked|frozen kyc=verified');
    f = toggleFilter(f, 'status', 'BLOCKED');
    expect(f.status).toEqual(['frozen']);
  });

  it('counts values of a group, most frequent first, adding up to the rows', () => {
    const counts = countValues(rows, 'status');
    expect(counts.map((c) => c.value)).toEqual(['active', 'pending', 'blocked', 'frozen']);
    expect(counts.reduce((s, c) => s + c.count, 0)).toBe(rows.length);
    expect(counts[2]!.count).toBe(rows.filter((r) => r.status === 'blocked').length);
  });
});
