import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ClientOptions, createClient } from '../../src/api/client.js';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import type { ApiClient } from '../../src/api/types.js';
import {
  closedPort,
  type FakeServer,
  type Handler,
  json,
  recordingSleep,
  reset,
  startFakeServer,
  text,
} from './fake-server.js';
import { subAccountModel, tokenSetModel } from '../../src/api/schemas.js';

const API_KEY = 'test-api-key-0001';
const API_SECRET = 'test-api-secret-do-not-leak';
const CLIENT_SECRET = 'client-secret-do-not-leak';
const REFRESH_TOKEN = 'refresh-token-do-not-leak';
const LIST = 'POST /api/v4/sub-account/list';
const POOL = 'GET /api/v4/public/mining-pool';
const REFRESH = 'POST /oauth2/refresh_token';

const pool = {
  connection_links: ['stratum+tcp://1.1.1.1:80'],
  location: 'global',
  assets: ['BTC'],
  reward_schemes: ['FPPS'],
  workers: 3,
  current_hash_rate: '1.5',
  last7days_hash_rate: [{ timestamp: 1732579200, hashrate: '2' }],
  blocks: [{ block_found_at: 1715339355, block_height: 18329 }],
};
const account = {
  id: '8e667b4a-0b71-4988-8af5-9474dbfaeb51',
  alias: 'trading_bot',
  userId: 'u-12345',
  email: 's***@example.com',
  status: 'active',
  color: '#FF5733',
  kyc: { shareKyc: false, kycStatus: 'verified' },
  permissions: { spotEnabled: true, collateralEnabled: false },
};
const tokens = {
  access_token: 'new-access',
  expires_in: 300,
  refresh_token: 'new-refresh',
  scope: 'codes.apply,show.userinfo',
  token_type: 'Bearer',
};
const refreshParams = { clientId: 'app-1', clientSecret: CLIENT_SECRET, refreshToken: REFRESH_TOKEN };

/** Checks the signature like the server would; answers with a page echoing limit and offset. */
const verifiedList: Handler = (req, res) => {
  const payload = String(req.headers['x-txc-payload']);
  const expected = createHmac('sha512', API_SECRET).update(payload).digest('hex');
  const ok =
    req.headers['x-txc-apikey'] === API_KEY &&
    req.headers['x-txc-signature'] === expected &&
    Buffer.from(payload, 'base64').equals(req.raw);
  if (!ok) return json(401, { code: 0, message: 'Unauthorized request.' })(req, res);
  const body = JSON.parse(req.body) as { limit: number; offset: number };
  json(200, { offset: body.offset, limit: body.limit, data: [account] })(req, res);
};

let server: FakeServer;
let clients: ApiClient[] = [];
let sleeper: ReturnType<typeof recordingSleep>;

beforeEach(async () => {
  server = await startFakeServer();
  sleeper = recordingSleep();
});
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
  await server.close();
});

function client(options: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    sleep: sleeper.sleep,
    random: () => 0,
    ...options,
  });
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<PooltopError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PooltopError);
  const e = err as PooltopError;
  for (const secret of [API_SECRET, CLIENT_SECRET, REFRESH_TOKEN]) {
    expect(`${e.message}\n${e.detail ?? ''}\n${JSON.stringify(e.fields ?? {})}`).not.toContain(secret);
  }
  return e;
}

describe('createClient', () => {
  it('refuses plain http to a remote host and bad options', () => {
    expect(() =>
      createClient({ baseUrl: 'http://whitebit.com', apiKey: API_KEY, apiSecret: API_SECRET }),
    ).toThrow(/plain http is only allowed for loopback hosts/);
    expect(() => createClient({ baseUrl: server.url, retries: -1 })).toThrow(PooltopError);
    expect(createClient({ baseUrl: 'https://whitebit.com/' }).baseUrl).toBe('https://whitebit.com');
  });
});

