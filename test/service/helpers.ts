/**
 * Test helpers for the embedded service. Signing is done here from the vendor's documentation
 * (base64 payload of the exact JSON body; lowercase hex HMAC-SHA512 of that base64 text keyed
 * with the API secret), independently of src/api.
 */
import { createHmac } from 'node:crypto';
import { type ServiceHandle, type ServiceOptions, startService } from '../../src/service/server.js';
import type { GeneratedAccount } from '../../src/service/accounts.js';

export const LIST_PATH = '/api/v4/sub-account/list';
export const POOL_PATH = '/api/v4/public/mining-pool';
export const REFRESH_PATH = '/oauth2/refresh_token';

/** 2025-06-01T12:34:56.789Z */
export const T0 = Date.UTC(2025, 5, 1, 12, 34, 56, 789);

export interface Clock {
  t: number;
  now: () => number;
  advance(ms: number): void;
}

export function makeClock(start = T0): Clock {
  const clock: Clock = {
    t: start,
    now: () => clock.t,
    advance(ms) {
      clock.t += ms;
    },
  };
  return clock;
}

export interface Started {
  svc: ServiceHandle;
  clock: Clock;
}

export async function start(options: ServiceOptions = {}, clock = makeClock()): Promise<Started> {
  const svc = await startService({ now: clock.now, ...options });
  return { svc, clock };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function get(svc: ServiceHandle, path: string, init: RequestInit = {}): Promise<Reply> {
  return reply(await fetch(svc.baseUrl + path, init));
}

export function sign(payload: string, secret: string): string {
  return createHmac('sha512', secret).update(payload).digest('hex');
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

export interface SignedOptions {
  /** Headers to override (undefined removes one). */
  headers?: Record<string, string | undefined>;
  /** Send this body instead of the signed one. */
  sendBody?: string;
  path?: string;
}

/** Signs `bodyText` with the service's credentials and POSTs it to the list endpoint. */
export async function postSignedText(
  svc: ServiceHandle,
  bodyText: string,
  options: SignedOptions = {},
): Promise<Reply> {
  const payload = base64(bodyText);
  const base: Record<string, string | undefined> = {
    'content-type': 'application/json',
    'x-txc-apikey': svc.credentials.apiKey,
    'x-txc-payload': payload,
    'x-txc-signature': sign(payload, svc.credentials.apiSecret),
    ...options.headers,
  };
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) headers[k] = v;
  const res = await fetch(svc.baseUrl + (options.path ?? LIST_PATH), {
    method: 'POST',
    headers,
    body: options.sendBody ?? bodyText,
  });
  return reply(res);
}

/** A signer with its own strictly increasing nonce (no nonceWindow). */
export class Signer {
  nonce = 1000;
  constructor(readonly svc: ServiceHandle) {}

  body(fields: Record<string, unknown> = {}): string {
    this.nonce += 1;
    return JSON.stringify({ ...fields, request: LIST_PATH, nonce: this.nonce });
  }

  list(fields: Record<string, unknown> = {}, options: SignedOptions = {}): Promise<Reply> {
    return postSignedText(this.svc, this.body(fields), options);
  }

  /** The parsed page of a successful list call (fails the test otherwise). */
  async page(fields: Record<string, unknown> = {}): Promise<Page> {
    const r = await this.list(fields);
    if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${r.text}`);
    return r.json as Page;
  }
}

/** The wire types (only the types: the signing in these tests stays independent of src/api). */
export type Account = GeneratedAccount;
export interface Page {
  offset: number;
  limit: number;
  data: Account[];
}

export function refresh(
  svc: ServiceHandle,
  fields: Record<string, string>,
  contentType?: string,
): Promise<Reply> {
  return fetch(svc.baseUrl + REFRESH_PATH, {
    method: 'POST',
    headers: { 'content-type': contentType ?? 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }).then(reply);
}

export function refreshWith(svc: ServiceHandle, token: string): Promise<Reply> {
  return refresh(svc, {
    client_id: svc.credentials.clientId,
    client_secret: svc.credentials.clientSecret,
    token,
  });
}

/** A `random` that returns the given values in turn, then repeats the last one. */
export function scripted(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
}
