/**
 * The parsing policy as a property for the eight Mining Pool answers, through the client against
 * real HTTP: take a valid answer, remove or null any of its optional fields, or send a number as
 * a string (a decimal string as a number), and the call still succeeds, keeps every item, reads
 * a removed or nulled field as the mining models do (null; an empty list; an object of nulls),
 * reads a retyped one as before, and reports each removal and null to the client's sink.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { MINING_PATHS, type MiningApi } from '../../src/api/mining-types.js';
import type { ApiClient } from '../../src/api/types.js';
import {
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
/** What the client reported, as `POST /path: field problem`. */
let lines: string[] = [];

beforeAll(async () => {
  server = await startFakeServer();
  for (const path of Object.values(MINING_PATHS)) {
    server.on(`POST ${path}`, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  }
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

const T = 1709290000;
const series = (point: (i: number) => Json) => [1, 2, 3].map(point);

interface Case {
  path: string;
  base: Json;
  call: (mining: MiningApi) => Promise<unknown>;
  /** What the answer means nothing without (its list items are never removed either). */
  required: (p: Path) => boolean;
  /** Where a field of the answer is in the model; undefined: not there (the paging echo falls back to the request's). */
  model: (p: Path) => Path | undefined;
}

const account = { account: 'main_farm' };
const inData = (p: Path) => (p[0] === 'data' ? p.slice(1) : undefined);
const inItems = (p: Path) => (p[0] === 'data' ? ['items', ...p.slice(1)] : undefined);
const justData = (p: Path) => p.length === 1 && p[0] === 'data';

const CASES: Record<string, Case> = {
  accounts: {
    path: MINING_PATHS.accounts,
    base: {
      data: [
        { name: 'main_farm', createdAt: T },
        { name: 'hosting_kz', createdAt: T - 86_400 },
      ],
      limit: 30,
      offset: 0,
    },
    call: (m) => m.accounts(),
    required: (p) => justData(p) || p[2] === 'name',
    model: inItems,
  },
  'miners/info': {
    path: MINING_PATHS.minerInfo,
    base: {
      data: {
        fee: 2.5,
        workers: { online: 38, offline: 1, low: 1 },
        stratum: [
          { url: 'stratum+tcp://eu1.example:3333', workersCount: 19 },
          { url: 'stratum+tcp://us1.example:3333', workersCount: 21 },
        ],
      },
    },
    call: (m) => m.minerInfo(account),
    required: justData,
    model: inData,
  },
  hashrate: {
    path: MINING_PATHS.hashrate,
    base: {
      data: {
        account: 'main_farm',
        hashrate: series((i) => ({
          timestamp: T + i * 3600,
          hashrate: `18442510032${i}.5`,
          rejectRate: 0.01,
        })),
      },
    },
    call: (m) => m.hashrate(account),
    required: (p) => justData(p) || p[3] === 'timestamp',
    model: inData,
  },
  'workers/hashrate': {
    path: MINING_PATHS.workerHashrate,
    base: { data: { hashrates: series((i) => ({ time: T + i * 3600, hashrate: `42.${i}` })) } },
    call: (m) => m.workerHashrate({ ...account, worker: 'asic-001' }),
    required: (p) => justData(p) || p[3] === 'time',
    model: (p) => (p[1] === 'hashrates' ? ['hashrate', ...p.slice(2)] : undefined),
  },
  'workers/names': {
    path: MINING_PATHS.workerNames,
    base: { data: { workers: ['asic-001', 'asic-002', 'asic-003'] }, limit: 100, offset: 0 },
    call: (m) => m.workerNames(account),
    required: justData,
    model: (p) => (p[1] === 'workers' ? ['items'] : undefined),
  },
  rewards: {
    path: MINING_PATHS.rewards,
    base: {
      offset: 0,
      limit: 30,
      data: [0, 1].map((i) => ({
        miningAccountName: 'main_farm',
        payoutDestination: 'external_address',
        payoutTransactionHash: `9f${i}c`,
        payoutAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        payoutTime: T + 90_000 - i * 86_400,
        rewardCurrency: 'BTC',
        totalReward: '0.00125',
        reward: '0.0012',
        fee: '0.00005',
        fppsRate: '0.000004',
        hashRate: '184425100325925',
        date: T - i * 86_400,
        status: 'successful',
      })),
    },
    call: (m) => m.rewards(),
    required: justData,
    model: inItems,
  },
  'payout-destination': {
    path: MINING_PATHS.payoutDestination,
    base: {
      payoutDestination: 'external_address',
      externalAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    },
    call: (m) => m.payoutDestination(account),
    required: () => false,
    model: (p) => p,
  },
  'watcher-links/list': {
    path: MINING_PATHS.watcherLinks,
    base: {
      data: [
        {
          id: '3047be14',
          accounts: ['main_farm', 'hosting_kz'],
          name: 'monitoring_link',
          link: 'https://whitebit.test/mining-pool/watcher-link/3047be14',
          permissions: ['dashboard', 'workers'],
          liveUntil: T + 86_400,
          createdAt: T,
        },
      ],
    },
    call: (m) => m.watcherLinks(account),
    required: justData,
    model: inData,
  },
};

/** How the mining models read a removed or nulled field that held `was`. */
function emptied(was: unknown): unknown {
  if (Array.isArray(was)) return [];
  if (was !== null && typeof was === 'object')
    return Object.fromEntries(Object.keys(was).map((k) => [k, null]));
  return null;
}

function setAt(value: unknown, path: Path, to: unknown): void {
  const parent = getAt(value, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = to;
}

/** `data[0].name`: a path as the policy reports it. */
const reported = (path: Path) =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');

describe('removing, nulling or retyping optional fields of a mining answer never fails it', () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      answer = c.base;
      const before = await c.call(client.mining);
      const paths = optionalPaths(c.base, c.required);
      await fc.assert(
        fc.asyncProperty(mutationsOf(c.base, paths), async (mutations) => {
          const { body, applied } = mutate(c.base, mutations);
          answer = body;
          lines = [];
          const got = await c.call(client.mining);
          const expected = structuredClone(before);
          for (const [path, action] of applied) {
            const at = c.model(path);
            if (at && action !== 'other-form') setAt(expected, at, emptied(getAt(before, at)));
            if (action !== 'other-form') {
              const problem = action === 'drop' ? 'is missing' : 'is null';
              expect(lines).toContain(`POST ${c.path}: ${reported(path)} ${problem}`);
            }
          }
          // Every item kept, every field read as before but those removed or nulled.
          expect(got).toEqual(expected);
        }),
        { numRuns: 40 },
      );
    });
  }
});