describe('getMiningPool', () => {
  it('fetches, validates and normalises the overview', async () => {
    server.on(POOL, json(200, { data: { ...pool, extra: true } }));
    const overview = await client().getMiningPool();
    expect(overview.received).toEqual(pool);
    expect(server.requests[0]!.headers['x-txc-apikey']).toBeUndefined();
  });

  it('retries 503 maintenance and 429 rate limits with backoff, then succeeds', async () => {
    server.on(
      POOL,
      text(503, '<html><body>maintenance</body></html>', { 'content-type': 'text/html' }),
      text(429, 'Too Many Requests', { 'retry-after': '4' }),
      json(200, { data: pool }),
    );
    expect((await client().getMiningPool()).received).toEqual(pool);
    expect(server.requests).toHaveLength(3);
    expect(sleeper.waits).toEqual([500, 4000]);
  });

  it('gives up after `retries` and reports the last failure; schema errors are not retried', async () => {
    server.on(POOL, json(500, { error: ['Internal server error.'] }));
    const err = await failure(client({ retries: 2 }).getMiningPool());
    expect(err.message).toBe('server error (HTTP 500): Internal server error.');
    expect(server.requests).toHaveLength(3);

    server.on(POOL, json(200, { success: true }));
    const bad = await failure(client().getMiningPool());
    expect(bad.kind).toBe('schema');
    expect(bad.message).toBe('unexpected response: data is missing');
    expect(server.requests).toHaveLength(4);
  });
});

describe('listSubAccounts', () => {
  it('sends a correctly signed request with defaults and validates the page', async () => {
    server.on(LIST, verifiedList);
    const page = await client().listSubAccounts({ search: 'bot' });
    expect(page).toEqual({ offset: 0, limit: 30, data: [subAccountModel(account)] });
    const sent = JSON.parse(server.requests[0]!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      search: 'bot',
      limit: 30,
      offset: 0,
      request: '/api/v4/sub-account/list',
      nonceWindow: true,
    });
    expect(typeof sent.nonce).toBe('number');
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('checks bounds and credentials before sending anything', async () => {
    server.on(LIST, verifiedList);
    const c = client();
    for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { offset: -1 }, { offset: 10001 }]) {
      const err = await failure(c.listSubAccounts(query));
      expect(err.kind).toBe('validation');
      expect(Object.keys(err.fields ?? {})).toEqual(Object.keys(query));
    }
    const both = await failure(c.listSubAccounts({ limit: Number.NaN, offset: 1e6 }));
    expect(both.message).toBe(
      'invalid sub-account query: limit must be an integer from 1 to 100; offset must be an integer from 0 to 10000',
    );
    const noKeys = await failure(client({ apiKey: undefined, apiSecret: '' }).listSubAccounts());
    expect(noKeys.kind).toBe('config');
    expect(noKeys.message).toMatch(
      /^API key and secret are required for sub-accounts: missing API key and API secret/,
    );
    expect(server.requests).toHaveLength(0);
    await expect(c.listSubAccounts({ limit: 100, offset: 10000 })).resolves.toMatchObject({ limit: 100 });
  });

  it('retries a nonce rejection once with a fresh, larger nonce', async () => {
    server.on(LIST, json(429, { code: 0, message: 'Too many requests.' }), verifiedList);
    await expect(client().listSubAccounts()).resolves.toMatchObject({ data: [subAccountModel(account)] });
    const nonces = server.requests.map((r) => (JSON.parse(r.body) as { nonce: number }).nonce);
    expect(nonces).toHaveLength(2);
    expect(nonces[1]).toBeGreaterThan(nonces[0]!);
    expect(sleeper.waits).toEqual([]);

    server.on(LIST, json(429, { code: 0, message: 'Too many requests.' }));
    const err = await failure(client().listSubAccounts());
    expect(err.kind).toBe('auth');
    expect(err.reason).toBe('nonce');
    expect(server.requests).toHaveLength(4);
  });

  it('signs afresh once when the nonce arrived outside the window; a clock truly off is reported', async () => {
    const skew = json(400, {
      code: 0,
      message: 'Your nonce is more than 5 seconds lesser than the current nonce',
    });
    server.on(LIST, skew, verifiedList);
    await expect(client().listSubAccounts()).resolves.toMatchObject({ data: [subAccountModel(account)] });
    expect(server.requests).toHaveLength(2);

    server.on(LIST, skew);
    const err = await failure(client().listSubAccounts());
    expect([err.kind, err.reason]).toEqual(['auth', 'clock-skew']);
    expect(err.message).toMatch(/check the system clock/);
    expect(server.requests).toHaveLength(4);
    expect(sleeper.waits).toEqual([]);
  });

  it('never retries auth or validation failures', async () => {
    server.on(LIST, verifiedList);
    const auth = await failure(client({ apiSecret: 'wrong-secret-value' }).listSubAccounts());
    expect([auth.kind, auth.message]).toEqual(['auth', 'Unauthorized request.']);
    server.on(LIST, json(422, { code: 0, message: 'Validation failed', errors: { search: ['Too long.'] } }));
    const invalid = await failure(client().listSubAccounts());
    expect(invalid.kind).toBe('validation');
    expect(invalid.fields).toEqual({ search: ['Too long.'] });
    expect(server.requests).toHaveLength(2);
    expect(sleeper.waits).toEqual([]);
  });

  it('keeps the API secret out of errors even when the server echoes it', async () => {
    server.on(LIST, json(400, { code: 7, message: `bad secret ${API_SECRET}` }));
    const err = await failure(client().listSubAccounts());
    expect(err.message).toBe('bad secret [redacted] (HTTP 400)');
  });
});

