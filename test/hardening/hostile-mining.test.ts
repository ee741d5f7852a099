/**
 * Property: whatever text the Mining Pool operations send (names, URLs, statuses, links, error
 * bodies), `pooltop mining …` prints no escape sequence or control character from it, in text
 * and in `--json`, on success and on failure. Real HTTP on loopback (a purpose-built server),
 * `main()` in-process capturing stdout and stderr.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { type FakeServer, startFakeServer } from '../api/fake-server.js';
import { findLeak, hostileString } from './hostile.js';

const M = '/api/v4/mining';
const NOW_S = Math.floor(Date.now() / 1000);

let server: FakeServer;
/** What each path answers with (the body as sent); `error` replaces every answer. */
let answers: Record<string, unknown>;
let error: { status: number; body: string } | undefined;

beforeAll(async () => {
  server = await startFakeServer();
  for (const path of [
    'accounts',
    'miners/info',
    'hashrate',
    'workers/names',
    'workers/hashrate',
    'rewards',
    'payout-destination',
    'watcher-links/list',
  ]) {
    server.on(`POST ${M}/${path}`, (_req, res) => {
      if (error) res.writeHead(error.status, { 'content-type': 'application/json' }).end(error.body);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[path]));
    });
  }
});
afterAll(() => server.close());

const text = hostileString();

const answersArb = fc
  .record({
    names: fc.array(text, { minLength: 1, maxLength: 3 }),
    url: text,
    status: text,
    amount: fc.oneof(fc.constant('0.00125'), text),
    address: text,
    link: text,
    permission: text,
    message: text,
  })
  .map((h) => ({
    accounts: { data: h.names.map((name) => ({ name, createdAt: NOW_S - 86_400 })), limit: 30, offset: 0 },
    'miners/info': {
      data: {
        fee: h.amount,
        workers: { online: 1, offline: 2, low: 3 },
        stratum: [{ url: h.url, workersCount: 5 }],
      },
    },
    hashrate: {
      data: { account: h.url, hashrate: [{ timestamp: NOW_S - 3600, hashrate: h.amount, rejectRate: 0.01 }] },
    },
    'workers/names': { data: { workers: h.names }, limit: 100, offset: 0 },
    'workers/hashrate': { data: { hashrates: [{ time: NOW_S - 3600, hashrate: '42.1' }] } },
    rewards: {
      offset: 0,
      limit: 30,
      data: [
        {
          miningAccountName: h.names[0],
          payoutDestination: h.status,
          payoutTransactionHash: h.address,
          payoutAddress: h.address,
          payoutTime: null,
          rewardCurrency: h.status,
          totalReward: h.amount,
          reward: '0.001',
          fee: h.amount,
          fppsRate: '0.0000004',
          hashRate: '100',
          date: NOW_S - 86_400,
          status: h.status,
        },
      ],
    },
    'payout-destination': { payoutDestination: h.status, externalAddress: h.address },
    'watcher-links/list': {
      data: [
        {
          id: h.link,
          accounts: h.names,
          name: h.link,
          link: h.link,
          permissions: [h.permission],
          liveUntil: NOW_S + 60,
          createdAt: NOW_S,
        },
      ],
    },
    error: {
      status: 400,
      body: JSON.stringify({ code: 0, message: h.message, errors: { user: [h.message] } }),
    },
  }));

async function run(argv: string[], env: NodeJS.ProcessEnv) {
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

const SUBCOMMANDS = [
  ['info'],
  ['hashrate'],
  ['workers'],
  ['worker', '--worker', 'w1'],
  ['rewards'],
  ['payout'],
  ['links'],
];

describe('pooltop mining prints no hostile text (property)', () => {
  it('every subcommand, text and JSON, success and error; the account list in the "which account" error', async () => {
    await fc.assert(
      fc.asyncProperty(answersArb, async (served) => {
        answers = served;
        error = undefined;
        const env: NodeJS.ProcessEnv = {
          HOME: '/nonexistent',
          WHITEBIT_API_URL: server.url,
          WHITEBIT_API_KEY: 'key-1234567890',
          WHITEBIT_API_SECRET: 'secret-1234567890',
          WHITEBIT_MINING_ACCOUNT: 'main_farm',
        };
        for (const args of [['accounts'], ...SUBCOMMANDS]) {
          for (const json of [[], ['--json']]) {
            const argv = ['mining', ...args, ...json];
            const r = await run(argv, env);
            expect(r.code, `${argv.join(' ')}: ${r.err}`).toBe(0);
            expect(findLeak(r.out), `${argv.join(' ')} stdout`).toBeUndefined();
            expect(r.err).toBe('');
          }
        }
        // No account chosen: one account is used, several are listed (cleaned) in the error.
        const { WHITEBIT_MINING_ACCOUNT: _, ...unchosen } = env;
        const which = await run(['mining', 'payout'], unchosen);
        const named = served.accounts.data.filter((a) => a.name !== '').length;
        expect(which.code).toBe(named === 1 ? 0 : named === 0 ? 1 : 2);
        expect(findLeak(which.out + which.err)).toBeUndefined();
        error = served.error;
        for (const args of SUBCOMMANDS) {
          const r = await run(['mining', ...args], { ...env, DEBUG: 'pooltop' });
          expect(r.code, args.join(' ')).toBe(1);
          expect(r.out).toBe('');
          expect(r.err.startsWith('pooltop: ')).toBe(true);
          expect(findLeak(r.err), `${args.join(' ')} stderr`).toBeUndefined();
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
  });
});
