/**
 * `POST /api/v4/sub-account/balances` (read-only), behind the same preamble as the list
 * (signed-route.ts: rate limit per key, signature, payload, nonce). Errors in the list's form,
 * HTTP 422 `Validation failed` with one entry per bad field: `id` missing, not a UUID, or not one
 * of this key's sub-accounts; `ticker` not text or not a currency the service knows (our
 * choices: the ticker is matched as sent, upper case; a known currency the account does not
 * hold is answered with zeros). The answer is not wrapped in `data`.
 */
import type { ServerResponse } from 'node:http';
import { BALANCES_PATH } from '../api/balance-types.js';
import { AUTH_MESSAGES } from './auth.js';
import { accountBalances, isCurrency, oneBalance } from './balance-model.js';
import type { ServiceContext } from './context.js';
import { privateError, sendJson } from './respond.js';
import type { Route } from './route.js';
import { signedRoute } from './signed-route.js';
import { sparseBalances } from './sparse.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function balances(ctx: ServiceContext, body: Record<string, unknown>, res: ServerResponse): void {
  const errors: Record<string, string[]> = {};
  const { id, ticker } = body;
  if (id === undefined || id === null || id === '') errors.id = ['The id field is required.'];
  else if (typeof id !== 'string' || !UUID.test(id)) errors.id = ['The id must be a valid UUID.'];
  if (ticker !== undefined && ticker !== null) {
    if (typeof ticker !== 'string') errors.ticker = ['The ticker must be a string.'];
    else if (!isCurrency(ticker)) errors.ticker = ['The selected ticker is invalid.'];
  }
  const found = typeof id === 'string' && !errors.id ? ctx.accounts.find(id) : undefined;
  if (!errors.id && !found) errors.id = ['The selected id is invalid.'];
  if (!found || Object.keys(errors).length > 0) {
    privateError(res, 422, AUTH_MESSAGES.validation, errors);
    return;
  }
  const { seed, sparse } = ctx.options;
  const all = accountBalances(found.account, found.index, seed);
  const held = typeof ticker === 'string' ? oneBalance(all, ticker) : all;
  const answer = Object.fromEntries(Object.entries(held).map(([t, amounts]) => [t, [amounts]]));
  sendJson(res, 200, sparse ? sparseBalances(answer, found.account.id, seed) : answer, {
    'cache-control': 'no-store',
  });
}

export const BALANCE_ROUTES: Readonly<Record<string, Route>> = {
  [BALANCES_PATH]: signedRoute(BALANCES_PATH, balances),
};
