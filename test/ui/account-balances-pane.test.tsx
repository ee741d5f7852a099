/**
 * The detail pane's balances (Sub-accounts tab, Enter) on fake time: asked for when the pane
 * opens, polled each interval while it stays open, never for rows whose pane is not open, and
 * no more once it closes; the table's states (loading, error keeping the last data, nothing
 * held, only zeros) and `z`. The fake API counts every balances request by account id.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalancesQuery, CurrencyBalance } from '../../src/api/balance-types.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { AccountsView } from '../../src/ui/accounts/accounts-view.js';
import { AccountsClient, KEYS, keyedConfig, mountAccounts, waitForFrame } from './helpers/accounts-fakes.js';
import { mountView } from './helpers/harness.js';
import { elapse, fakeClock } from './helpers/fixtures.js';
import { keyOf } from './helpers/keys.js';

const cleanup: Array<() => void> = [];
beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
  vi.useRealTimers();
});

const row = (
  ticker: string,
  main: string,
  spot: string,
  collateral: string,
  total: string,
): CurrencyBalance => ({
  ticker,
  main,
  spot,
  collateral,
  total,
});

/** The accounts of AccountsClient, each holding what `holdings` says (by row index) or BTC and USDT. */
class BalancesClient extends AccountsClient {
  balanceCalls: string[] = [];
  failBalances: (() => Error) | undefined;
  holdings = new Map<number, CurrencyBalance[]>();

  override async subAccountBalances(query?: BalancesQuery): Promise<never> {
    if (!query) throw new Error('no query');
    this.balanceCalls.push(query.id);
    if (this.failBalances) throw this.failBalances();
    const at = this.accounts.findIndex((a) => a.id === query.id);
    const held = this.holdings.get(at) ?? [
      row('BTC', '1.5', '0.00000001', '0', '1.50000001'),
      row('USDT', '1200', '0', '35.125', '1235.125'),
      row('ETH', '0', '0', '0', '0'),
    ];
    return held as never;
  }

  callsFor(index: number): number {
    const id = this.accounts[index]?.id;
    return this.balanceCalls.filter((c) => c === id).length;
  }
}

function mount(client = new BalancesClient(), height = 36) {
  const view = mountAccounts({ client, width: 100, height, intervalSec: 10, now: Date.now });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, client, press };
}

const firstPage = (f: string) => f.includes('rows 1–30');
const tableShown = (f: string) => /Currency\s+Main\s+Spot\s+Collateral\s+Total/.test(f);

