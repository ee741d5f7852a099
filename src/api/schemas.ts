/**
 * Runtime validation of the three success responses (valibot), built from the parsing policy's
 * pieces (parse-policy.ts): only what the data means nothing without is required, and only its
 * absence fails an answer, as a `schema` error naming the field path, e.g.
 * `unexpected response: data.refresh_token is missing`. Everything else degrades and is
 * reported to the sink. Unknown fields are dropped. Values are never echoed (a token set holds
 * secrets).
 */
import * as v from 'valibot';
import { PooltopError } from '../errors/pooltop-error.js';
import {
  count,
  type DegradationSink,
  decimal,
  flag,
  nonEmptyText,
  object,
  objectList,
  optional,
  settle,
  text,
  textList,
  unixSeconds,
} from './parse-policy.js';
import { parseHashRate } from '../format/hash-rate.js';
import type {
  FoundBlockJson,
  HashRatePointJson,
  PoolOverview,
  PoolOverviewJson,
  ReadSubAccount,
  SubAccountJson,
  SubAccountPage,
  TokenSet,
  TokenSetJson,
} from './types.js';

const BODY = 'must be a JSON object';
const ignore: DegradationSink = () => {};

const pointEntries = { timestamp: optional(unixSeconds()), hashrate: optional(decimal()) };
const blockEntries = { block_found_at: optional(unixSeconds()), block_height: optional(count()) };

/** In the order `pool --json` prints them. */
const overviewEntries = {
  connection_links: optional(textList()),
  location: optional(text()),
  assets: optional(textList()),
  reward_schemes: optional(textList()),
  workers: optional(count()),
  current_hash_rate: optional(decimal()),
  last7days_hash_rate: optional(objectList(pointEntries)),
  blocks: optional(
    objectList(blockEntries, {
      anyOf: ['block_height', 'block_found_at'],
      what: 'neither a height nor a time',
    }),
  ),
};

const poolResponse = v.object({ data: v.object(overviewEntries, 'must be an object') }, BODY);

/** The camelCase names of the older documentation and of the live API in 2025. */
const CAMEL_OVERVIEW: Readonly<Record<string, string>> = {
  connectionLinks: 'connection_links',
  rewardSchemes: 'reward_schemes',
  currentHashRate: 'current_hash_rate',
  last7daysHashRate: 'last7days_hash_rate',
};
const CAMEL_BLOCK: Readonly<Record<string, string>> = {
  blockFoundAt: 'block_found_at',
  blockHeight: 'block_height',
};

const subAccountEntries = {
  id: optional(nonEmptyText()),
  alias: optional(text()),
  userId: optional(text()),
  email: optional(text()),
  status: optional(text()),
  color: optional(text()),
  kyc: optional(object({ shareKyc: optional(flag()), kycStatus: optional(text()) })),
  permissions: optional(object({ spotEnabled: optional(flag()), collateralEnabled: optional(flag()) })),
};

const subAccountPageSchema = v.object(
  {
    offset: optional(count()),
    limit: optional(count()),
    data: objectList(subAccountEntries, { anyOf: ['id'], what: 'no id' }),
  },
  BODY,
);

const tokenEntries = {
  access_token: nonEmptyText(),
  expires_in: optional(count()),
  refresh_token: nonEmptyText(),
  scope: optional(text()),
  token_type: optional(text()),
};
const tokenResponseSchema = v.object({ data: v.object(tokenEntries, 'must be an object') }, BODY);
const rotatedSchema = v.object({ data: v.object({ refresh_token: nonEmptyText() }) });

type Schema<T> = v.GenericSchema<unknown, T>;

/**
 * Runs `schema` over a response body; the first issue becomes a `schema` error naming its field
 * path, and each degradation the policy allowed goes to `report`.
 */
