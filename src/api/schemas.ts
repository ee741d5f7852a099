/**
 * Runtime validation of the three success responses (valibot). Unknown fields are dropped; a
 * mismatch is a `schema` error naming the field path, e.g.
 * `unexpected response: data.workers must be a non-negative integer`. Values are never echoed
 * (a token set holds secrets).
 */
import * as v from 'valibot';
import { PooltopError } from '../errors/pooltop-error.js';
import type { FoundBlock, HashRatePoint, PoolOverview, SubAccountPage, TokenSet } from './types.js';

/** Larger values are millisecond timestamps (1e11 s is the year 5138). */
const MAX_UNIX_SECONDS = 1e11;

const str = () => v.string('must be a string');
const strList = () => v.array(str(), 'must be an array of strings');
const bool = () => v.boolean('must be a boolean');
const count = () =>
  v.pipe(
    v.number('must be a number'),
    v.safeInteger('must be a non-negative integer'),
    v.minValue(0, 'must be a non-negative integer'),
  );
const unixSeconds = () =>
  v.pipe(
    v.number('must be a number'),
    v.safeInteger('must be an integer number of seconds'),
    v.minValue(0, 'must not be negative'),
    v.maxValue(MAX_UNIX_SECONDS, 'must be Unix seconds, not milliseconds'),
  );
/** H/s: a finite non-negative decimal number carried as a string, kept exactly as received. */
const decimal = () =>
  v.pipe(
    v.string('must be a decimal string'),
    v.check((s) => /^\d{1,64}(?:\.\d{1,64})?$/.test(s), 'must be a non-negative decimal number'),
  );
const nonEmpty = () => v.pipe(str(), v.minLength(1, 'must not be empty'));

const pointSchema = v.object({ timestamp: unixSeconds(), hashrate: decimal() });

const snakeOverview = {
  connection_links: strList(),
  location: str(),
  assets: strList(),
  reward_schemes: strList(),
  workers: count(),
  current_hash_rate: decimal(),
  last7days_hash_rate: v.array(pointSchema, 'must be an array'),
  blocks: v.array(v.object({ block_found_at: unixSeconds(), block_height: count() }), 'must be an array'),
};

/** Older vendor documentation: the same object in camelCase, inside a one-element array. */
const camelOverview = {
  connectionLinks: strList(),
  location: str(),
  assets: strList(),
  rewardSchemes: strList(),
  workers: count(),
  currentHashRate: decimal(),
  last7daysHashRate: v.array(pointSchema, 'must be an array'),
  blocks: v.array(v.object({ blockFoundAt: unixSeconds(), blockHeight: count() }), 'must be an array'),
};

const BODY = 'must be a JSON object';
const poolSnakeResponse = v.object({ data: v.object(snakeOverview, 'must be an object') }, BODY);
const poolCamelResponse = v.object(
  {
    data: v.pipe(
      v.array(v.object(camelOverview, 'must be an object')),
      v.length(1, 'must hold exactly one pool overview'),
    ),
  },
  BODY,
);

/** `#RRGGBB`; anything else becomes `''` (no colour) rather than failing the whole list. */
const color = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((c) => (typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c) ? c : '')),
);

const subAccountSchema = v.object({
  id: nonEmpty(),
  alias: str(),
  userId: str(),
  email: str(),
  status: str(),
  color,
  kyc: v.object({ shareKyc: bool(), kycStatus: str() }, 'must be an object'),
  permissions: v.object({ spotEnabled: bool(), collateralEnabled: bool() }, 'must be an object'),
});

const subAccountPageSchema = v.object(
  { offset: count(), limit: count(), data: v.array(subAccountSchema, 'must be an array') },
  BODY,
);

const tokenResponseSchema = v.object(
  {
    data: v.object(
      {
        access_token: nonEmpty(),
        expires_in: count(),
        refresh_token: nonEmpty(),
        scope: str(),
        token_type: nonEmpty(),
      },
      'must be an object',
    ),
  },
  BODY,
);

type Schema<T> = v.GenericSchema<unknown, T>;

function parse<T>(schema: Schema<T>, input: unknown): T {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new PooltopError('schema', `unexpected response: body ${BODY}`, { fields: { body: [BODY] } });
  }
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
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

export function parsePoolOverview(body: unknown): PoolOverview {
  const isLegacy =
    body !== null && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data);
  let overview: PoolOverview;
  if (isLegacy) {
    const c = parse(poolCamelResponse, body).data[0]!;
    overview = {
      connection_links: c.connectionLinks,
      location: c.location,
      assets: c.assets,
      reward_schemes: c.rewardSchemes,
      workers: c.workers,
      current_hash_rate: c.currentHashRate,
      last7days_hash_rate: c.last7daysHashRate,
      blocks: c.blocks.map((b) => ({ block_found_at: b.blockFoundAt, block_height: b.blockHeight })),
    };
  } else {
    overview = parse(poolSnakeResponse, body).data;
  }
  return {
    ...overview,
    last7days_hash_rate: sortHistory(overview.last7days_hash_rate),
    blocks: sortBlocks(overview.blocks),
  };
}

export function parseSubAccountPage(body: unknown): SubAccountPage {
  return parse(subAccountPageSchema, body);
}

export function parseTokenSet(body: unknown): TokenSet {
  return parse(tokenResponseSchema, body).data;
}

/** Oldest first. */
function sortHistory(points: HashRatePoint[]): HashRatePoint[] {
  return [...points].sort((a, b) => a.timestamp - b.timestamp);
}

/** Newest first (by time found, then by height). */
function sortBlocks(blocks: FoundBlock[]): FoundBlock[] {
  return [...blocks].sort((a, b) => b.block_found_at - a.block_found_at || b.block_height - a.block_height);
}
