/**
 * The parsing policy as a property, through the client against real HTTP: take a valid answer
 * of each operation (the pool overview in each of its three shapes, a sub-account page, a token
 * set), remove or null any of its optional fields, or send a number as a string (a decimal
 * string as a number), and the call still succeeds, keeps every item, and keeps a removed field
 * missing and a nulled one null.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { type PoolShape, shapeOverview } from '../../src/service/pool-shape.js';
import {
  type Action,
  getAt,
  type Json,
  mutate,
  mutationsOf,
  optionalPaths,
  type Path,
} from '../support/policy-mutations.js';
import { type FakeServer, startFakeServer } from './fake-server.js';

let server: FakeServer;
let client: ApiClient;
/** The answer the server sends next (one request per property run). */
let answer: unknown;

beforeAll(async () => {
  server = await startFakeServer();
  const reply = (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  };
  server.on('GET /api/v4/public/mining-pool', reply);
  server.on('POST /api/v4/sub-account/list', reply);
  server.on('POST /oauth2/refresh_token', reply);
  client = createClient({ baseUrl: server.url, apiKey: 'key', apiSecret: 'secret', retries: 0 });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const overview = (): Json => ({
  connection_links: ['stratum+tcp://eu1.example:3333', 'stratum+tcp://us1.example:3333'],
  location: 'global',
  assets: ['BTC'],
  reward_schemes: ['FPPS'],
  workers: 1846,
  current_hash_rate: '184425100325925.9259259259259259',
  last7days_hash_rate: [1, 2, 3].map((i) => ({ timestamp: 1732579200 + i * 3600, hashrate: `${i}00.5` })),
  blocks: [3, 2, 1].map((i) => ({ block_found_at: 1715339355 + i * 60, block_height: 18329 + i })),
});

const account = (i: number): Json => ({
  id: `8e667b4a-0b71-4988-8af5-9474dbfaeb5${i}`,
  alias: `bot-${i}`,
  userId: `u-${12345 + i}`,
  email: 's***@example.com',
  status: i === 2 ? 'hibernating' : 'active',
  color: '#FF5733',
  kyc: { shareKyc: false, kycStatus: 'verified' },
  permissions: { spotEnabled: true, collateralEnabled: false },
});

const page = (): Json => ({ offset: 0, limit: 30, data: [0, 1, 2, 3].map(account) });

const tokenSet = (): Json => ({
  data: {
    access_token: 'ACCESS-TOKEN-0000000000000000000000000000000000',
    expires_in: 300,
    refresh_token: 'REFRESH-TOKEN-111111111111111111111111111111111',
    scope: 'codes.apply,show.userinfo',
    token_type: 'Bearer',
  },
});

/** The answer for a (snake_case) overview in one of the three shapes, as the service sends it. */
const shaped = (data: Json, shape: PoolShape): Json => ({ data: shapeOverview(data, shape) });

/**
 * What a top-level field (of the overview, an account, a page or a token set) must look like
 * after the policy: a removed one missing, a nulled one null, one in its other form read back.
 */
function expectField(out: unknown, original: unknown, action: Action, where: string): void {
  const [present, value] = out as [boolean, unknown];
  if (action === 'drop') expect(present, where).toBe(false);
  else if (action === 'null') expect(value, where).toBeNull();
  else if (typeof original === 'string' && /^\d+\.\d+$/.test(original))
    expect(Number(value), where).toBe(Number(original));
  else expect(value, where).toEqual(original);
}

const entry = (o: unknown, key: string | number): [boolean, unknown] => {
  const record = o as Record<string | number, unknown>;
  return [record !== null && typeof record === 'object' && key in record, record?.[key]];
};

describe('removing, nulling or retyping optional fields never fails an answer', () => {
  for (const shape of ['snake', 'camel', 'camel-array'] as const) {
    it(`pool overview, ${shape}`, async () => {
      const base = overview();
      const paths = optionalPaths(base, () => false);
      await fc.assert(
        fc.asyncProperty(mutationsOf(base, paths), async (mutations) => {
          const { body, applied } = mutate(base, mutations);
          answer = shaped(body, shape);
          const pool = (await client.getMiningPool()).received;
          // Every item kept: lists that were not themselves removed or nulled keep their length.
          for (const list of ['last7days_hash_rate', 'blocks', 'connection_links', 'assets'] as const) {
            const sent = body[list];
            if (Array.isArray(sent)) expect(pool[list]?.length, list).toBe(sent.length);
          }
          for (const [path, action] of applied.filter(([p]) => p.length === 1)) {
            expectField(entry(pool, path[0] as string), base[path[0] as string], action, String(path[0]));
          }
          // Inside the lists: as many fields removed and nulled as were sent so.
          for (const list of ['last7days_hash_rate', 'blocks'] as const) {
            const sent = body[list];
            if (!Array.isArray(sent)) continue;
            const count = (items: unknown[], test: (v: [boolean, unknown]) => boolean) =>
              items
                .flatMap((item) =>
                  Object.keys((base[list] as Json[])[0] ?? {}).map((k) => test(entry(item, k))),
                )
                .filter(Boolean).length;
            const got = (pool[list] ?? []) as unknown[];
            expect(
              count(got, ([p]) => !p),
              `${list}: missing`,
            ).toBe(count(sent, ([p]) => !p));
            expect(
              count(got, ([p, v]) => p && v === null),
              `${list}: null`,
            ).toBe(count(sent, ([p, v]) => p && v === null));
          }
          expect(JSON.parse(JSON.stringify(pool))).toEqual(pool);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('sub-account page', async () => {
    const base = page();
    const paths = optionalPaths(
      base,
      (p) => p[0] === 'data' && (p.length === 1 || p.length === 2 || p[2] === 'id'),
    );
    await fc.assert(
      fc.asyncProperty(mutationsOf(base, paths), async (mutations) => {
        const { body, applied } = mutate(base, mutations);
        answer = body;
        const result = await client.listSubAccounts({ limit: 30 });
        expect(result.data).toHaveLength(4);
        expect(result.data.map((a) => a.id)).toEqual((base.data as Json[]).map((a) => a.id));
        // Rows as read (a missing field missing, a null one null); the page's bounds in the
        // model, where missing is null too.
        const asRead = { ...result, data: result.data.map((a) => a.received) };
        for (const [path, action] of applied) {
          const at = getAt(asRead, path.slice(0, -1));
          const key = path[path.length - 1] as string;
          const expected = path.length === 1 && action === 'drop' ? 'null' : action;
          expectField(entry(at, key), getAt(base, path), expected, path.join('.'));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('token set', async () => {
    const base = tokenSet();
    const required = (p: Path) => p.length < 2 || p[1] === 'access_token' || p[1] === 'refresh_token';
    const paths = optionalPaths(base, required);
    await fc.assert(
      fc.asyncProperty(mutationsOf(base, paths), async (mutations) => {
        const { body, applied } = mutate(base, mutations);
        answer = body;
        const tokens = await client.refreshToken({ clientId: 'c', clientSecret: 's', refreshToken: 'old' });
        expect(tokens.refreshToken).toBe((base.data as Json).refresh_token);
        for (const [path, action] of applied) {
          expectField(entry(tokens.received, path[1] as string), getAt(base, path), action, path.join('.'));
        }
      }),
      { numRuns: 40 },
    );
  });
});
