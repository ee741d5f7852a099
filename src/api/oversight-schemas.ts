/**
 * Reading the oversight answers into the models of oversight-types.ts under the parsing policy
 * (parse-policy.ts): every field may be missing, null or of the other accepted form (a number as
 * text, a flag as "true"/1); one odd item degrades its own row. `data` left out, null or sent as
 * PHP's empty `{}` means no rows. A key's `apiSecret` is read only as "was something there": its
 * value is dropped here, before any model holds it.
 */
import * as v from 'valibot';
import type {
  KeyEndpoint,
  OversightPage,
  SubAccountApiKey,
  Transfer,
  UnconfirmedWithdrawal,
} from './oversight-types.js';
import {
  count,
  type DegradationSink,
  decimal,
  flag,
  object,
  optional,
  text,
  textList,
  unixSeconds,
} from './parse-policy.js';
import type { AskedPage } from './mining-schemas.js';
import { isObject, parse } from './schemas.js';

const pageEcho = { limit: optional(count()), offset: optional(count()) };
/** A list whose items that are not objects are left out (a null one kept for dropping). */
const list = <E extends v.ObjectEntries>(entries: E) => v.array(optional(object(entries)), 'must be a list');

const endpointEntries = { name: optional(text()), title: optional(text()) };
const keyEntries = {
  id: optional(text()),
  subAccountId: optional(text()),
  title: optional(text()),
  isEnabled: optional(flag()),
  apiKey: optional(text()),
  apiSecret: optional(v.unknown()),
  type: optional(text()),
  lastActivity: optional(unixSeconds()),
  restrictAccess: optional(flag()),
  accessEndpoints: optional(list(endpointEntries)),
};
const keysSchema = v.object({ data: list(keyEntries), ...pageEcho });
const ipsSchema = v.object({ data: textList() });

const transferEntries = {
  transaction_id: optional(text()),
  id: optional(text()),
  direction: optional(text()),
  currency: optional(text()),
  amount: optional(decimal()),
  createdAt: optional(unixSeconds()),
};
const transfersSchema = v.object({ data: list(transferEntries), ...pageEcho });

const withdrawalEntries = {
  id: optional(text()),
  subAccountId: optional(text()),
  currency: optional(text()),
  amount: optional(decimal()),
  createdAt: optional(unixSeconds()),
};
const withdrawalsSchema = v.object({ data: list(withdrawalEntries), ...pageEcho });

/** `body` with an absent, null or `{}` `data` as an empty list. */
function prepared(body: unknown): unknown {
  if (!isObject(body)) return body;
  const data = body.data;
  const empty = data == null || (isObject(data) && Object.keys(data).length === 0);
  return empty ? { ...body, data: [] } : body;
}

function page<T>(items: T[], echo: { limit?: number | null; offset?: number | null }, asked: AskedPage) {
  // An echoed limit above the one asked for is a server ignoring it: the page held no more.
  const limit = Math.min(echo.limit ?? asked.limit, asked.limit);
  return { items, limit, offset: echo.offset ?? asked.offset } satisfies OversightPage<T>;
}

const present = <T>(item: T | null | undefined): item is T => item != null;
const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

export function parseApiKeys(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): OversightPage<SubAccountApiKey> {
  const out = parse(keysSchema, prepared(body), report);
  const keys = out.data.filter(present).map(
    (k): SubAccountApiKey => ({
      id: orNull(k.id),
      subAccountId: orNull(k.subAccountId),
      title: orNull(k.title),
      isEnabled: orNull(k.isEnabled),
      apiKey: orNull(k.apiKey),
      secretPresent: k.apiSecret != null && k.apiSecret !== '',
      type: orNull(k.type),
      lastActivity: k.lastActivity ? k.lastActivity : null,
      restrictAccess: orNull(k.restrictAccess),
      accessEndpoints: (k.accessEndpoints ?? [])
        .filter(present)
        .map((e): KeyEndpoint => ({ name: orNull(e.name), title: orNull(e.title) })),
    }),
  );
  return page(keys, out, asked);
}

export function parseIpAddresses(body: unknown, report?: DegradationSink): string[] {
  return parse(ipsSchema, prepared(body), report).data.filter((ip) => ip !== '');
}

export function parseTransfers(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): OversightPage<Transfer> {
  const out = parse(transfersSchema, prepared(body), report);
  const transfers = out.data.filter(present).map(
    (t): Transfer => ({
      id: t.transaction_id ?? t.id ?? null,
      direction: orNull(t.direction),
      currency: orNull(t.currency),
      amount: orNull(t.amount),
      createdAt: orNull(t.createdAt),
    }),
  );
  return page(transfers, out, asked);
}

export function parseWithdrawals(
  body: unknown,
  asked: AskedPage,
  report?: DegradationSink,
): OversightPage<UnconfirmedWithdrawal> {
  const out = parse(withdrawalsSchema, prepared(body), report);
  const rows = out.data.filter(present).map(
    (w): UnconfirmedWithdrawal => ({
      id: orNull(w.id),
      subAccountId: orNull(w.subAccountId),
      currency: orNull(w.currency),
      amount: orNull(w.amount),
      createdAt: orNull(w.createdAt),
    }),
  );
  return page(rows, out, asked);
}