export function parse<T>(schema: Schema<T>, input: unknown, report: DegradationSink = ignore): T {
  if (!isObject(input)) {
    throw new PooltopError('schema', `unexpected response: body ${BODY}`, { fields: { body: [BODY] } });
  }
  const result = v.safeParse(schema, input);
  if (result.success) return settle(result.output, report);
  const issue = result.issues[0];
  const path = formatPath(issue.path);
  const problem = issue.input === undefined && issue.kind === 'schema' ? 'is missing' : issue.message;
  const where = path === '' ? 'body' : path;
  throw new PooltopError('schema', `unexpected response: ${where} ${problem}`, {
    fields: { [where]: [problem] },
    detail: result.issues
      .slice(0, 10)
      .map((i) => `${formatPath(i.path) || 'body'}: ${i.message}`)
      .join('\n'),
  });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function formatPath(path: readonly { key: unknown }[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Parses a success body's text; non-JSON is a schema error too. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PooltopError('schema', 'unexpected response: body is not JSON', {
      detail: `${text.length} bytes, not JSON`,
    });
  }
}

/** `value` with each key of `names` renamed, unless the new name is present too (it wins). */
export function renamed(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [from, to] of Object.entries(names)) {
    if (from in out && !(to in out)) out[to] = out[from];
    delete out[from];
  }
  return out;
}

/**
 * The three known shapes of the overview (a snake_case object, a camelCase object, a camelCase
 * one-element array under `data`) as the snake_case body; field values are left as they came.
 */
function snakeOverviewBody(body: unknown, report: DegradationSink): unknown {
  if (!isObject(body)) return body;
  let data = body.data;
  if (Array.isArray(data)) {
    if (data.length === 0) {
      throw new PooltopError('schema', 'unexpected response: data holds no pool overview', {
        fields: { data: ['holds no pool overview'] },
      });
    }
    if (data.length > 1)
      report({ path: 'data', problem: `holds ${data.length} pool overviews; the first is shown` });
    data = data[0];
  }
  const overview = renamed(data, CAMEL_OVERVIEW);
  if (isObject(overview) && Array.isArray(overview.blocks)) {
    overview.blocks = overview.blocks.map((b) => renamed(b, CAMEL_BLOCK));
  }
  return { ...body, data: overview };
}

/**
 * `previous`, the overview read before this one: when this body's hash-rate history is, point for
 * point, the one `previous` holds, that history is taken as it was read instead of read again.
 * The history (169 hourly points) changes once an hour; reading it was most of the work of
 * reading an overview, once a poll.
 */
export function parsePoolOverview(
  body: unknown,
  report: DegradationSink = ignore,
  previous?: PoolOverview,
): PoolOverview {
  const snake = snakeOverviewBody(body, report);
  const kept = previous?.received.last7days_hash_rate;
  if (
    previous &&
    kept &&
    isObject(snake) &&
    isObject(snake.data) &&
    sameHistory(snake.data.last7days_hash_rate, kept)
  ) {
    // An empty history to read (a missing one would be reported as missing).
    const data = { ...snake.data, last7days_hash_rate: [] };
    const wire: PoolOverviewJson = parse(poolResponse, { ...snake, data }, report).data;
    wire.last7days_hash_rate = kept;
    if (wire.blocks) wire.blocks = sortBlocks(wire.blocks);
    return poolOverviewModel(wire, previous.last7daysHashRate);
  }
  const wire: PoolOverviewJson = parse(poolResponse, snake, report).data;
  if (wire.last7days_hash_rate) wire.last7days_hash_rate = sortHistory(wire.last7days_hash_rate);
  if (wire.blocks) wire.blocks = sortBlocks(wire.blocks);
  return poolOverviewModel(wire);
}

/**
 * `raw` (as received) holds exactly the points of `read` (as read, sorted), each with both its
 * fields: a point missing one (or null), or one that reading changed or left out, was reported as degraded,
 * and is read (and reported) again.
 */
function sameHistory(raw: unknown, read: readonly HashRatePointJson[]): boolean {
  if (!Array.isArray(raw) || raw.length !== read.length) return false;
  for (let i = 0; i < raw.length; i++) {
    const r: unknown = raw[i];
    const p = read[i];
    if (!isObject(r) || p?.timestamp == null || p.hashrate == null) return false;
    if (r.timestamp !== p.timestamp || r.hashrate !== p.hashrate) return false;
  }
  return true;
}

