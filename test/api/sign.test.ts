import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../src/api/sign.js';

const apiKey = '4f1c8d2e9a7b4c3d';
const apiSecret = 'f7e6d5c4b3a29180';

describe('signRequest', () => {
  it('matches a vector computed by the documented recipe', () => {
    // Built by hand from the vendor's documented recipe: fields + request + nonce + nonceWindow, base64, HMAC-SHA512 hex.
    const expectedBody =
      '{"limit":30,"offset":0,"request":"/api/v4/sub-account/list","nonce":1700000000000,"nonceWindow":true}';
    const expectedPayload = Buffer.from(expectedBody, 'utf8').toString('base64');
    const expectedSignature = createHmac('sha512', apiSecret).update(expectedPayload).digest('hex');

    const signed = signRequest({
      path: '/api/v4/sub-account/list',
      fields: { limit: 30, offset: 0 },
      nonce: 1700000000000,
      apiKey,
      apiSecret,
    });

    expect(signed.body).toBe(expectedBody);
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      'x-txc-apikey': apiKey,
      'x-txc-payload': expectedPayload,
      'x-txc-signature': expectedSignature,
    });
    expect(signed.headers['x-txc-signature']).toMatch(/^[0-9a-f]{128}$/);
  });

  it('encodes the exact UTF-8 bytes, leaves out undefined fields, and cannot be overridden', () => {
    const signed = signRequest({
      path: '/api/v4/sub-account/list',
      fields: { search: 'bör€', limit: 5, offset: undefined, nonce: 1, request: '/elsewhere' },
      nonce: 42,
      apiKey,
      apiSecret,
    });
    const decoded = Buffer.from(signed.headers['x-txc-payload'], 'base64');
    expect(decoded.equals(Buffer.from(signed.body, 'utf8'))).toBe(true);
    expect(JSON.parse(signed.body)).toEqual({
      search: 'bör€',
      limit: 5,
      request: '/api/v4/sub-account/list',
      nonce: 42,
      nonceWindow: true,
    });
    const again = createHmac('sha512', apiSecret).update(signed.headers['x-txc-payload']).digest('hex');
    expect(signed.headers['x-txc-signature']).toBe(again);
  });
});
