/**
 * Turns a non-2xx response into a PooltopError with the right kind and a one-line message, for
 * every error shape the API documents (private, public, OAuth and infrastructure bodies). Server text is
 * untrusted: it is redacted, stripped of control characters, capped and never HTML.
 */
import { type ErrorReason, PooltopError, type PooltopErrorInit } from '../errors/pooltop-error.js';
import { cleanServerText, looksLikeHtml, redactServerText } from './server-text.js';

export interface ErrorResponse {
  status: number;
  /** Lower-case header names, as undici delivers them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Raw body text (possibly empty, possibly HTML). */
  body: string;
  /** The request path (our own constant), named in the 404 message. */
  path?: string;
}

export interface ClassifyOptions {
  /** Clock for `Retry-After` HTTP-dates. */
  now?: () => number;
  /** Values that must never appear in a message (API secret, client secret, tokens). */
  secrets?: readonly string[];
}

/** Documented messages of signed requests that mean "your credentials or signature were refused". */
const AUTH_MESSAGES = new Set([
  'payload not provided',
  'invalid payload',
  'unauthorized request',
  'nonce not provided',
  'request not provided',
  'invalid noncewindow',
  'this action is unauthorized. enable your key in api settings',
  "you don't have permission to use this endpoint",
]);
const NONCE_MESSAGE = 'too many requests';
const CLOCK_SKEW_PREFIX = 'your nonce is more than 5 seconds';

type Json = Record<string, unknown>;
type Clean = (text: string) => string;
type Base = Pick<PooltopErrorInit, 'status' | 'retryAfterMs' | 'detail'>;

/** `Retry-After` as delay-seconds or an HTTP-date, in milliseconds from `nowMs`; undefined if absent or invalid. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP-dates start with a day name ("Wed, 01 Jan 2025 …"); Date.parse alone is too lenient.
  if (!/^[a-z]{3,9},? /i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export function classifyResponse(res: ErrorResponse, opts: ClassifyOptions = {}): PooltopError {
  const secrets = opts.secrets ?? [];
  const clean: Clean = (text) => redactServerText(text, secrets);
  const base: Base = {
    status: res.status,
    retryAfterMs: parseRetryAfter(header(res.headers, 'retry-after'), (opts.now ?? Date.now)()),
    detail: `HTTP ${res.status} ${res.path ?? ''}\n${redactServerText(res.body, secrets, 500)}`.trim(),
  };
  const json = parseJsonObject(res.body);
  return (json && fromJson(json, res.status, base, clean)) || fromStatus(res, base, clean);
}

function fromJson(json: Json, status: number, base: Base, clean: Clean): PooltopError | undefined {
  if (typeof json.message === 'string') return fromMessageBody(json, json.message, status, base, clean);
  const dataFields = parseFields(json.data, clean);
  if (dataFields) {
    // OAuth: {"data":{"token":["Invalid token."]}}
    const message = summarise(dataFields);
    const isAuth = 'token' in dataFields || status === 401 || status === 403;
    return new PooltopError(isAuth ? 'auth' : 'validation', message, { ...base, fields: dataFields });
  }
  const errorFields = parseFields(json.errors, clean);
  if (errorFields) {
    // The documented 422 variant without code or message: {"errors":{…},"notification":null}.
    const summary = summarise(errorFields);
    if (status === 401 || status === 403) {
      return auth(`not authorised (HTTP ${status}): ${summary}`, { ...base, fields: errorFields });
    }
    return new PooltopError('validation', `validation failed: ${summary}`, { ...base, fields: errorFields });
  }
  if (Array.isArray(json.error) && json.error.every((e) => typeof e === 'string')) {
    const text = clean(json.error.join(' ')) || 'no message';
    if (status >= 500) return new PooltopError('http', `server error (HTTP ${status}): ${text}`, base);
    return new PooltopError('api', `${text} (HTTP ${status})`, base);
  }
  return undefined;
}

/** Private `{code,message,errors}` and public `{success:false,message}` bodies. */
function fromMessageBody(json: Json, raw: string, status: number, base: Base, clean: Clean): PooltopError {
  const text = clean(raw) || `HTTP ${status}`;
  const norm = raw.trim().toLowerCase().replace(/\.$/, '');
  const code = typeof json.code === 'number' && Number.isInteger(json.code) ? json.code : undefined;
  const init = { ...base, code };
  const isPublic = json.success === false;
  if (!isPublic && norm === NONCE_MESSAGE) {
    return auth(`${text} (the server refused the request nonce)`, init, 'nonce');
  }
  if (norm.startsWith(CLOCK_SKEW_PREFIX)) return auth(`${text} (check the system clock)`, init, 'clock-skew');
  if (AUTH_MESSAGES.has(norm) || status === 401 || status === 403) return auth(text, init);
  const fields = parseFields(json.errors, clean);
  if (status === 422 || fields) {
    const message = fields ? clean(`${text}: ${summarise(fields)}`) : text;
    return new PooltopError('validation', message, { ...init, fields });
  }
  if (status === 429) {
    return new PooltopError('http', `rate limited by the server (HTTP 429): ${text}`, {
      ...init,
      reason: 'rate-limit',
    });
  }
  return new PooltopError('api', `${text} (HTTP ${status})`, init);
}

function fromStatus(res: ErrorResponse, base: Base, clean: Clean): PooltopError {
  const { status } = res;
  const wait =
    base.retryAfterMs === undefined ? '' : `; retry after ${Math.ceil(base.retryAfterMs / 1000)} s`;
  if (status === 503) {
    return new PooltopError('http', `service under maintenance (HTTP 503)${wait}`, {
      ...base,
      reason: 'maintenance',
    });
  }
  if (status === 429) {
    return new PooltopError('http', `rate limited by the server (HTTP 429)${wait}`, {
      ...base,
      reason: 'rate-limit',
    });
  }
  if (status === 404) {
    return new PooltopError(
      'http',
      `not found (HTTP 404)${res.path ? `: ${res.path}` : ''}; check the base URL`,
      base,
    );
  }
  if (status === 401 || status === 403) return auth(`not authorised (HTTP ${status})`, base);
  if (status >= 300 && status < 400)
    return new PooltopError('http', `unexpected redirect (HTTP ${status})`, base);
  const snippet = looksLikeHtml(res.body) ? '' : clean(res.body);
  const what = status >= 500 ? 'server error' : 'request failed';
  return new PooltopError('http', `${what} (HTTP ${status})${snippet ? `: ${snippet}` : ''}`, base);
}

function auth(message: string, init: PooltopErrorInit, reason?: ErrorReason): PooltopError {
  return new PooltopError('auth', message, { ...init, reason });
}

function header(headers: ErrorResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJsonObject(text: string): Json | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** `{"field": ["msg", …]}` (a bare string is accepted too) → cleaned and bounded; undefined if none. */
function parseFields(value: unknown, clean: Clean): Record<string, string[]> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(value).slice(0, 20)) {
    const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
    const messages = list
      .filter((m): m is string => typeof m === 'string')
      .slice(0, 5)
      .map((m) => clean(m));
    const name = clean(key).slice(0, 64);
    if (messages.length > 0 && name !== '') out[name] = messages;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function summarise(fields: Record<string, string[]>): string {
  const text = Object.entries(fields)
    .map(([name, messages]) => `${name}: ${messages.join(' ')}`)
    .join('; ');
  return cleanServerText(text);
}
