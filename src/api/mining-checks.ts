/**
 * Checks on a Mining Pool query before anything is signed or sent: names of at most 255
 * characters, interval 5m/1h/24h, from/to whole Unix seconds not in the future with from ≤ to,
 * limit 1–100, offset 0–10000. Every problem is named in one line; values are never echoed.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { MINING_INTERVALS, MINING_NAME_MAX } from './mining-types.js';
import { LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from './types.js';

/** The body fields actually sent. */
export type MiningFields = Record<string, string | number | undefined>;

const NAME_FIELDS = ['name', 'account', 'worker'] as const;
type NameField = (typeof NAME_FIELDS)[number];

export interface MiningCheckOptions {
  /** Name fields that must be present. */
  required?: readonly NameField[];
  /** Clock, ms: `from`/`to` may not be later than its second. */
  nowMs: number;
  /** How a field is named in the message: `from` for the client, `--from` for the command line. */
  label?: (field: string) => string;
  /** Start of the message; default `invalid mining query: `. */
  prefix?: string;
}

/** Returns the fields to send (undefined ones are left out by the signer) or throws one `validation` error. */
export function checkMiningQuery(query: object, opts: MiningCheckOptions): MiningFields {
  const q = query as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  const fields: MiningFields = {};
  const fail = (field: string, message: string) => {
    problems[field] = [message];
  };

  for (const field of NAME_FIELDS) {
    const value = q[field];
    if (value === undefined || value === '') {
      if (opts.required?.includes(field)) fail(field, 'is required');
    } else if (typeof value !== 'string') fail(field, 'must be a string');
    else if ([...value].length > MINING_NAME_MAX)
      fail(field, `must be at most ${MINING_NAME_MAX} characters`);
    else fields[field] = value;
  }

  if (q.interval !== undefined) {
    if ((MINING_INTERVALS as readonly unknown[]).includes(q.interval)) fields.interval = q.interval as string;
    else
      fail('interval', `must be ${MINING_INTERVALS.slice(0, -1).join(', ')} or ${MINING_INTERVALS.at(-1)}`);
  }

  const nowSec = Math.floor(opts.nowMs / 1000);
  for (const field of ['from', 'to'] as const) {
    const value = q[field];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      fail(field, 'must be a whole number of Unix seconds, 0 or more');
    } else if (value > nowSec) fail(field, 'is in the future');
    else fields[field] = value;
  }
  if (typeof fields.from === 'number' && typeof fields.to === 'number' && fields.from > fields.to) {
    fail('from', `must not be later than ${(opts.label ?? String)('to')}`);
  }

  checkInteger(q, 'limit', LIMIT_MIN, LIMIT_MAX, fields, fail);
  checkInteger(q, 'offset', OFFSET_MIN, OFFSET_MAX, fields, fail);

  const entries = Object.entries(problems);
  if (entries.length > 0) {
    const label = opts.label ?? String;
    const text = entries.map(([field, [message]]) => `${label(field)} ${message}`).join('; ');
    throw new PooltopError('validation', `${opts.prefix ?? 'invalid mining query: '}${text}`, {
      fields: problems,
    });
  }
  return fields;
}

function checkInteger(
  q: Record<string, unknown>,
  field: 'limit' | 'offset',
  min: number,
  max: number,
  fields: MiningFields,
  fail: (field: string, message: string) => void,
): void {
  const value = q[field];
  if (value === undefined) return;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
    fields[field] = value;
  else fail(field, `must be an integer from ${min} to ${max}`);
}
