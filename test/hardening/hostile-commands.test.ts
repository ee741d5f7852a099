/**
 * Property: whatever text a server sends (in data or in error bodies), the one-shot commands'
 * output holds no escape sequence or control character from it: text output is cleaned, and
 * `--json` keeps every value exactly while escaping every control, C1, bidi and separator
 * character as \uXXXX. Real HTTP on loopback (a purpose-built server), `main()` in-process
 * with a CommandIO that captures stdout and stderr. Error bodies use 4xx statuses, which the
 * commands do not retry, so no run waits for a backoff.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolOverviewJson, SubAccountJson, TokenSetJson } from '../../src/api/types.js';
import { main } from '../../src/cli.js';
import { type FakeServer, startFakeServer } from '../api/fake-server.js';
import { accountArb, tokensArb } from './arbitraries.js';
import { findLeak, hostileString } from './hostile.js';

interface Served {
  pool: PoolOverviewJson;
  accounts: SubAccountJson[];
  tokens: TokenSetJson;
  /** When set, every route answers with this instead. */
  error?: { status: number; body: string };
}

let server: FakeServer;
let served: Served;

beforeAll(async () => {
  server = await startFakeServer();
  const reply = (data: () => unknown) => (_req: unknown, res: import('node:http').ServerResponse) => {
    if (served.error) {
      res.writeHead(served.error.status, { 'content-type': 'application/json' }).end(served.error.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data()));
  };
  server.on(
    'GET /api/v4/public/mining-pool',
    reply(() => ({ data: served.pool })),
  );
  server.on(
    'POST /api/v4/sub-account/list',
    reply(() => ({ offset: 0, limit: 30, data: served.accounts })),
  );
  server.on(
    'POST /oauth2/refresh_token',
    reply(() => ({ data: served.tokens })),
  );
});
afterAll(() => server.close());

const NOW_S = Math.floor(Date.now() / 1000);
const poolArb: fc.Arbitrary<PoolOverviewJson> = fc.record({
  connection_links: fc.array(hostileString(), { maxLength: 3 }),
  location: hostileString(),
  assets: fc.array(hostileString(), { maxLength: 3 }),
  reward_schemes: fc.array(hostileString(), { maxLength: 3 }),
  workers: fc.nat(),
  current_hash_rate: fc.constant('184425100325925.9259259259259259'),
  last7days_hash_rate: fc.constant([{ timestamp: NOW_S - 3600, hashrate: '1.5' }]),
  blocks: fc.array(
    fc.record({ block_found_at: fc.integer({ min: 0, max: NOW_S }), block_height: fc.nat() }),
    {
      maxLength: 3,
    },
  ),
});
/** Error bodies in every documented shape (and some undocumented), all text hostile. */
const errorArb = fc
  .tuple(
    fc.constantFrom(400, 401, 403, 404, 409, 418, 422),
    fc.integer({ min: 0, max: 5 }),
    hostileString(),
    hostileString(),
  )
  .map(([status, shape, a, b]) => {
    const bodies = [
      JSON.stringify({ code: 1, message: a, errors: { [b]: [a, b] } }),
      JSON.stringify({ success: false, message: a, params: [b] }),
      JSON.stringify({ data: { token: [a], [b]: b } }),
      JSON.stringify({ error: [a, b] }),
      `${a}<html><title>${b}</title></html>`,
      a,
    ];
    return { status, body: bodies[shape] ?? a };
  });

async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = {
    stdout: (t: string) => (out += t),
    stderr: (t: string) => (err += t),
    env,
    signal: new AbortController().signal,
  };
  const code = await main(argv, io);
  return { code, out, err };
}

function expectClean(what: string, text: string) {
  expect(findLeak(text), what).toBeUndefined();
}

describe('one-shot commands print no hostile text (property)', () => {
  it('pool, accounts, auth refresh and auth status: text and JSON, success and error', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pooltop-hostile-'));
    await fc.assert(
      fc.asyncProperty(
        poolArb,
        fc.array(accountArb, { maxLength: 4 }),
        tokensArb,
        errorArb,
        async (pool, accounts, tokens, error) => {
          served = { pool, accounts, tokens };
          const env: NodeJS.ProcessEnv = {
            HOME: home,
            POOLTOP_STATE_DIR: join(home, 'state'),
            WHITEBIT_API_URL: server.url,
            WHITEBIT_API_KEY: 'key-1234567890',
            WHITEBIT_API_SECRET: 'secret-1234567890',
            WHITEBIT_CLIENT_ID: 'client-1234567890',
            WHITEBIT_CLIENT_SECRET: 'client-secret-1234567890',
            WHITEBIT_REFRESH_TOKEN: 'refresh-1234567890',
          };
          for (const argv of [
            ['pool'],
            ['accounts'],
            ['auth', 'refresh'],
            ['auth', 'status'],
            ['auth', 'status', '--json'],
          ]) {
            const r = await run(argv, env);
            expect(r.code, `${argv.join(' ')}: ${r.err}`).toBe(0);
            expectClean(`${argv.join(' ')} stdout`, r.out);
            expectClean(`${argv.join(' ')} stderr`, r.err);
          }
          // JSON: safe to print, and every value exactly as served.
          const json = async (argv: string[]) => {
            const r = await run(argv, env);
            expect(r.code).toBe(0);
            expectClean(`${argv.join(' ')} stdout`, r.out);
            return JSON.parse(r.out) as { data: unknown };
          };
          const p = (await json(['pool', '--json'])) as unknown as PoolOverviewJson;
          expect([p.location, p.assets, p.reward_schemes, p.connection_links]).toEqual([
            pool.location,
            pool.assets,
            pool.reward_schemes,
            pool.connection_links,
          ]);
          // Every value is kept exactly, a colour that is not #RRGGBB included (it is never drawn).
          expect((await json(['accounts', '--json'])).data).toEqual(accounts);
          expect((await json(['auth', 'refresh', '--json'])).data).toEqual(tokens);
          // Errors: one clean line each, and DEBUG output clean too.
          served.error = error;
          for (const argv of [['pool'], ['accounts'], ['auth', 'refresh']]) {
            const r = await run(argv, { ...env, DEBUG: 'pooltop' });
            expect(r.code, argv.join(' ')).toBe(1);
            expect(r.out).toBe('');
            expect(r.err.startsWith('pooltop: ')).toBe(true);
            expectClean(`${argv.join(' ')} stderr`, r.err);
          }
        },
      ),
      { numRuns: 20, endOnFailure: true },
    );
  });
});
