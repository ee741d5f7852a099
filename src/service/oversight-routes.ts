/**
 * The four oversight read operations, behind the signed preamble (signed-route.ts: a rate limit
 * of 1000 / 10 s per key and operation, signature, nonce). Validation failures are 422
 * `Validation failed` with one entry per bad field; an unknown API key is 404 `API key not
 * found` (documented); the unconfirmed-withdrawals operation answers 404 with an empty body when
 * the service runs with it disabled, as the vendor's does for an account without the feature.
 */
import type { ServerResponse } from 'node:http';
import { OVERSIGHT_LIMIT_DEFAULT, OVERSIGHT_PATHS, TRANSFER_DIRECTIONS } from '../api/oversight-types.js';
import { OFFSET_MAX } from '../api/types.js';
import { AUTH_MESSAGES } from './auth.js';
import type { ServiceContext } from './context.js';
import { privateError, sendEmpty, sendJson } from './respond.js';
import type { Route } from './route.js';
import { signedRoute } from './signed-route.js';
import { integerField } from './validate-query.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_STORE = { 'cache-control': 'no-store' };

/** A required UUID field; its error when missing or malformed. */
function uuidField(
  body: Record<string, unknown>,
  name: string,
  errors: Record<string, string[]>,
  required = true,
) {
  const value = body[name];
  if (value === undefined || value === null || value === '') {
    if (required) errors[name] = [`The ${name} field is required.`];
    return undefined;
  }
  if (typeof value !== 'string' || !UUID.test(value)) {
    errors[name] = [`The ${name} must be a valid UUID.`];
    return undefined;
  }
  return value;
}

function paging(body: Record<string, unknown>, errors: Record<string, string[]>) {
  return {
    limit: integerField(body, 'limit', 1, 100, OVERSIGHT_LIMIT_DEFAULT, errors),
    offset: integerField(body, 'offset', 0, OFFSET_MAX, 0, errors),
  };
}

function apiKeys(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  const errors: Record<string, string[]> = {};
  const id = uuidField(body, 'subAccountId', errors);
  const { limit, offset } = paging(body, errors);
  const keys = id === undefined ? undefined : ctx.oversight.keys(id);
  if (id !== undefined && !keys) errors.subAccountId = ['The selected sub account id is invalid.'];
  if (!keys || Object.keys(errors).length > 0) {
    privateError(res, 422, AUTH_MESSAGES.validation, errors);
    return;
  }
  sendJson(res, 200, { limit, offset, data: keys.slice(offset, offset + limit) }, NO_STORE);
}

function ipAddresses(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  const errors: Record<string, string[]> = {};
  const id = uuidField(body, 'apiKeyId', errors);
  if (id === undefined) {
    privateError(res, 422, AUTH_MESSAGES.validation, errors);
    return;
  }
  const found = ctx.oversight.key(id);
  if (!found) {
    sendJson(res, 404, { message: 'API key not found' });
    return;
  }
  sendJson(res, 200, { data: found.ips }, NO_STORE);
}

function transfers(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  const errors: Record<string, string[]> = {};
  const id = uuidField(body, 'id', errors);
  const { limit, offset } = paging(body, errors);
  const { direction } = body;
  if (direction !== undefined && !(TRANSFER_DIRECTIONS as readonly unknown[]).includes(direction)) {
    errors.direction = ['The selected direction is invalid.'];
  }
  if (!errors.offset && !errors.limit && offset + limit > OFFSET_MAX) {
    errors.offset = [`The offset plus limit may not be greater than ${OFFSET_MAX}.`];
  }
  const all = id === undefined ? undefined : ctx.oversight.transfers(id);
  if (id !== undefined && !all) errors.id = ['The selected id is invalid.'];
  if (!all || Object.keys(errors).length > 0) {
    privateError(res, 422, AUTH_MESSAGES.validation, errors);
    return;
  }
  const chosen = direction === undefined ? all : all.filter((t) => t.direction === direction);
  sendJson(res, 200, { offset, limit, data: chosen.slice(offset, offset + limit) }, NO_STORE);
}

function withdrawals(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  if (ctx.options.withdrawalsDisabled) {
    sendEmpty(res, 404);
    return;
  }
  const errors: Record<string, string[]> = {};
  const id = uuidField(body, 'subAccountId', errors, false);
  const { limit, offset } = paging(body, errors);
  if (Object.keys(errors).length > 0) {
    privateError(res, 422, AUTH_MESSAGES.validation, errors);
    return;
  }
  const all = ctx.oversight.withdrawals();
  const chosen = id === undefined ? all : all.filter((w) => w.subAccountId === id.toLowerCase());
  sendJson(res, 200, { data: chosen.slice(offset, offset + limit), limit, offset }, NO_STORE);
}

export const OVERSIGHT_ROUTES: Readonly<Record<string, Route>> = {
  [OVERSIGHT_PATHS.apiKeys]: signedRoute(OVERSIGHT_PATHS.apiKeys, apiKeys),
  [OVERSIGHT_PATHS.ipAddresses]: signedRoute(OVERSIGHT_PATHS.ipAddresses, ipAddresses),
  [OVERSIGHT_PATHS.transfers]: signedRoute(OVERSIGHT_PATHS.transfers, transfers),
  [OVERSIGHT_PATHS.unconfirmedWithdrawals]: signedRoute(OVERSIGHT_PATHS.unconfirmedWithdrawals, withdrawals),
};
