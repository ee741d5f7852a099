/**
 * Response writers and the error shapes WhiteBIT's API documents:
 * - private endpoints: {"code", "message", "errors"};
 * - public endpoints: {"success": false, "message", "params"};
 * - OAuth: {"data": {"<field>": ["<text>"]}};
 * - infrastructure: non-JSON 429 and 503, {"error": [...]} 500, empty 404.
 */
import type { ServerResponse } from 'node:http';

export type Headers = Record<string, string | number>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  send(res, status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Headers = {},
): void {
  send(res, status, text, { 'content-type': contentType, ...headers });
}

export function sendEmpty(res: ServerResponse, status: number, headers: Headers = {}): void {
  send(res, status, '', headers);
}

export function privateError(
  res: ServerResponse,
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
): void {
  sendJson(res, status, { code: 0, message, errors });
}

export function publicError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Headers = {},
): void {
  sendJson(res, status, { success: false, message, params: [] }, headers);
}

export function oauthError(
  res: ServerResponse,
  status: number,
  field: string,
  message: string,
  headers: Headers = {},
): void {
  sendJson(res, status, { data: { [field]: [message] } }, { 'cache-control': 'no-store', ...headers });
}

/** The infrastructure rate-limit answer: HTTP 429 with a non-JSON body. */
export function rateLimited(res: ServerResponse, retryAfter: boolean): void {
  sendText(
    res,
    429,
    'Too many requests',
    'text/plain; charset=utf-8',
    retryAfter ? { 'retry-after': 1 } : {},
  );
}

export function internalError(res: ServerResponse): void {
  sendJson(res, 500, { error: ['Internal server error.'] });
}

function send(res: ServerResponse, status: number, body: string, headers: Headers): void {
  if (res.headersSent || res.destroyed) return;
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
}
