/**
 * The eight Mining Pool read operations, with the vendor's answers and errors
 * (as the vendor's Mining Pool specification gives them): an unknown account is 400 `Validation failed` with the error each path
 * documents (`errors.user` "Mining pool account 'x' not found"; hashrate: `errors.account`
 * "Account not found"; payout-destination: "Mining account not found."); rewards for an unknown
 * account is 200 with empty data; a bad `from`/`to` is 422 `Incorrect timestamp`. Checks run in
 * the order fields (400) → timestamps (422) → account (400). No write operation exists here.
 */
import type { ServerResponse } from 'node:http';
import { MINING_PATHS } from '../api/mining-types.js';
import { AUTH_MESSAGES } from './auth.js';
import type { ServiceContext } from './context.js';
import type { MiningAccountModel, Window } from './mining-model.js';
import { rewardsPage } from './mining-rewards.js';
import { type FieldErrors, intervalField, nameField, pagingFields, windowFields } from './mining-validate.js';
import { privateError, sendJson } from './respond.js';
import type { Route } from './route.js';
import { type SignedHandler, signedRoute } from './signed-route.js';

type Body = Record<string, unknown>;

const NO_STORE = { 'cache-control': 'no-store' };

const ok = (res: ServerResponse, body: unknown) => sendJson(res, 200, body, NO_STORE);

/** 400 when any field failed; true when the caller may go on. */
function fieldsOk(res: ServerResponse, errors: FieldErrors): boolean {
  if (Object.keys(errors).length === 0) return true;
  privateError(res, 400, AUTH_MESSAGES.validation, errors);
  return false;
}

/** `from`/`to`, or the documented 422 (no `errors` field) already sent. */
function timestamps(body: Body, now: number, res: ServerResponse): Window | undefined {
  const window = windowFields(body, now);
  if (!window) sendJson(res, 422, { code: 422, message: 'Incorrect timestamp' });
  return window;
}

const notFound = (name: string) => ({ user: [`Mining pool account '${name}' not found`] });

const nowSec = (ctx: ServiceContext) => Math.floor(ctx.options.now() / 1000);

/** The named account, or the documented 400 (`errors` chosen per path) already sent. */
function findAccount(
  ctx: ServiceContext,
  res: ServerResponse,
  name: string,
  errors: (name: string) => FieldErrors = notFound,
): MiningAccountModel | undefined {
  const account = ctx.mining.find(name);
  if (!account) privateError(res, 400, AUTH_MESSAGES.validation, errors(name));
  return account;
}

/** A handler for an operation whose only field is the required account name. */
function withAccount(
  field: string,
  answer: (ctx: ServiceContext, account: MiningAccountModel, res: ServerResponse) => void,
  errors?: (name: string) => FieldErrors,
): SignedHandler {
  return (ctx, body, res) => {
    const problems: FieldErrors = {};
    const name = nameField(body, field, true, problems);
    if (!fieldsOk(res, problems) || name === undefined) return;
    const account = findAccount(ctx, res, name, errors);
    if (account) answer(ctx, account, res);
  };
}

function accounts(ctx: ServiceContext, body: Body, res: ServerResponse): void {
  const errors: FieldErrors = {};
  const name = nameField(body, 'name', false, errors);
  if (!fieldsOk(res, errors)) return;
  const data = ctx.mining.accounts
    .filter((a) => name === undefined || a.name === name)
    .map((a) => ({ name: a.name, createdAt: a.createdAt }));
  ok(res, { data, limit: 100, offset: 0 });
}

const minerInfo = withAccount('account', (ctx, account, res) => {
  const snap = account.fleet.snapshot(nowSec(ctx));
  const counts = account.stratumUrls.map(() => 0);
  for (const i of snap.connected) {
    const url = account.fleet.urlOf(i, counts.length);
    counts[url] = (counts[url] ?? 0) + 1;
  }
  ok(res, {
    data: {
      fee: account.fee,
      workers: { online: snap.online, offline: snap.offline, low: snap.low },
      stratum: account.stratumUrls.map((url, k) => ({ url, workersCount: counts[k] ?? 0 })),
    },
  });
});

