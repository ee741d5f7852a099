import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base64,
  LIST_PATH,
  postSignedText,
  type Reply,
  Signer,
  sign,
  start,
  type Started,
} from './helpers.js';

let s: Started;
let signer: Signer;
beforeAll(async () => {
  s = await start({ accounts: 50 });
  signer = new Signer(s.svc);
});
afterAll(() => s.svc.close());

function expectError(r: Reply, status: number, message: string): void {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.json).toEqual({ code: 0, message, errors: {} });
}

describe('signed requests: headers and payload', () => {
  it('accepts a correctly signed request', async () => {
    const r = await signer.list({ limit: 2 });
    expect(r.status).toBe(200);
  });

  it('Payload not provided. when X-TXC-PAYLOAD is missing or empty (401)', async () => {
    expectError(
      await signer.list({}, { headers: { 'x-txc-payload': undefined } }),
      401,
      'Payload not provided.',
    );
    expectError(await signer.list({}, { headers: { 'x-txc-payload': '' } }), 401, 'Payload not provided.');
  });

  it('Unauthorized request. for a wrong or missing signature (401)', async () => {
    const body = signer.body();
    const wrong = sign(base64(body), 'not-the-secret');
    expectError(
      await postSignedText(s.svc, body, { headers: { 'x-txc-signature': wrong } }),
      401,
      'Unauthorized request.',
    );
    const upper = sign(base64(body), s.svc.credentials.apiSecret).toUpperCase();
    expectError(
      await postSignedText(s.svc, body, { headers: { 'x-txc-signature': upper } }),
      401,
      'Unauthorized request.',
    );
    expectError(
      await postSignedText(s.svc, signer.body(), { headers: { 'x-txc-signature': undefined } }),
      401,
      'Unauthorized request.',
    );
  });

  it('Unauthorized request. for an unknown or missing API key (401)', async () => {
    expectError(
      await signer.list({}, { headers: { 'x-txc-apikey': 'f'.repeat(32) } }),
      401,
      'Unauthorized request.',
    );
    expectError(
      await signer.list({}, { headers: { 'x-txc-apikey': undefined } }),
      401,
      'Unauthorized request.',
    );
  });

  it('Invalid payload when the payload is not the body that was sent (400)', async () => {
    const signed = signer.body({ limit: 1 });
    const other = signer.body({ limit: 2 });
    expectError(await postSignedText(s.svc, signed, { sendBody: other }), 400, 'Invalid payload');
    // Same bytes but the payload without its base64 padding.
    const body = `${signer.body()} `;
    const payload = base64(body).replace(/=+$/, '');
    expect(payload.length % 4).not.toBe(0);
    expectError(
      await postSignedText(s.svc, body, {
        headers: { 'x-txc-payload': payload, 'x-txc-signature': sign(payload, s.svc.credentials.apiSecret) },
      }),
      400,
      'Invalid payload',
    );
  });

  it('accepts a body re-serialised with spaces when it is the same JSON as the payload (our choice)', async () => {
    // The vendor's Python SDK 1.0.5 signs compact JSON and sends it with spaces.
    const signed = signer.body({ limit: 2, search: 'a b' });
    const spaced = JSON.stringify(JSON.parse(signed), null, 1).replace(/\n/g, ' ');
    expect(spaced).not.toBe(signed);
    const r = await postSignedText(s.svc, signed, { sendBody: spaced });
    expect(r.status).toBe(200);
    expect((r.json as { limit: number }).limit).toBe(2);
    // Keys in another order are the same JSON too.
    const fields = JSON.parse(signer.body({ limit: 3 })) as Record<string, unknown>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(fields).reverse()));
    expect((await postSignedText(s.svc, JSON.stringify(fields), { sendBody: reordered })).status).toBe(200);
  });

  it('still refuses a payload that differs from the body in any value, key or type (400)', async () => {
    const signed = JSON.parse(signer.body({ limit: 2, search: 'ab' })) as Record<string, unknown>;
    const variants = [
      { ...signed, limit: 3 },
      { ...signed, limit: '2' },
      { ...signed, search: 'ab ' },
      { ...signed, extra: true },
      Object.fromEntries(Object.entries(signed).filter(([k]) => k !== 'search')),
      { ...signed, nonce: Number(signed.nonce) + 1 },
    ];
    for (const body of variants) {
      const r = await postSignedText(s.svc, JSON.stringify(signed), {
        sendBody: JSON.stringify(body, null, 1),
      });
      expectError(r, 400, 'Invalid payload');
    }
  });

  it('Invalid payload when the signed body is not a JSON object (400)', async () => {
    expectError(await postSignedText(s.svc, '{"request":'), 400, 'Invalid payload');
    expectError(await postSignedText(s.svc, '[1,2]'), 400, 'Invalid payload');
  });

  it('a non-JSON content type is refused with the private error shape (415)', async () => {
    const r = await signer.list({}, { headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(r.json).toMatchObject({ code: 0, errors: {} });
  });

  it('wrong method on the list endpoint is 405 with the private error shape', async () => {
    const r = await fetch(s.svc.baseUrl + LIST_PATH);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(await r.json()).toEqual({ code: 0, message: 'Method not allowed.', errors: {} });
  });
});

