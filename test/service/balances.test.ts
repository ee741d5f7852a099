/**
 * The embedded service's `POST /api/v4/sub-account/balances` over real HTTP, signed here from the
 * vendor's documentation (helpers.ts), independently of src/api: deterministic answers from the
 * seed with the currencies' precision, empty accounts, the ticker filter, the documented errors,
 * the signing and nonce rules, the rate limit per key, and `--sparse`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { CURRENCIES } from '../../src/service/balance-model.js';
import type { ServiceHandle } from '../../src/service/server.js';
import { type Account, makeClock, postSignedText, type Reply, Signer, start } from './helpers.js';

const PATH = '/api/v4/sub-account/balances';
type Answer = Record<string, { main?: unknown; spot?: unknown; collateral?: unknown }[]>;

/** Nonces are per key across every route: one counter for every signer here, above the list signers'. */
let lastNonce = 1_000_000;

/** Signs balances requests with a strictly increasing nonce (no nonceWindow). */
class BalanceSigner {
  constructor(readonly svc: ServiceHandle) {}
  get nonce(): number {
    return lastNonce;
  }
  body(fields: Record<string, unknown>): string {
    lastNonce += 1;
    return JSON.stringify({ ...fields, request: PATH, nonce: lastNonce });
  }
  post(fields: Record<string, unknown>, headers?: Record<string, string | undefined>): Promise<Reply> {
    return postSignedText(this.svc, this.body(fields), { path: PATH, headers });
  }
  async answer(fields: Record<string, unknown>): Promise<Answer> {
    const r = await this.post(fields);
    if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${r.text}`);
    return r.json as Answer;
  }
}

async function everyAccount(svc: ServiceHandle): Promise<Account[]> {
  const signer = new Signer(svc);
  const out: Account[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await signer.page({ limit: 100, offset });
    out.push(...page.data);
    if (page.data.length < 100) return out;
  }
}

const services: ServiceHandle[] = [];
let svc: ServiceHandle;
let accounts: Account[];
let answers: Answer[];
beforeAll(async () => {
  svc = (await start({ accounts: 300, seed: 5 })).svc;
  services.push(svc);
  accounts = await everyAccount(svc);
  const signer = new BalanceSigner(svc);
  answers = [];
  for (const a of accounts) answers.push(await signer.answer({ id: a.id }));
});
afterAll(() => Promise.all(services.map((s) => s.close())));

const PRECISION = new Map(CURRENCIES.map((c) => [c.ticker, c.precision]));
const MAJORS = CURRENCIES.filter((c) => c.major).map((c) => c.ticker);

describe('sub-account balances (embedded service)', () => {
  it('answers every account: tickers to a list of one {main, spot, collateral} of decimal strings', () => {
    let empty = 0;
    let entries = 0;
    let someZero = 0;
    for (const answer of answers) {
      const tickers = Object.keys(answer);
      if (tickers.length === 0) {
        empty++;
        continue;
      }
      expect(tickers.slice(0, 4)).toEqual(MAJORS);
      for (const [ticker, list] of Object.entries(answer)) {
        entries++;
        expect(list).toHaveLength(1);
        const item = list[0] ?? {};
        expect(Object.keys(item)).toEqual(['main', 'spot', 'collateral']);
        const places = [item.main, item.spot, item.collateral] as string[];
        const digits = PRECISION.get(ticker) ?? -1;
        for (const value of places) {
          // Zero is "0"; anything else has exactly the currency's fractional digits.
          if (value !== '0') expect(value).toMatch(new RegExp(`^\\d+\\.\\d{${digits}}$`));
        }
        if (places.includes('0')) someZero++;
      }
    }
    expect(empty).toBeGreaterThan(10);
    expect(empty).toBeLessThan(answers.length / 3);
    expect(someZero / entries).toBeGreaterThan(0.6);
    // Some non-major currencies appear, not on every account.
    const minors = answers.filter((a) => Object.keys(a).some((t) => !MAJORS.includes(t))).length;
    expect(minors).toBeGreaterThan(0);
    expect(minors).toBeLessThan(answers.length);
  });

  it('is deterministic from the seed, and another seed gives other amounts', async () => {
    const again = (await start({ accounts: 300, seed: 5 })).svc;
    const other = (await start({ accounts: 300, seed: 6 })).svc;
    services.push(again, other);
    const same = new BalanceSigner(again);
    for (const i of [0, 7, 150, 299]) {
      expect(await same.answer({ id: accounts[i]?.id })).toEqual(answers[i]);
    }
    const otherAccounts = await everyAccount(other);
    const diff = new BalanceSigner(other);
    const otherAnswers = await Promise.all(otherAccounts.slice(0, 20).map((a) => diff.answer({ id: a.id })));
    expect(otherAnswers).not.toEqual(answers.slice(0, 20));
  });

  it('filters by ticker: that currency only, zeros when it is not held', async () => {
    const signer = new BalanceSigner(svc);
    const holder = answers.findIndex((a) => 'WBT' in a);
    const nonHolder = answers.findIndex((a) => Object.keys(a).length > 0 && !('WBT' in a));
    const empty = answers.findIndex((a) => Object.keys(a).length === 0);
    expect(await signer.answer({ id: accounts[holder]?.id, ticker: 'WBT' })).toEqual({
      WBT: answers[holder]?.WBT,
    });
    const zeros = { main: '0', spot: '0', collateral: '0' };
    expect(await signer.answer({ id: accounts[nonHolder]?.id, ticker: 'WBT' })).toEqual({ WBT: [zeros] });
    expect(await signer.answer({ id: accounts[empty]?.id, ticker: 'BTC' })).toEqual({ BTC: [zeros] });
    expect(await signer.answer({ id: accounts[holder]?.id, ticker: 'BTC' })).toEqual({
      BTC: answers[holder]?.BTC,
    });
  });

  it('answers a missing, malformed or foreign id and an unknown ticker with 422 Validation failed', async () => {
    const signer = new BalanceSigner(svc);
    const id = accounts[0]?.id;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { id: ['The id field is required.'] }],
      [{ id: 'not-a-uuid' }, { id: ['The id must be a valid UUID.'] }],
      [{ id: 42 }, { id: ['The id must be a valid UUID.'] }],
      [{ id: '00000000-0000-4000-8000-000000000000' }, { id: ['The selected id is invalid.'] }],
      [{ id, ticker: 'NOPE' }, { ticker: ['The selected ticker is invalid.'] }],
      [{ id, ticker: 7 }, { ticker: ['The ticker must be a string.'] }],
    ];
    for (const [fields, errors] of cases) {
      const r = await signer.post(fields);
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.json).toEqual({ code: 0, message: 'Validation failed', errors });
    }
  });

  it('keeps the signing and nonce rules of the other signed routes', async () => {
    const signer = new BalanceSigner(svc);
    const id = accounts[0]?.id;
    const bad = await signer.post({ id }, { 'x-txc-signature': '00'.repeat(64) });
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ message: 'Unauthorized request.' });
    const body = signer.body({ id });
    expect((await postSignedText(svc, body, { path: PATH })).status).toBe(200);
    const replay = await postSignedText(svc, body, { path: PATH });
    expect(replay.json).toMatchObject({ message: 'Too many requests.' });
    // A body signed for the list is refused here.
    const list = JSON.stringify({ id, request: '/api/v4/sub-account/list', nonce: signer.nonce + 10 });
    expect((await postSignedText(svc, list, { path: PATH })).status).toBe(401);
  });

  it('limits 1000 requests / 10 s per key, apart from the list', async () => {
    const clock = makeClock();
    const own = (await start({ accounts: 5, seed: 5 }, clock)).svc;
    services.push(own);
    const [first] = await everyAccount(own);
    const signer = new BalanceSigner(own);
    // The list used one request of its own limit above; the balances limit is separate.
    for (let i = 0; i < 1000; i++) expect((await signer.post({ id: first?.id })).status).toBe(200);
    const over = await signer.post({ id: first?.id });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    const lister = new Signer(own);
    lister.nonce = lastNonce;
    lastNonce += 10;
    expect((await lister.list({ limit: 1 })).status).toBe(200);
    clock.advance(10_001);
    expect((await signer.post({ id: first?.id })).status).toBe(200);
  });

  it('--sparse: amounts missing, null or numbers, some entries split in two; the client reads them all', async () => {
    // The client signs with the real clock (nonceWindow): the service checks against it.
    const sparse = (await start({ accounts: 300, seed: 5, sparse: true, nonceNow: Date.now })).svc;
    services.push(sparse);
    const signer = new BalanceSigner(sparse);
    const seen = { missing: 0, null: 0, number: 0, split: 0 };
    const client = createClient({
      baseUrl: sparse.baseUrl,
      apiKey: sparse.credentials.apiKey,
      apiSecret: sparse.credentials.apiSecret,
      retries: 0,
    });
    const sparseAnswers: Answer[] = [];
    for (const a of accounts) sparseAnswers.push(await signer.answer({ id: a.id }));
    try {
      for (const [i, a] of accounts.entries()) {
        const answer = sparseAnswers[i] ?? {};
        expect(Object.keys(answer)).toEqual(Object.keys(answers[i] ?? {}));
        for (const list of Object.values(answer)) {
          if (list.length === 2) {
            seen.split++;
            expect(list[1]).toEqual({ main: '0', spot: '0', collateral: '0' });
          }
          for (const place of ['main', 'spot', 'collateral'] as const) {
            const item = list[0] ?? {};
            if (!(place in item)) seen.missing++;
            else if (item[place] === null) seen.null++;
            else if (typeof item[place] === 'number') seen.number++;
          }
        }
        const rows = await client.subAccountBalances({ id: a.id });
        expect(rows.map((r) => r.ticker)).toEqual(Object.keys(answer));
      }
    } finally {
      await client.close();
    }
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(0);
  });
});
