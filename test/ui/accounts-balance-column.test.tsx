/**
 * The loaded list's balance column (`L`, then `B`) against the embedded service over loopback
 * HTTP, counting what reaches the server: one balances request per row shown (after the local
 * search), none for the rows filtered out; the column sorts with `s`/`S` by the exact amount;
 * an account whose balances fail is marked in its cell; Esc stops a column load and keeps what
 * arrived. Expected amounts come from the service's own generator, summed here in BigInt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filterAccounts } from '../../src/accounts/filter.js';
import { BALANCES_PATH } from '../../src/api/balance-types.js';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import { formatCount } from '../../src/format/number.js';
import { generateAccounts } from '../../src/service/accounts.js';
import { accountBalances } from '../../src/service/balance-model.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { UTF8_GLYPHS } from '../../src/ui/accounts/list-glyphs.js';
import { KEYS, keyedConfig, mountAccounts, waitForFrame } from './helpers/accounts-fakes.js';
import { subAccountModel } from '../../src/api/schemas.js';
import { keyOf } from './helpers/keys.js';

const COUNT = 150;
const SEED = 5;
const generated = generateAccounts(COUNT, SEED);
let service: ServiceHandle;
let slow: ServiceHandle;
beforeAll(async () => {
  [service, slow] = await Promise.all([
    startService({ port: 0, accounts: COUNT, seed: SEED }),
    startService({ port: 0, accounts: COUNT, seed: SEED, latency: 150 }),
  ]);
});
afterAll(async () => {
  await Promise.all([service.close(), slow.close()]);
});
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

const balanceRequests = (s: ServiceHandle) => s.stats().byPath[BALANCES_PATH] ?? 0;

/** Units of 1e-8 BTC held in all three places, from the service's own data. */
function btcUnits(index: number): bigint {
  const a = generated[index];
  if (!a) throw new Error(`no account ${index}`);
  const held = accountBalances(a, index, SEED).BTC;
  if (!held) return 0n;
  const units = (s: string) => {
    const [whole, frac = ''] = s.split('.');
    return BigInt(whole ?? '0') * 10n ** 8n + BigInt(frac.padEnd(8, '0') || '0');
  };
  return units(held.main) + units(held.spot) + units(held.collateral);
}

function mount(s: ServiceHandle, failing?: string, width = 120) {
  const real = createClient({
    baseUrl: s.baseUrl,
    apiKey: s.credentials.apiKey,
    apiSecret: s.credentials.apiSecret,
    retries: 0,
  });
  const client: ApiClient = {
    ...real,
    subAccountBalances: (q, o) =>
      q.id === failing
        ? Promise.reject(new PooltopError('validation', 'The selected id is invalid.'))
        : real.subAccountBalances(q, o),
  };
  const config = { ...keyedConfig, baseUrl: s.baseUrl };
  const view = mountAccounts({ client, config, width, height: 30, now: Date.now, glyphs: UTF8_GLYPHS });
  cleanup.push(async () => {
    view.unmount();
    await real.close();
  });
  const press = async (keys: string, until: (f: string) => boolean, timeout = 30_000) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until, timeout);
  };
  return { ...view, press };
}

const tableRows = (f: string) => f.split('\n').filter((l) => /^[› ] .*[0-9a-f]{8}-[0-9a-f]{4}-/.test(l));
/** The balance column's text of a table line: the last amount or mark before the id. */
const cellOf = (line: string) => /\s(failed|[\d.]+|…)\s+[0-9a-f]{8}-/.exec(line)?.[1];