describe('the detail pane: balances', () => {
  it('asks when the pane opens, each interval while it is open, only for the open row, and not after Esc', async () => {
    const v = mount();
    await waitForFrame(v.frame, firstPage);
    // A minute of polling the page: no balances asked for, no pane open.
    await elapse(60_000);
    expect(v.client.balanceCalls).toHaveLength(0);

    await v.press(KEYS.enter, tableShown);
    expect(v.client.callsFor(0)).toBe(1);
    await elapse(10_000);
    await waitForFrame(v.frame, () => v.client.callsFor(0) === 2);
    await elapse(10_000);
    await waitForFrame(v.frame, () => v.client.callsFor(0) === 3);
    expect(v.client.balanceCalls.every((id) => id === v.client.accounts[0]?.id)).toBe(true);

    // The next row's pane: asked for it, and the first row is no longer polled.
    await v.press(KEYS.down, (f) => f.includes('Sub-account, row 2'));
    await waitForFrame(v.frame, () => v.client.callsFor(1) === 1);
    await elapse(30_000);
    await waitForFrame(v.frame, () => v.client.callsFor(1) === 4);
    expect(v.client.callsFor(0)).toBe(3);

    // Closed: nothing more, for any row.
    await v.press(KEYS.escape, (f) => !f.includes('Sub-account, row'));
    const asked = v.client.balanceCalls.length;
    await elapse(120_000);
    expect(v.client.balanceCalls).toHaveLength(asked);
    expect(new Set(v.client.balanceCalls)).toEqual(
      new Set([v.client.accounts[0]?.id, v.client.accounts[1]?.id]),
    );
  });

  it('draws currency, main, spot, collateral and total with points aligned; z shows and hides zero rows', async () => {
    const v = mount();
    await waitForFrame(v.frame, firstPage);
    const f = await v.press(KEYS.enter, tableShown);
    const lines = f.split('\n');
    const btc = lines.find((l) => /│ BTC /.test(l)) ?? '';
    const usdt = lines.find((l) => /│ USDT /.test(l)) ?? '';
    expect(btc).toMatch(/BTC\s+1\.50000000\s+0\.00000001\s+0\s+1\.50000001/);
    expect(usdt).toMatch(/USDT\s+1200\.000\s+0\s+35\.125\s+1235\.125/);
    // The points of each amount column sit in one terminal column.
    for (const [a, b] of [
      ['1.50000000', '1200.000'],
      ['1.50000001', '1235.125'],
    ] as const)
      expect(btc.indexOf(a) + a.indexOf('.')).toBe(usdt.indexOf(b) + b.indexOf('.'));
    expect(f).not.toMatch(/│ ETH /);
    expect(f).toContain('1 zero hidden (z shows)');
    expect(f).toContain('z zero balances');

    const shown = await v.press(keyOf('accounts', 'zero-balances'), (x) => /│ ETH\s+0\s+0\s+0\s+0/.test(x));
    expect(shown).toContain('z hides 1 zero');
    await v.press(
      keyOf('accounts', 'zero-balances'),
      (x) => !/│ ETH /.test(x) && x.includes('1 zero hidden'),
    );
  });

  it('says when the account holds nothing, or only zeros', async () => {
    const client = new BalancesClient();
    client.holdings.set(0, []);
    client.holdings.set(1, [
      row('BTC', '0', '0.000', '0', '0.000'),
      row('TRX', null as never, '0', '0', '0'),
    ]);
    const v = mount(client);
    await waitForFrame(v.frame, firstPage);
    await v.press(KEYS.enter, (f) => f.includes('This sub-account holds nothing.'));
    const zeros = await v.press(KEYS.down, (f) => f.includes('Every balance is zero (z shows them).'));
    expect(zeros).not.toMatch(/Currency\s+Main/);
    await v.press(keyOf('accounts', 'zero-balances'), (f) => /│ TRX\s+—\s+0\s+0\s+0/.test(f));
  });

  it('keeps the last balances on screen when a refresh fails, with the error on one line', async () => {
    const v = mount();
    await waitForFrame(v.frame, firstPage);
    await v.press(KEYS.enter, tableShown);
    v.client.failBalances = () => new PooltopError('http', 'service under maintenance (HTTP 503)');
    await elapse(10_000);
    const f = await waitForFrame(v.frame, (x) => x.includes('error: service under maintenance'));
    const errorLines = f.split('\n').filter((l) => l.includes('service under maintenance'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain('Balances');
    expect(f).toMatch(/│ BTC\s+1\.50000000/);
  });

  it('shows loading until the first answer, and fits a 24-row terminal with the table above', async () => {
    const client = new BalancesClient();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = client.subAccountBalances.bind(client);
    client.subAccountBalances = async (q: BalancesQuery) => {
      await held;
      return answer(q);
    };
    const v = mount(client, 21);
    await waitForFrame(v.frame, firstPage);
    const loading = await v.press(KEYS.enter, (f) => f.includes('loading balances'));
    expect(loading).toContain('› ');
    release();
    const f = await waitForFrame(v.frame, tableShown);
    expect(f.split('\n').length).toBeLessThanOrEqual(21);
    expect(f).toMatch(/│ USDT /);
  });
});

describe('the detail pane: balances that do not fit', () => {
  /** Seven currencies held and two at zero: at 21 rows (a 24-row terminal) the pane fits four. */
  const many = [
    row('ADA', '1', '0', '0', '1'),
    row('BTC', '2', '0', '0', '2'),
    row('DOGE', '0', '0', '0', '0'),
    row('ETH', '3', '0', '0', '3'),
    row('LTC', '4', '0', '0', '4'),
    row('SOL', '5', '0', '0', '5'),
    row('TRX', '0', '0', '0', '0'),
    row('USDT', '6', '0', '0', '6'),
    row('XRP', '7', '0', '0', '7'),
  ];
  const tickers = (f: string) =>
    f
      .split('\n')
      .map((l) => /│ ([A-Z]+)\s+\d/.exec(l)?.[1])
      .filter((t) => t !== undefined && many.some((r) => r.ticker === t));

  it('] and [ move a page of rows, the line under them says where; z clamps; another row starts at the top', async () => {
    const client = new BalancesClient();
    client.holdings.set(0, many);
    client.holdings.set(1, many);
    const v = mount(client, 21);
    await waitForFrame(v.frame, firstPage);

    const first = await v.press(KEYS.enter, (f) => f.includes('rows 1–4 of 7 · ] 3 more'));
    expect(tickers(first)).toEqual(['ADA', 'BTC', 'ETH', 'LTC']);
    expect(first.split('\n').length).toBeLessThanOrEqual(21);

    // A page down stops at the last full page; one more does nothing.
    const last = await v.press(keyOf('accounts', 'balances-down'), (f) =>
      f.includes('rows 4–7 of 7 · [ 3 above'),
    );
    expect(tickers(last)).toEqual(['LTC', 'SOL', 'USDT', 'XRP']);
    expect(last).not.toContain('more');
    await v.press(keyOf('accounts', 'balances-down'), (f) => f.includes('rows 4–7 of 7 · [ 3 above'));

    // The zero rows shown: nine rows, the same place, rows on both sides.
    const zeros = await v.press(keyOf('accounts', 'zero-balances'), (f) =>
      f.includes('rows 4–7 of 9 · [ 3 above · ] 2 more'),
    );
    expect(tickers(zeros)).toEqual(['ETH', 'LTC', 'SOL', 'TRX']);
    await v.press(keyOf('accounts', 'balances-down'), (f) => f.includes('rows 6–9 of 9 · [ 5 above'));
    // Hidden again: seven rows, the position clamped to the last page, and [ moves from there.
    const clamped = await v.press(keyOf('accounts', 'zero-balances'), (f) =>
      f.includes('rows 4–7 of 7 · [ 3 above'),
    );
    expect(tickers(clamped)).toEqual(['LTC', 'SOL', 'USDT', 'XRP']);
    const back = await v.press(keyOf('accounts', 'balances-up'), (f) =>
      f.includes('rows 1–4 of 7 · ] 3 more'),
    );
    expect(tickers(back)).toEqual(['ADA', 'BTC', 'ETH', 'LTC']);

    // Scrolled on row 1, then row 2's pane, then row 1's again: each starts at the first balance.
    await v.press(keyOf('accounts', 'balances-down'), (f) => f.includes('rows 4–7 of 7'));
    const second = await v.press(
      KEYS.down,
      (f) => f.includes('Sub-account, row 2') && f.includes('rows 1–4 of 7'),
    );
    expect(tickers(second)).toEqual(['ADA', 'BTC', 'ETH', 'LTC']);
    await v.press(KEYS.up, (f) => f.includes('Sub-account, row 1') && f.includes('rows 1–4 of 7'));
  });

  it('the terminal grows while scrolled: the position is clamped to the rows that fit', async () => {
    const client = new BalancesClient();
    client.holdings.set(0, many);
    let height = 21;
    const v = mountView(() => <AccountsView width={100} height={height} visibility="active" />, {
      client,
      config: keyedConfig,
      intervalSec: 10,
      now: Date.now,
    });
    cleanup.push(() => v.unmount());
    await waitForFrame(v.frame, firstPage);
    v.stdin.write(KEYS.enter);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–4 of 7'));
    v.stdin.write(keyOf('accounts', 'balances-down'));
    await waitForFrame(v.frame, (f) => f.includes('rows 4–7 of 7'));
    // A row more: five fit, the last page is rows 3–7.
    height = 22;
    v.settle();
    const taller = await waitForFrame(v.frame, (f) => f.includes('rows 3–7 of 7 · [ 2 above'));
    expect(tickers(taller)).toEqual(['ETH', 'LTC', 'SOL', 'USDT', 'XRP']);
    // Another: all seven fit, no scroll line.
    height = 23;
    v.settle();
    const all = await waitForFrame(v.frame, (f) => tickers(f).length === 7);
    expect(all).not.toMatch(/rows \d+–\d+ of/);
  });

  it('a taller terminal shows every row and no scroll line; [ and ] outside the pane only say where they act', async () => {
    const client = new BalancesClient();
    client.holdings.set(0, many);
    const v = mount(client, 36);
    await waitForFrame(v.frame, firstPage);
    const hint = await v.press(keyOf('accounts', 'balances-down'), (f) =>
      f.includes('[ ]: more rows, in the detail pane (Enter)'),
    );
    expect(hint).not.toContain('Sub-account, row');
    const all = await v.press(KEYS.enter, (f) => tickers(f).length === 7);
    expect(all).not.toMatch(/rows \d+–\d+ of/);
    expect(
      tickers(await v.press(keyOf('accounts', 'balances-down'), (f) => tickers(f).length === 7)),
    ).toEqual(['ADA', 'BTC', 'ETH', 'LTC', 'SOL', 'USDT', 'XRP']);
  });
});
