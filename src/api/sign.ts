/**
 * Signed private requests, as WhiteBIT's API documentation describes them:
 * body = endpoint fields + `request` (the path) + `nonce` + `nonceWindow: true`;
 * `X-TXC-PAYLOAD` = base64 of the exact JSON bytes sent;
 * `X-TXC-SIGNATURE` = lowercase hex HMAC-SHA512 over that base64 text, keyed with the API secret.
 */
import { createHmac } from 'node:crypto';

export type JsonScalar = string | number | boolean | null;

/** An endpoint's own body fields; `undefined` values are left out. */
export type SignFields = Record<string, JsonScalar | undefined>;

export interface SignInput {
  /** Path without host, e.g. `/api/v4/sub-account/list`. */
  path: string;
  fields: SignFields;
  nonce: number;
  apiKey: string;
  apiSecret: string;
}

export interface SignedRequest {
  /** The exact JSON text to send (UTF-8). */
  body: string;
  headers: {
    'content-type': 'application/json';
    'x-txc-apikey': string;
    'x-txc-payload': string;
    'x-txc-signature': string;
  };
}

export function signRequest(input: SignInput): SignedRequest {
  const body = JSON.stringify({
    ...input.fields,
    request: input.path,
    nonce: input.nonce,
    nonceWindow: true,
  });
  const payload = Buffer.from(body, 'utf8').toString('base64');
  const signature = createHmac('sha512', input.apiSecret).update(payload).digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': input.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': signature,
    },
  };
}
