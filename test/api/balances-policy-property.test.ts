/**
 * The parsing policy as a property for the balances answer, through the client against real HTTP:
 * any amount missing, null, a number or junk; entries that are empty lists, lists of several
 * objects, bare objects or not objects at all; tickers holding escape sequences and kilobytes of
 * text. The call never fails on an object body, keeps one row per distinct currency, never lets a
 * control character or a long ticker through, and every total is the exact sum of what was read.
 * Sums are checked against a separate BigInt sum written here, not the product's own helper.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_PATH, TICKER_MAX } from '../../src/api/balance-types.js';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { type FakeServer, startFakeServer } from './fake-server.js';

let server: FakeServer;
let client: ApiClient;
let answer: unknown;
let lines: string[] = [];
const ID = '8e667b4a-0b71-4988-8af5-9474dbfaeb51';

beforeAll(async () => {
  server = await startFakeServer();
  server.on(`POST ${BALANCES_PATH}`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  client = createClient({
    baseUrl: server.url,
    apiKey: 'key',
    apiSecret: 'secret',
    retries: 0,
    onDegraded: (request, d) => lines.push(`${request}: ${d.path} ${d.problem}`),
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** Exact value of a decimal text as (BigInt, scale); the test's own reading. */
function exact(text: string): [bigint, number] {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const n = BigInt(whole + frac);
  return [negative ? -n : n, frac.length];
}
function same(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const [x, sx] = exact(a);
  const [y, sy] = exact(b);
  const scale = Math.max(sx, sy);
  return x * 10n ** BigInt(scale - sx) === y * 10n ** BigInt(scale - sy);
}
function sum(values: (string | null)[]): string | null {
  const known = values.filter((v): v is string => v !== null);
  if (known.length === 0) return null;
  const scale = Math.max(...known.map((v) => exact(v)[1]));
  const total = known.reduce((acc, v) => {
    const [n, s] = exact(v);
    return acc + n * 10n ** BigInt(scale - s);
  }, 0n);
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return total < 0n ? `-${text}` : text;
}

const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
  .map(([neg, n, scale]) => {
    const digits = n.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return neg && n > 0n ? `-${text}` : text;
  });
/** A place's value: a decimal string, a number, null, junk, or missing (undefined). */
const place = fc.oneof(
  { weight: 5, arbitrary: decimalText },
  { weight: 2, arbitrary: fc.integer({ min: -1e9, max: 1e9 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('abc', '', '1e5', true, [], {}) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const places = fc.record({ main: place, spot: place, collateral: place }, { requiredKeys: [] });
const entry = fc.oneof(
  { weight: 6, arbitrary: fc.array(places, { minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.array(places, { minLength: 0, maxLength: 4 }) },
  { weight: 1, arbitrary: places },
  { weight: 1, arbitrary: fc.constantFrom(null, 'x', 3, true, [1, 'a', null]) },
);
const hostileTicker = fc.oneof(
  fc.constantFrom('BTC', 'ETH', 'USDT', 'USDC', 'TRX'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '\u001b]0;pwned\u0007BTC',
    '\u001b[2J\u001b[HETH',
    '\u009b31mUSDT',
    'A'.repeat(10_240),
    `\u001b]8;;http://x\u001b\\${'Z'.repeat(10_000)}`,
    '\u202eCSU',
  ),
);
const body = fc.dictionary(hostileTicker, entry, { maxKeys: 8 });

/** What a place should read as: the value as text when it is a decimal, else null. */
function expected(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return null;
}
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('balances: the parsing policy', () => {
  it('never fails an object answer; one row per currency; tickers clean; totals exact', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        answer = sent;
        lines = [];
        const rows = await client.subAccountBalances({ id: ID });
        const tickers = rows.map((r) => r.ticker);
        expect(new Set(tickers).size).toBe(tickers.length);
        expect(rows.length).toBeLessThanOrEqual(Object.keys(sent).length);
        for (const r of rows) {
          expect(UNSAFE.test(r.ticker), JSON.stringify(r.ticker)).toBe(false);
          expect([...r.ticker].length).toBeLessThanOrEqual(TICKER_MAX);
          expect(same(r.total, sum([r.main, r.spot, r.collateral])), JSON.stringify(r)).toBe(true);
        }
        // A hostile key may clean to a plain ticker: then the two are one row (summed).
        const alone = (ticker: string) =>
          /^[A-Z]{3,4}$/.test(ticker) && Object.keys(sent).every((k) => k === ticker || !k.includes(ticker));
        // Clean entries (a plain ticker, a list of one object) read exactly as sent.
        for (const [ticker, value] of Object.entries(sent)) {
          if (!alone(ticker) || !Array.isArray(value) || value.length !== 1) continue;
          const row = rows.find((r) => r.ticker === ticker);
          const item = value[0] as Record<string, unknown>;
          for (const p of ['main', 'spot', 'collateral'] as const)
            expect(same(row?.[p] ?? null, expected(item[p])), `${ticker}.${p}`).toBe(true);
        }
        // Several objects in one entry are summed, and said.
        for (const [ticker, value] of Object.entries(sent)) {
          const objects = Array.isArray(value)
            ? value.filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
            : [];
          if (!alone(ticker) || objects.length < 2) continue;
          const row = rows.find((r) => r.ticker === ticker);
          const main = sum(objects.map((o) => expected((o as Record<string, unknown>).main)));
          expect(same(row?.main ?? null, main), `${ticker}.main`).toBe(true);
          expect(lines.some((l) => l.endsWith(`holds ${objects.length} balances; summed`))).toBe(true);
        }
        expect(lines.every((l) => l.startsWith(`POST ${BALANCES_PATH}: balances[`))).toBe(true);
        expect(lines.join('\n')).not.toContain('pwned');
      }),
      { numRuns: 150 },
    );
  });

  it('an empty object, PHP empty list or data-wrapped answer; a body that is not an object fails', async () => {
    for (const empty of [{}, [], { data: [] }]) {
      answer = empty;
      expect(await client.subAccountBalances({ id: ID })).toEqual([]);
    }
    answer = { data: { USDC: [{ main: '42', spot: '10', collateral: '14' }] } };
    expect(await client.subAccountBalances({ id: ID })).toEqual([
      { ticker: 'USDC', main: '42', spot: '10', collateral: '14', total: '66' },
    ]);
    answer = 'nope';
    await expect(client.subAccountBalances({ id: ID })).rejects.toMatchObject({
      kind: 'schema',
      message: 'unexpected response: body must be a JSON object',
    });
  });

  it('keeps the precision an amount came with', async () => {
    answer = { BTC: [{ main: '0.10000000', spot: '0', collateral: '1.5' }] };
    expect(await client.subAccountBalances({ id: ID })).toEqual([
      { ticker: 'BTC', main: '0.10000000', spot: '0', collateral: '1.5', total: '1.60000000' },
    ]);
  });

  it('checks the id and ticker before anything is sent', async () => {
    const before = server.requests.length;
    for (const query of [
      { id: 'not-a-uuid' },
      { id: '' },
      { id: ID, ticker: 'BT C' },
      { id: ID, ticker: '\u001b[2J' },
      { id: ID, ticker: 'X'.repeat(17) },
    ]) {
      await expect(client.subAccountBalances(query)).rejects.toMatchObject({ kind: 'validation' });
    }
    expect(server.requests.length).toBe(before);
    answer = {};
    await client.subAccountBalances({ id: ID, ticker: 'usdc' });
    const sent = JSON.parse(server.requests.at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({ id: ID, ticker: 'USDC', request: BALANCES_PATH });
  });
});
