/**
 * Checks on an oversight query before anything is signed or sent: ids are UUIDs (a key id too,
 * our reading of the vendor's example), `limit` 1–100, `offset` 0–10,000, and for transfers
 * `offset + limit` ≤ 10,000 (the API's reach). One `validation` error names every bad field,
 * never a value.
 */
import { PooltopError } from '../errors/pooltop-error.js';
import { TRANSFER_DIRECTIONS } from './oversight-types.js';
import { UUID } from './request-checks.js';
import { LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from './types.js';

export type OversightFields = Record<string, string | number | undefined>;

interface CheckSpec {
  /** Id fields: the name sent, and whether it must be there. */
  ids: readonly { name: string; required: boolean }[];
  paged: boolean;
  /** `offset + limit` must stay within the API's reach. */
  capped?: boolean;
  direction?: boolean;
  what: string;
  defaultLimit: number;
}

export function checkOversightQuery(query: object, spec: CheckSpec): OversightFields {
  const q = query as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  const fields: OversightFields = {};
  for (const { name, required } of spec.ids) {
    const value = q[name];
    if (value === undefined || value === '') {
      if (required) problems[name] = ['is required'];
    } else if (typeof value !== 'string' || !UUID.test(value)) problems[name] = ['must be a UUID'];
    else fields[name] = value;
  }
  if (spec.direction && q.direction !== undefined) {
    if ((TRANSFER_DIRECTIONS as readonly unknown[]).includes(q.direction))
      fields.direction = q.direction as string;
    else problems.direction = [`must be ${TRANSFER_DIRECTIONS.join(' or ')}`];
  }
  if (spec.paged) {
    const limit = q.limit ?? spec.defaultLimit;
    const offset = q.offset ?? OFFSET_MIN;
    if (!isInt(limit, LIMIT_MIN, LIMIT_MAX))
      problems.limit = [`must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`];
    else fields.limit = limit;
    if (!isInt(offset, OFFSET_MIN, OFFSET_MAX))
      problems.offset = [`must be an integer from ${OFFSET_MIN} to ${OFFSET_MAX}`];
    else fields.offset = offset;
    if (
      spec.capped &&
      isInt(limit, 1, LIMIT_MAX) &&
      isInt(offset, 0, OFFSET_MAX) &&
      offset + limit > OFFSET_MAX
    ) {
      problems.offset = [`plus limit must be at most ${OFFSET_MAX}`];
    }
  }
  const entries = Object.entries(problems);
  if (entries.length > 0) {
    const text = entries.map(([field, [message]]) => `${field} ${message}`).join('; ');
    throw new PooltopError('validation', `invalid ${spec.what} query: ${text}`, { fields: problems });
  }
  return fields;
}

function isInt(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