describe('refreshToken', () => {
  it('posts a form and returns the new token set', async () => {
    server.on(REFRESH, json(200, { data: tokens }));
    await expect(client().refreshToken(refreshParams)).resolves.toEqual(tokenSetModel(tokens));
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      client_id: 'app-1',
      client_secret: CLIENT_SECRET,
      token: REFRESH_TOKEN,
    });
  });

  it('reports an invalid token as auth, without the secrets', async () => {
    server.on(REFRESH, json(400, { data: { token: ['Invalid token.'] } }));
    const err = await failure(client().refreshToken(refreshParams));
    expect([err.kind, err.message]).toEqual(['auth', 'token: Invalid token.']);
  });

  it('is never retried once the request may have reached the server', async () => {
    for (const handler of [json(500, { error: ['Internal server error.'] }), text(429, 'slow down'), reset]) {
      server.on(REFRESH, handler, json(200, { data: tokens }));
      const before = server.requests.length;
      await failure(client().refreshToken(refreshParams));
      expect(server.requests.length - before).toBe(1);
    }
    expect(sleeper.waits).toEqual([]);
  });

  it('is retried when the connection was refused (nothing was sent)', async () => {
    const port = await closedPort();
    const err = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).refreshToken(refreshParams));
    expect(err.reason).toBe('connect');
    expect(err.message).toBe(`connection to 127.0.0.1:${port} refused`);
    expect(sleeper.waits).toHaveLength(3);
  });

  it('requires all three parameters', async () => {
    const err = await failure(
      client().refreshToken({ ...refreshParams, clientSecret: '', refreshToken: '' }),
    );
    expect(err.kind).toBe('config');
    expect(err.message).toMatch(/missing client secret, refresh token$/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('cancellation', () => {
  it('close() ends a pending retry wait and further calls at once', async () => {
    server.on(POOL, json(503, { error: ['down'] }));
    let waiting!: () => void;
    const started = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const c = client({
      sleep: (_ms, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          waiting();
        }),
    });
    const pending = failure(c.getMiningPool());
    await started;
    await c.close();
    expect((await pending).reason).toBe('aborted');
    expect((await failure(c.getMiningPool())).reason).toBe('aborted');
  });

  it("honours the caller's signal", async () => {
    server.on(POOL, json(200, { data: pool }));
    const err = await failure(client().getMiningPool({ signal: AbortSignal.abort() }));
    expect(err.reason).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });
});
