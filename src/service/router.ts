/**
 * The request pipeline:
 *   count → unknown path: drain, latency, 404 empty body
 *         → read body (64 KiB cap) → latency → fault? → method (405) → body cap (413) → route.
 * Faults are decided before any handling, so they never have side effects.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ServiceContext, countRequest } from './context.js';
import { applyFault, pickFault } from './faults.js';
import { readBody } from './read-body.js';
import { internalError, oauthError, privateError, publicError, sendEmpty, sendText } from './respond.js';
import type { Route } from './route.js';
import { ROUTES } from './routes.js';

export type Delay = (ms: number) => Promise<void>;

export function createRequestHandler(ctx: ServiceContext, delay: Delay) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(ctx, delay, req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) internalError(res);
      else res.destroy();
    });
  };
}

async function handle(
  ctx: ServiceContext,
  delay: Delay,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = pathOf(req.url);
  countRequest(ctx, path);
  const route = ROUTES[path];
  if (!route) {
    req.resume();
    await delay(ctx.options.latency);
    sendEmpty(res, 404);
    return;
  }
  const body = await readBody(req).catch(() => undefined);
  if (!body) return; // the client went away mid-body
  await delay(ctx.options.latency);

  const fault = pickFault(ctx.failRate, ctx.options.random);
  if (fault) {
    ctx.counters.faults++;
    applyFault(fault, req, res);
    return;
  }
  const method = req.method ?? 'GET';
  if (!route.methods.includes(method)) {
    methodNotAllowed(route, res);
    return;
  }
  if (!body.ok) {
    sendText(res, 413, 'Request Entity Too Large', 'text/plain; charset=utf-8', { connection: 'close' });
    return;
  }
  route.handle(ctx, req, res, body.body);
}

/** The URL path without the query string; '' when unparsable (which no route has). */
export function pathOf(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function methodNotAllowed(route: Route, res: ServerResponse): void {
  const allow = { allow: route.methods.join(', ') };
  const message = 'Method not allowed.';
  if (route.family === 'public') publicError(res, 405, message, allow);
  else if (route.family === 'oauth') oauthError(res, 405, 'method', message, allow);
  else {
    res.setHeader('allow', allow.allow);
    privateError(res, 405, message);
  }
}
