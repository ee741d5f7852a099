/**
 * Verification of signed requests, as the vendor documents them. Checks run in this order and
 * the first failure answers:
 *   1. X-TXC-PAYLOAD missing or empty        401 "Payload not provided."
 *   2. X-TXC-APIKEY missing or unknown        401 "Unauthorized request."   (our choice)
 *   3. X-TXC-SIGNATURE not lowercase hex HMAC-SHA512(payload, secret)
 *                                             401 "Unauthorized request."
 *   4. payload is not strict base64 of a JSON object equal to the body's (our choice: the same
 *      JSON, not the same bytes), or the body is not a JSON object
 *                                             400 "Invalid payload"
 *   5. key disabled                           401 "This action is unauthorized. Enable your key in API settings"
 *   6. key not allowed on the endpoint        403 "You don't have permission to use this endpoint."
 *   7. no `request`                           400 "Request not provided."
 *      `request` naming another path          401 "Unauthorized request."   (our choice)
 *   8. no `nonce`                             400 "Nonce not provided."
 *      `nonce` not an integer                 422 Validation failed, errors.nonce (our choice)
 *   9. `nonceWindow` present, not boolean     400 "Invalid nonceWindow."
 *  10. nonceWindow true and nonce outside ±5 s
 *                                             400 "Your nonce is more than 5 seconds lesser than the current nonce"
 *  11. nonce reused / not increasing          429 JSON "Too many requests." (the vendor's status)
 * Secrets and signatures are compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { NonceStore } from './nonce-store.js';

export const AUTH_MESSAGES = {
  payloadMissing: 'Payload not provided.',
  invalidPayload: 'Invalid payload',
  unauthorized: 'Unauthorized request.',
  nonceMissing: 'Nonce not provided.',
  requestMissing: 'Request not provided.',
  nonceReused: 'Too many requests.',
  nonceWindow: 'Your nonce is more than 5 seconds lesser than the current nonce',
  invalidNonceWindow: 'Invalid nonceWindow.',
  keyDisabled: 'This action is unauthorized. Enable your key in API settings',
  keyForbidden: "You don't have permission to use this endpoint.",
  validation: 'Validation failed',
} as const;

export interface AuthConfig {
  apiKey: string;
  apiSecret: string;
  keyDisabled: boolean;
  keyForbidden: boolean;
  nonces: NonceStore;
  now: () => number;
}

export type AuthResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

export function verifySignedRequest(
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
  path: string,
  config: AuthConfig,
): AuthResult {
  const payload = headerText(headers['x-txc-payload']);
  if (payload === '') return fail(401, AUTH_MESSAGES.payloadMissing);
  const keyOk = safeEqual(headerText(headers['x-txc-apikey']), config.apiKey);
  const expected = createHmac('sha512', config.apiSecret).update(payload).digest('hex');
  const signatureOk = safeEqual(headerText(headers['x-txc-signature']), expected);
  if (!keyOk || !signatureOk) return fail(401, AUTH_MESSAGES.unauthorized);

  const body = decodeBody(payload, rawBody);
  if (!body) return fail(400, AUTH_MESSAGES.invalidPayload);
  if (config.keyDisabled) return fail(401, AUTH_MESSAGES.keyDisabled);
  if (config.keyForbidden) return fail(403, AUTH_MESSAGES.keyForbidden);

  const request = body.request;
  if (request === undefined || request === null || request === '')
    return fail(400, AUTH_MESSAGES.requestMissing);
  if (request !== path) return fail(401, AUTH_MESSAGES.unauthorized);

  if (body.nonce === undefined || body.nonce === null || body.nonce === '') {
    return fail(400, AUTH_MESSAGES.nonceMissing);
  }
  const nonce = parseNonce(body.nonce);
  if (nonce === undefined) {
    return {
      ok: false,
      status: 422,
      message: AUTH_MESSAGES.validation,
      errors: { nonce: ['The nonce must be an integer.'] },
    };
  }
  const windowFlag = body.nonceWindow;
  if (windowFlag !== undefined && typeof windowFlag !== 'boolean')
    return fail(400, AUTH_MESSAGES.invalidNonceWindow);

  const verdict = config.nonces.accept(config.apiKey, nonce, windowFlag === true, config.now());
  if (verdict === 'outside-window') return fail(400, AUTH_MESSAGES.nonceWindow);
  if (verdict === 'reused') return fail(429, AUTH_MESSAGES.nonceReused);
  return { ok: true, body };
}

function fail(status: number, message: string): AuthResult {
  return { ok: false, status, message };
}

function headerText(value: string | string[] | undefined): string {
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

/**
 * The body as a JSON object, when the payload is strict base64 of the same JSON. Our choice:
 * the same JSON, not the same bytes. The vendor's Python SDK 1.0.5 signs compact JSON but sends
 * the body re-serialised with spaces, which suggests production compares the decoded JSON; a
 * payload that differs in any value (or key, or type) is still refused, and the signature
 * covers the payload, so nothing unsigned gets through.
 */
function decodeBody(payload: string, rawBody: Buffer): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 !== 0) return undefined;
  const decoded = Buffer.from(payload, 'base64');
  if (decoded.toString('base64') !== payload) return undefined;
  const body = jsonObject(rawBody);
  if (!body) return undefined;
  return decoded.equals(rawBody) || isDeepStrictEqual(jsonObject(decoded), body) ? body : undefined;
}

function jsonObject(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // falls through to undefined
  }
  return undefined;
}

/** A non-negative safe integer, given as a JSON number or a string of digits. */
function parseNonce(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Constant-time string comparison (a length mismatch still costs one comparison). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