/**
 * The model of an overview read in its wire shape. Hash rates become doubles: the pool's rate is
 * near 2e17 H/s with some 34 significant digits, of which a double keeps 15 to 17 — far more than
 * the 3 ever shown or compared against a threshold; the exact text stays in `received`.
 */
export function poolOverviewModel(
  wire: PoolOverviewJson,
  /** The history as read from these same points before (parsePoolOverview's `previous`). */
  history?: PoolOverview['last7daysHashRate'],
): PoolOverview {
  return {
    connectionLinks: wire.connection_links ?? null,
    location: wire.location ?? null,
    assets: wire.assets ?? null,
    rewardSchemes: wire.reward_schemes ?? null,
    workers: wire.workers ?? null,
    currentHashRate: parseHashRate(wire.current_hash_rate) ?? null,
    last7daysHashRate:
      history ??
      wire.last7days_hash_rate?.map((p) => ({
        timestamp: p.timestamp ?? null,
        hashrate: parseHashRate(p.hashrate) ?? null,
      })) ??
      null,
    blocks:
      wire.blocks?.map((b) => ({
        blockFoundAt: b.block_found_at ?? null,
        blockHeight: b.block_height ?? null,
      })) ?? null,
    received: wire,
  };
}

export function parseSubAccountPage(body: unknown, report: DegradationSink = ignore): SubAccountPage {
  const wire = parse(subAccountPageSchema, body, report);
  return { offset: wire.offset ?? null, limit: wire.limit ?? null, data: wire.data.map(subAccountModel) };
}

/** The model of a sub-account read in its wire shape. */
export function subAccountModel(wire: SubAccountJson): ReadSubAccount {
  const { kyc, permissions } = wire;
  return {
    id: wire.id ?? null,
    alias: wire.alias ?? null,
    userId: wire.userId ?? null,
    email: wire.email ?? null,
    status: wire.status ?? null,
    color: wire.color ?? null,
    kyc: kyc ? { shareKyc: kyc.shareKyc ?? null, kycStatus: kyc.kycStatus ?? null } : null,
    permissions: permissions
      ? {
          spotEnabled: permissions.spotEnabled ?? null,
          collateralEnabled: permissions.collateralEnabled ?? null,
        }
      : null,
    received: wire,
  };
}

export function parseTokenSet(body: unknown, report: DegradationSink = ignore): TokenSet {
  return tokenSetModel(parse(tokenResponseSchema, body, report).data);
}

/** The model of a token set read in its wire shape. */
export function tokenSetModel(wire: TokenSetJson): TokenSet {
  return {
    accessToken: wire.access_token,
    refreshToken: wire.refresh_token,
    expiresIn: wire.expires_in ?? null,
    scope: wire.scope ?? null,
    tokenType: wire.token_type ?? null,
    received: wire,
  };
}

/** The new refresh token of a refresh answer, if one can be read, whatever else the answer holds. */
export function rotatedRefreshToken(body: unknown): string | undefined {
  const result = v.safeParse(rotatedSchema, body);
  return result.success ? result.output.data.refresh_token : undefined;
}

/** Oldest first; points without a time last. */
function sortHistory(points: HashRatePointJson[]): HashRatePointJson[] {
  const at = (p: HashRatePointJson) => p.timestamp ?? Number.POSITIVE_INFINITY;
  return [...points].sort((a, b) => compareDesc(at(b), at(a)));
}

/** Newest first (by time found, then by height); blocks without a time after those with one. */
function sortBlocks(blocks: FoundBlockJson[]): FoundBlockJson[] {
  const at = (b: FoundBlockJson) => b.block_found_at ?? Number.NEGATIVE_INFINITY;
  const height = (b: FoundBlockJson) => b.block_height ?? Number.NEGATIVE_INFINITY;
  return [...blocks].sort((a, b) => compareDesc(at(a), at(b)) || compareDesc(height(a), height(b)));
}

/** Descending order that treats two infinities as equal (their difference is NaN). */
function compareDesc(a: number, b: number): number {
  return a === b ? 0 : b > a ? 1 : -1;
}