describe('the loaded list: a balance column (B)', () => {
  it('asks once per row shown, sorts by the amount both ways, and marks a failed account', async () => {
    const term = 'bot';
    const shown = filterAccounts(generated.map(subAccountModel), {}, term);
    expect(shown.length).toBeGreaterThan(10);
    const failing = shown[2];
    const v = mount(service, failing?.id ?? undefined);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'), 30_000);
    await v.press(keyOf('accounts', 'load-all'), (f) => f.includes(`${COUNT} rows, the whole list, loaded`));
    await v.press(keyOf('accounts', 'search'), (f) => f.includes('Search:'));
    await v.press(term, (f) => f.includes(`of ${formatCount(shown.length)} (of ${COUNT} loaded)`));
    await v.press(KEYS.enter, (f) => !f.includes('Search:'));

    const before = balanceRequests(service);
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('Balance of currency:'));
    await v.press('btc', (f) => f.includes('Balance of currency: btc'));
    const n = shown.length;
    let f = await v.press(KEYS.enter, (x) =>
      x.includes(`BTC: ${n} of ${n} accounts · 1 failed · B asks again`),
    );
    // One request per row shown but the failing one (refused before it is sent); none for the rest.
    expect(balanceRequests(service) - before).toBe(n - 1);
    expect(f).toMatch(/Coll +BTC total ID/);
    const failedLine = tableRows(f).find((l) => l.includes(failing?.id ?? '-'));
    expect(failedLine && cellOf(failedLine)).toBe('failed');

    // s steps through the columns to the balance column: ascending, then S descending.
    for (let i = 0; i < 8; i++) v.stdin.write(keyOf('accounts', 'sort'));
    f = await v.press(
      keyOf('accounts', 'sort'),
      (x) => x.includes('BTC total ▲') && x.includes('sorted by BTC total ▲'),
    );
    const index = new Map<string | null | undefined, number>(generated.map((a, i) => [a.id, i]));
    const expected = shown
      .filter((a) => a !== failing)
      .map((a) => ({ id: a.id ?? '', units: btcUnits(index.get(a.id) ?? -1) }))
      .sort((a, b) => (a.units < b.units ? -1 : a.units > b.units ? 1 : 0));
    const amount = (line: string) => {
      const [whole, frac = ''] = (cellOf(line) ?? '').split('.');
      return BigInt(whole ?? '0') * 10n ** 8n + BigInt(frac.padEnd(8, '0') || '0');
    };
    const known = (lines: string[]) => lines.filter((l) => cellOf(l) !== 'failed');
    const ascending = known(tableRows(f)).map(amount);
    expect(ascending).toEqual(expected.slice(0, ascending.length).map((e) => e.units));
    // The failed account comes last, in either direction.
    const lastIsFailed = (lines: string[]) => lines.findIndex((l) => cellOf(l) === 'failed');
    expect([-1, tableRows(f).length - 1]).toContain(lastIsFailed(tableRows(f)));
    f = await v.press(keyOf('accounts', 'sort-reverse'), (x) => x.includes('BTC total ▼'));
    const descending = known(tableRows(f));
    expect(descending.map(amount)).toEqual(
      [...expected]
        .reverse()
        .slice(0, descending.length)
        .map((e) => e.units),
    );
    expect(descending[0]).toContain(expected.at(-1)?.id);
    expect([-1, tableRows(f).length - 1]).toContain(lastIsFailed(tableRows(f)));
  });

  it('Esc stops the column load, keeps what arrived; x drops the list and the column', async () => {
    const v = mount(slow);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'), 30_000);
    await v.press(keyOf('accounts', 'load-all'), (f) => f.includes(`${COUNT} rows, the whole list, loaded`));
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('Balance of currency:'));
    await v.press('eth', (f) => f.includes('Balance of currency: eth'));
    await v.press(KEYS.enter, (f) => /▕█*░+▏ ETH: \d+ of 150 accounts · Esc stops/.test(f));
    const f = await v.press(KEYS.escape, (x) => /ETH: \d+ of 150 accounts · stopped · B asks again/.test(x));
    const done = Number(/ETH: (\d+) of/.exec(f)?.[1]);
    expect(done).toBeLessThan(COUNT);
    const sent = balanceRequests(slow);
    // Nothing more is sent once stopped (a request in flight may still land: wait for quiet).
    await v.press(keyOf('accounts', 'sort'), (x) => x.includes('Alias ▲'));
    expect(balanceRequests(slow)).toBeLessThanOrEqual(sent + 4);
    await v.press(keyOf('accounts', 'pages'), (x) => x.includes('page size 30') && !x.includes('ETH total'));
  });

  it('at 80 columns a long currency and its failures give way and Esc stops stays on the line', async () => {
    const v = mount(slow, undefined, 80);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–'), 30_000);
    await v.press(keyOf('accounts', 'load-all'), (f) => f.includes(`${COUNT} rows, the whole list, loaded`));
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('Balance of currency:'));
    // Sixteen characters, the most the prompt takes; the service refuses a currency it does not know.
    await v.press('abcdefghijklmnop', (f) => f.includes('Balance of currency: abcdefghijklmnop'));
    const progress = (f: string) => f.split('\n').find((l) => l.includes('ABCDEFGHIJKLMNOP:')) ?? '';
    const f = await v.press(KEYS.enter, (x) =>
      /▕█*░+▏ ABCDEFGHIJKLMNOP: \d+ of 150 accounts · \d+ f/.test(progress(x)),
    );
    expect(progress(f)).toMatch(/ · Esc stops$/);
    await v.press(KEYS.escape, (x) => progress(x).endsWith('B asks again'));
  });

  it('refuses a currency that is not letters and digits, with a hint and no request', async () => {
    const v = mount(service);
    await waitForFrame(v.frame, (f) => f.includes('rows 1–30 ·'), 30_000);
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('L loads the whole list first'));
    await v.press(keyOf('accounts', 'load-all'), (f) => f.includes(`${COUNT} rows, the whole list, loaded`));
    const before = balanceRequests(service);
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('Balance of currency:'));
    await v.press('b-t', (f) => f.includes('Balance of currency: b-t'));
    await v.press(KEYS.enter, (f) => f.includes('a currency is 1 to 16 letters or digits'));
    // q was typed into the prompt, not taken as quit; Esc leaves it.
    await v.press(keyOf('accounts', 'balances'), (f) => f.includes('Balance of currency:'));
    await v.press('q', (f) => f.includes('Balance of currency: q'));
    await v.press(KEYS.escape, (f) => !f.includes('Balance of currency'));
    expect(balanceRequests(service)).toBe(before);
  });
});
