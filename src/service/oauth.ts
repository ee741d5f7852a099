/**
 * POST /oauth2/refresh_token. Checks, in order (the first failure answers; none consumes a token):
 *   - Content-Type not application/x-www-form-urlencoded → 415 {"data":{"content_type":[…]}} (our choice)
 *   - more than 1 request per second for this client_id → 429 non-JSON, Retry-After: 1
 *   - client_id / client_secret wrong or missing → 401 {"data":{"client":["Invalid client credentials."]}} (our choice)
 *   - token missing, unknown, already used or expired → 400 {"data":{"token":["Invalid token."]}}
 * Success rotates: the used refresh token dies at once; a new one lives `refreshTtl` seconds
 * from issue (valid while now < issue + ttl); `expires_in` is `accessTtl`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenSetJson } from '../api/types.js';
import { safeEqual } from './auth.js';
import { newToken } from './credentials.js';
import { IntervalLimiter } from './rate-limit.js';
import { oauthError, rateLimited, sendJson } from './respond.js';

export const OAUTH_SCOPE = 'codes.apply,show.userinfo';

export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  /** Seconds. */
  accessTtl: number;
  /** Seconds. */
  refreshTtl: number;
  now: () => number;
  rateLimit: boolean;
}

export class OAuthServer {
  accepted = 0;
  rejected = 0;
  readonly #config: OAuthConfig;
  /** Live refresh tokens → expiry (ms, exclusive). */
  readonly #tokens = new Map<string, number>();
  readonly #limiter = new IntervalLimiter(1000);

  constructor(config: OAuthConfig, initialRefreshToken: string) {
    this.#config = config;
    this.#tokens.set(initialRefreshToken, config.now() + config.refreshTtl * 1000);
  }

  handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const ok = this.#handle(req, res, body);
    if (ok) this.accepted++;
    else this.rejected++;
  }

  #handle(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean {
    const config = this.#config;
    if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
      oauthError(res, 415, 'content_type', 'The request must be application/x-www-form-urlencoded.');
      return false;
    }
    const form = new URLSearchParams(body.toString('utf8'));
    const clientId = form.get('client_id') ?? '';
    const now = config.now();
    if (config.rateLimit && !this.#limiter.hit(clientId, now)) {
      rateLimited(res, true);
      return false;
    }
    const idOk = safeEqual(clientId, config.clientId);
    const secretOk = safeEqual(form.get('client_secret') ?? '', config.clientSecret);
    if (!idOk || !secretOk) {
      oauthError(res, 401, 'client', 'Invalid client credentials.');
      return false;
    }
    const token = form.get('token') ?? '';
    const expiresAt = this.#tokens.get(token);
    if (expiresAt === undefined || now >= expiresAt) {
      this.#tokens.delete(token);
      oauthError(res, 400, 'token', 'Invalid token.');
      return false;
    }
    this.#tokens.delete(token);
    const set = this.#issue(now);
    sendJson(res, 200, { data: set }, { 'cache-control': 'no-store', pragma: 'no-cache' });
    return true;
  }

  #issue(now: number): TokenSetJson {
    const config = this.#config;
    if (this.#tokens.size > 64) {
      for (const [t, exp] of this.#tokens) if (now >= exp) this.#tokens.delete(t);
    }
    const refresh = newToken();
    this.#tokens.set(refresh, now + config.refreshTtl * 1000);
    return {
      access_token: newToken(),
      expires_in: config.accessTtl,
      refresh_token: refresh,
      scope: OAUTH_SCOPE,
      token_type: 'Bearer',
    };
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
