/** The operations. Each route knows its methods and its family's error shape. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PATHS } from '../api/types.js';
import { AUTH_MESSAGES } from './auth.js';
import { BALANCE_ROUTES } from './balance-route.js';
import type { ServiceContext } from './context.js';
import { MINING_ROUTES } from './mining-routes.js';
import { OVERSIGHT_ROUTES } from './oversight-routes.js';
import { shapeOverview } from './pool-shape.js';
import { privateError, rateLimited, sendJson } from './respond.js';
import { clientAddress, signedRoute } from './signed-route.js';
import { sparseAccount, sparseOverview, sparsePage } from './sparse.js';
import { validateListQuery } from './validate-query.js';
import type { Route } from './route.js';

export const ROUTES: Readonly<Record<string, Route>> = {
  [PATHS.miningPool]: { methods: ['GET', 'HEAD'], family: 'public', handle: miningPool },
  [PATHS.subAccounts]: signedRoute(PATHS.subAccounts, subAccounts),
  [PATHS.refresh]: { methods: ['POST'], family: 'oauth', handle: refreshToken },
  ...MINING_ROUTES,
  ...BALANCE_ROUTES,
  ...OVERSIGHT_ROUTES,
};

function miningPool(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse): void {
  const now = ctx.options.now();
  if (ctx.options.rateLimit) {
    const ip = clientAddress(req);
    if (!ctx.limits.poolEndpoint.hit(ip, now) || !ctx.limits.publicAll.hit(ip, now)) {
      rateLimited(res, true);
      return;
    }
  }
  const { seed, sparse, poolShape } = ctx.options;
  const overview = ctx.pool.overview(now);
  const data = shapeOverview(sparse ? sparseOverview(overview, seed, now) : { ...overview }, poolShape);
  sendJson(res, 200, { data }, { 'cache-control': 'public, max-age=1' });
}

function subAccounts(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  const checked = validateListQuery(body);
  if (!checked.ok) {
    privateError(res, 422, AUTH_MESSAGES.validation, checked.errors);
    return;
  }
  const { limit, offset } = checked.query;
  const accounts = ctx.accounts.page(checked.query);
  const { seed, sparse } = ctx.options;
  const page = sparse
    ? { ...sparsePage({ offset, limit }, seed), data: accounts.map((a) => sparseAccount(a, seed)) }
    : { offset, limit, data: accounts };
  sendJson(res, 200, page, { 'cache-control': 'no-store' });
}

function refreshToken(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  ctx.oauth.handle(req, res, body);
}
