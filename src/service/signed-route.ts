/**
 * The preamble every signed operation shares: the rate limit (1000 requests / 10 s per API key
 * and operation), `application/json`, then the signature, payload, key and nonce checks of
 * auth.ts. Only a request that passes them all reaches the operation's own handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifySignedRequest } from './auth.js';
import type { ServiceContext } from './context.js';
import { mediaType } from './oauth.js';
import { privateError, rateLimited } from './respond.js';
import type { Route } from './route.js';

export type SignedHandler = (ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse) => void;

export function signedRoute(path: string, handle: SignedHandler): Route {
  return {
    methods: ['POST'],
    family: 'private',
    handle(ctx, req, res, raw) {
      if (ctx.options.rateLimit) {
        const key = req.headers['x-txc-apikey'];
        const who = typeof key === 'string' && key !== '' ? `key:${key}` : `ip:${clientAddress(req)}`;
        if (!ctx.limits.privateKey.hit(`${path} ${who}`, ctx.options.now())) {
          rateLimited(res, true);
          return;
        }
      }
      if (mediaType(req.headers['content-type']) !== 'application/json') {
        privateError(res, 415, 'The request must be application/json.');
        return;
      }
      const auth = verifySignedRequest(req.headers, raw, path, ctx.auth);
      if (!auth.ok) {
        privateError(res, auth.status, auth.message, auth.errors);
        return;
      }
      handle(ctx, auth.body, res);
    },
  };
}

export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