function hashrate(ctx: ServiceContext, body: Body, res: ServerResponse): void {
  const errors: FieldErrors = {};
  const name = nameField(body, 'account', true, errors);
  const interval = intervalField(body, errors);
  if (!fieldsOk(res, errors) || name === undefined) return;
  const now = nowSec(ctx);
  const window = timestamps(body, now, res);
  if (!window) return;
  const account = findAccount(ctx, res, name, () => ({ account: ['Account not found'] }));
  if (!account) return;
  ok(res, { data: { account: account.name, hashrate: account.series(interval, window, now) } });
}

function workerNames(ctx: ServiceContext, body: Body, res: ServerResponse): void {
  const errors: FieldErrors = {};
  const name = nameField(body, 'account', true, errors);
  const { limit, offset } = pagingFields(body, 100, errors);
  if (!fieldsOk(res, errors) || name === undefined) return;
  const account = findAccount(ctx, res, name);
  if (!account) return;
  const connected = account.fleet.snapshot(nowSec(ctx)).connected;
  const workers = connected.slice(offset, offset + limit).map((i) => account.fleet.nameOf(i));
  ok(res, { data: { workers }, limit, offset });
}

function workerHashrate(ctx: ServiceContext, body: Body, res: ServerResponse): void {
  const errors: FieldErrors = {};
  const name = nameField(body, 'account', true, errors);
  const worker = nameField(body, 'worker', true, errors);
  const interval = intervalField(body, errors);
  if (!fieldsOk(res, errors) || name === undefined || worker === undefined) return;
  const now = nowSec(ctx);
  const window = timestamps(body, now, res);
  if (!window) return;
  const account = findAccount(ctx, res, name);
  if (!account) return;
  // A worker this account never had has no history (our choice: an empty series, not an error).
  const index = account.fleet.indexOf(worker);
  const hashrates = index === undefined ? [] : account.workerSeries(index, interval, window, now);
  ok(res, { data: { hashrates } });
}

function rewards(ctx: ServiceContext, body: Body, res: ServerResponse): void {
  const errors: FieldErrors = {};
  const name = nameField(body, 'account', false, errors);
  const { limit, offset } = pagingFields(body, 30, errors);
  if (!fieldsOk(res, errors)) return;
  const now = nowSec(ctx);
  const window = timestamps(body, now, res);
  if (!window) return;
  // The filter is not validated: an unknown or foreign account reads as "no rewards".
  const found = name === undefined ? ctx.mining.accounts : ctx.mining.accounts.filter((a) => a.name === name);
  ok(res, { offset, limit, data: rewardsPage(found, { ...window, limit, offset }, now) });
}

// Not wrapped in `data`, and the account field is `accountName`: both as documented.
const payoutDestination = withAccount(
  'accountName',
  (_ctx, account, res) => ok(res, { ...account.payout }),
  () => ({ user: ['Mining account not found.'] }),
);

const watcherLinks = withAccount('account', (ctx, account, res) => {
  ok(res, { data: ctx.mining.links(account.name, nowSec(ctx)) });
});

export const MINING_ROUTES: Readonly<Record<string, Route>> = Object.fromEntries(
  (
    [
      [MINING_PATHS.accounts, accounts],
      [MINING_PATHS.minerInfo, minerInfo],
      [MINING_PATHS.hashrate, hashrate],
      [MINING_PATHS.workerNames, workerNames],
      [MINING_PATHS.workerHashrate, workerHashrate],
      [MINING_PATHS.rewards, rewards],
      [MINING_PATHS.payoutDestination, payoutDestination],
      [MINING_PATHS.watcherLinks, watcherLinks],
    ] as const
  ).map(([path, handle]) => [path, signedRoute(path, handle)]),
);
