/**
 * No secret ever reaches stdout, stderr or debug output: every command and every error path
 * runs with DEBUG=pooltop and distinctive secrets (API secret, client secret, refresh token,
 * and the access and refresh tokens the service hands out), and the output is searched for
 * each of them (whole, URL-encoded, and any 12-character piece). Most cases run `main()`
 * in-process (all a command prints goes through its CommandIO); a few run the built binary.
 * The only output allowed to hold tokens is the token set `auth refresh --json` is asked to
 * print. (`serve` prints its own generated credentials on purpose and is left out; the
 * dashboard's terminal output is checked in secrets-dashboard.test.ts.) Checks are booleans,
 * so a failure names the command and the secret's role, never its value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { type ServiceHandle, startService } from '../../src/service/server.js';
import { closedPort, type FakeServer, startFakeServer } from '../api/fake-server.js';
import { cleanEnv, runCli } from '../support/run-cli.js';
import { leaksIn, SECRETS, type SecretSet } from './secret-values.js';

let service: ServiceHandle;
let echo: FakeServer;
let echo64: FakeServer;
beforeAll(async () => {
  service = await startService({ port: 0, accounts: 40, credentials: SECRETS });
  // An echoing proxy: every error quotes the request back (headers and the form with the secrets).
  echo = await startFakeServer();
  const quote: Parameters<FakeServer['on']>[1] = (req, res) =>
    res
      .writeHead(400, { 'content-type': 'text/plain' })
      .end(`bad request ${req.body} ${JSON.stringify(req.headers)}`);
  for (const route of [
    'GET /api/v4/public/mining-pool',
    'POST /api/v4/sub-account/list',
    'POST /oauth2/refresh_token',
  ])
    echo.on(route, quote);
  // One that quotes the request body back in base64.
  echo64 = await startFakeServer();
  echo64.on('POST /oauth2/refresh_token', (req, res) =>
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`bad request ${req.raw.toString('base64')}`),
  );
});
afterAll(async () => {
  await service.close();
  await echo.close();
  await echo64.close();
});

function env(over: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    DEBUG: 'pooltop',
    WHITEBIT_API_URL: service.baseUrl,
    WHITEBIT_API_KEY: SECRETS.apiKey,
    WHITEBIT_API_SECRET: SECRETS.apiSecret,
    WHITEBIT_CLIENT_ID: SECRETS.clientId,
    WHITEBIT_CLIENT_SECRET: SECRETS.clientSecret,
    WHITEBIT_REFRESH_TOKEN: SECRETS.refreshToken,
    ...over,
  });
}

type Case = [name: string, args: string[], env: NodeJS.ProcessEnv];

/**
 * Cases run in-process through `main()` (everything a command prints goes through its
 * CommandIO), except these, which run the built binary to cover the real process as well.
 */
const SPAWNED = new Set([
  'accounts',
  'wrong api secret',
  'echoing proxy: auth refresh',
  'base64-echoing proxy: auth refresh',
  'token pasted as an argument',
]);

async function inProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    env,
    signal: new AbortController().signal,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

async function runAll(
  cases: Case[],
  secrets: SecretSet,
): Promise<{ leaks: string[]; codes: Record<string, number | null> }> {
  const results = await Promise.all(
    cases.map(async ([name, args, e]) => ({
      name,
      r: SPAWNED.has(name) ? await runCli(args, e) : await inProcess(args, e),
    })),
  );
  const leaks: string[] = [];
  const codes: Record<string, number | null> = {};
  for (const { name, r } of results) {
    codes[name] = r.code;
    leaks.push(
      ...leaksIn(`${name} stdout`, r.stdout, secrets),
      ...leaksIn(`${name} stderr`, r.stderr, secrets),
    );
  }
  return { leaks, codes };
}