describe('signed requests: body fields', () => {
  const send = (fields: Record<string, unknown>) => postSignedText(s.svc, JSON.stringify(fields));

  it('Request not provided. without `request` (400)', async () => {
    expectError(await send({ nonce: ++signer.nonce }), 400, 'Request not provided.');
    expectError(await send({ request: '', nonce: ++signer.nonce }), 400, 'Request not provided.');
  });

  it('a `request` naming another path is refused like a bad signature (401)', async () => {
    expectError(
      await send({ request: '/api/v4/trade-account/balance', nonce: ++signer.nonce }),
      401,
      'Unauthorized request.',
    );
    expectError(
      await send({ request: `${LIST_PATH}?x=1`, nonce: ++signer.nonce }),
      401,
      'Unauthorized request.',
    );
  });

  it('Nonce not provided. without `nonce` (400)', async () => {
    expectError(await send({ request: LIST_PATH }), 400, 'Nonce not provided.');
    expectError(await send({ request: LIST_PATH, nonce: null }), 400, 'Nonce not provided.');
  });

  it('a nonce that is not an integer is a validation failure (422)', async () => {
    const r = await send({ request: LIST_PATH, nonce: 'abc' });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      code: 0,
      message: 'Validation failed',
      errors: { nonce: ['The nonce must be an integer.'] },
    });
  });

  it('Too many requests. for a repeated or lower nonce (429, JSON)', async () => {
    signer.nonce += 10;
    const n = signer.nonce;
    expect((await send({ request: LIST_PATH, nonce: n })).status).toBe(200);
    expectError(await send({ request: LIST_PATH, nonce: n }), 429, 'Too many requests.');
    expectError(await send({ request: LIST_PATH, nonce: n - 5 }), 429, 'Too many requests.');
    // A nonce given as a string of digits counts too.
    expect((await send({ request: LIST_PATH, nonce: String(n + 1) })).status).toBe(200);
    signer.nonce = n + 1;
  });

  it('a refused request does not use up its nonce', async () => {
    const n = ++signer.nonce;
    const body = JSON.stringify({ request: LIST_PATH, nonce: n });
    const bad = sign(base64(body), 'wrong');
    expect((await postSignedText(s.svc, body, { headers: { 'x-txc-signature': bad } })).status).toBe(401);
    expect((await postSignedText(s.svc, body)).status).toBe(200);
  });

  it('Invalid nonceWindow. when nonceWindow is not a boolean (400)', async () => {
    for (const value of ['true', 1, null]) {
      expectError(
        await send({ request: LIST_PATH, nonce: ++signer.nonce, nonceWindow: value }),
        400,
        'Invalid nonceWindow.',
      );
    }
  });
});

describe('signed requests: nonceWindow', () => {
  const message = 'Your nonce is more than 5 seconds lesser than the current nonce';

  it('accepts millisecond nonces within ±5 s of the server clock, in any order, once each', async () => {
    const w = await start({ accounts: 5 });
    try {
      const t = w.clock.t;
      const send = (nonce: number) =>
        postSignedText(w.svc, JSON.stringify({ request: LIST_PATH, nonce, nonceWindow: true }));
      expect((await send(t + 10)).status).toBe(200);
      expect((await send(t + 5)).status).toBe(200); // lower than the previous one: fine in the window
      expect((await send(t - 5000)).status).toBe(200);
      expect((await send(t + 5000)).status).toBe(200);
      expectError(await send(t + 5), 429, 'Too many requests.');
      expectError(await send(t - 5001), 400, message);
      expectError(await send(t + 5001), 400, message);
      expectError(await send(Math.floor(t / 1000)), 400, message); // seconds, not milliseconds
      w.clock.advance(60_000);
      expect((await send(w.clock.t)).status).toBe(200);
      expectError(await send(t + 20), 400, message);
      // Without the window, the nonce must beat the highest accepted one.
      const plain = (nonce: number) => postSignedText(w.svc, JSON.stringify({ request: LIST_PATH, nonce }));
      expectError(await plain(w.clock.t), 429, 'Too many requests.');
      expect((await plain(w.clock.t + 1)).status).toBe(200);
    } finally {
      await w.svc.close();
    }
  });
});

describe('signed requests: key state', () => {
  it('a disabled key gets 401 with the documented message', async () => {
    const d = await start({ accounts: 5, keyDisabled: true });
    try {
      const r = await new Signer(d.svc).list();
      expectError(r, 401, 'This action is unauthorized. Enable your key in API settings');
      // Only after the signature is checked: a forged request still reads as unauthorized.
      const forged = await new Signer(d.svc).list({}, { headers: { 'x-txc-signature': '00' } });
      expectError(forged, 401, 'Unauthorized request.');
    } finally {
      await d.svc.close();
    }
  });

  it('a key without permission for the endpoint gets 403 with the documented message', async () => {
    const f = await start({ accounts: 5, keyForbidden: true });
    try {
      expectError(await new Signer(f.svc).list(), 403, "You don't have permission to use this endpoint.");
    } finally {
      await f.svc.close();
    }
  });

  it('fixed credentials are used as given', async () => {
    const creds = { apiKey: 'k'.repeat(32), apiSecret: 's'.repeat(32) };
    const c = await start({ accounts: 5, credentials: creds });
    try {
      expect(c.svc.credentials).toMatchObject(creds);
      expect((await new Signer(c.svc).list()).status).toBe(200);
    } finally {
      await c.svc.close();
    }
  });
});
