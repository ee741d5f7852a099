/**
 * Sorting a loaded list by an amount (the balance column): exact decimal order, checked against
 * BigInt arithmetic over random signed amounts of mixed precision; stable; rows without an
 * amount last in both directions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByAmount } from '../../src/accounts/sort.js';
import type { SubAccount } from '../../src/api/types.js';

const SCALE = 12;
/** The amount in units of 1e-12, exactly. */
function units(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const v = BigInt(whole ?? '0') * 10n ** BigInt(SCALE) + BigInt(frac.padEnd(SCALE, '0') || '0');
  return negative ? -v : v;
}

const amount = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,6}$/),
    fc.option(fc.stringMatching(/^\d{1,10}$/), { nil: undefined }),
  )
  .map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`);

const account = (i: number): SubAccount => ({ id: `id-${i}` }) as SubAccount;

describe('sortByAmount', () => {
  it('orders exactly both ways, keeps equal amounts in list order, puts rows without one last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(amount, { nil: null, freq: 5 }), { maxLength: 60 }),
        fc.boolean(),
        (amounts, desc) => {
          const rows = amounts.map((_, i) => account(i));
          const of = (row: SubAccount) => amounts[Number(row.id?.slice(3))];
          const sorted = sortByAmount(rows, of, desc);
          expect(sorted).toHaveLength(rows.length);
          const known = sorted.filter((r) => of(r) != null);
          const unknown = sorted.slice(known.length);
          expect(unknown.every((r) => of(r) == null)).toBe(true);
          expect(unknown.map((r) => r.id)).toEqual(rows.filter((r) => of(r) == null).map((r) => r.id));
          for (let i = 1; i < known.length; i++) {
            const a = units(of(known[i - 1] as SubAccount) as string);
            const b = units(of(known[i] as SubAccount) as string);
            if (a === b)
              expect(rows.indexOf(known[i - 1] as SubAccount)).toBeLessThan(
                rows.indexOf(known[i] as SubAccount),
              );
            else expect(desc ? a > b : a < b).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads -0, 0.10 and 0.1 as the amounts they are', () => {
    const amounts = ['0.10', '-0', '-1.5', '0.1', '2', '-0.25', '10', '9.999'];
    const rows = amounts.map((_, i) => account(i));
    const sorted = sortByAmount(rows, (r) => amounts[Number(r.id?.slice(3))], false);
    expect(sorted.map((r) => amounts[Number(r.id?.slice(3))])).toEqual([
      '-1.5',
      '-0.25',
      '-0',
      '0.10',
      '0.1',
      '2',
      '9.999',
      '10',
    ]);
  });
});