describe('secrets stay out of every output', () => {
  it('every command and error path, with DEBUG=pooltop', async () => {
    const home = env().HOME ?? '';
    const shared = env({ HOME: home, XDG_STATE_HOME: join(home, '.state') });
    const dead = await closedPort();
    const down = { WHITEBIT_API_URL: `http://127.0.0.1:${dead}` };
    // First, the commands that do not spend the refresh token, and every failure.
    const first = await runAll(
      [
        ['pool', ['pool'], env()],
        ['pool --json', ['pool', '--json'], env()],
        ['accounts', ['accounts'], env()],
        ['accounts --json', ['accounts', '--json', '--limit', '5'], env()],
        ['auth status (empty)', ['auth', 'status'], shared],
        ['auth status --json (empty)', ['auth', 'status', '--json'], shared],
        ['wrong api secret', ['accounts'], env({ WHITEBIT_API_SECRET: `${SECRETS.apiSecret}-wrong` })],
        [
          'wrong client secret',
          ['auth', 'refresh'],
          env({ WHITEBIT_CLIENT_SECRET: `${SECRETS.clientSecret}-wrong` }),
        ],
        [
          'dead refresh token',
          ['auth', 'refresh'],
          env({ WHITEBIT_REFRESH_TOKEN: `${SECRETS.refreshToken}-dead` }),
        ],
        ['network down: pool', ['pool'], env(down)],
        ['network down: accounts', ['accounts'], env(down)],
        ['network down: auth refresh', ['auth', 'refresh'], env(down)],
        ['echoing proxy: accounts', ['accounts'], env({ WHITEBIT_API_URL: echo.url })],
        ['echoing proxy: auth refresh', ['auth', 'refresh'], env({ WHITEBIT_API_URL: echo.url })],
        ['base64-echoing proxy: auth refresh', ['auth', 'refresh'], env({ WHITEBIT_API_URL: echo64.url })],
        [
          'secrets as flags',
          ['pool', '--api-secret', SECRETS.apiSecret, '--client-secret', SECRETS.clientSecret],
          env(),
        ],
        ['bad flag with a secret', ['pool', `--bogus=${SECRETS.apiSecret}`], env()],
        ['token pasted as an argument', ['auth', 'refresh', SECRETS.refreshToken], env()],
        ['secret as a command', [SECRETS.apiSecret], env()],
        ['secret as an auth command', ['auth', SECRETS.clientSecret], env()],
        ['secret as a number', ['accounts', '--limit', SECRETS.apiSecret], env()],
        ['secret as a missing value', ['accounts', '--api-secret'], env()],
      ],
      SECRETS,
    );
    expect(first.leaks).toEqual([]);
    expect(first.codes.pool).toBe(0);
    expect(first.codes['accounts --json']).toBe(0);
    for (const name of [
      'wrong api secret',
      'dead refresh token',
      'network down: auth refresh',
      'echoing proxy: auth refresh',
      'base64-echoing proxy: auth refresh',
    ]) {
      expect(first.codes[name], name).toBe(1);
    }
    expect(first.codes['token pasted as an argument']).toBe(2);

    // Then the refresh chain: text output masks tokens; --json prints them (the one exception).
    const refreshed = await inProcess(['auth', 'refresh'], shared);
    expect(refreshed.code).toBe(0);
    const store = JSON.parse(
      readFileSync(join(home, '.state', 'pooltop', 'tokens-default.json'), 'utf8'),
    ) as {
      entries: Record<string, { tokens: { access_token: string; refresh_token: string } }>;
    };
    const issued = Object.values(store.entries)[0]?.tokens;
    expect(issued).toBeDefined();
    const all: SecretSet = {
      ...SECRETS,
      accessToken: issued?.access_token ?? '',
      issuedRefreshToken: issued?.refresh_token ?? '',
    };
    expect(leaksIn('auth refresh stdout', refreshed.stdout, all)).toEqual([]);
    expect(leaksIn('auth refresh stderr', refreshed.stderr, all)).toEqual([]);
    const after = await runAll(
      [
        ['auth status', ['auth', 'status'], shared],
        ['auth status --json', ['auth', 'status', '--json'], shared],
      ],
      all,
    );
    expect(after.leaks).toEqual([]);
    const printed = await runCli(['auth', 'refresh', '--json'], shared);
    expect(printed.code).toBe(0);
    const tokens = (JSON.parse(printed.stdout) as { data: { access_token: string } }).data;
    expect(tokens.access_token.length).toBeGreaterThan(8);
    expect(leaksIn('auth refresh --json stderr', printed.stderr, all)).toEqual([]);
    expect(leaksIn('auth refresh --json stdout', printed.stdout, SECRETS)).toEqual([]);
  }, 60_000);
});
