/**
 * Validation of Mining Pool request bodies, as the vendor documents it: HTTP 400 `Validation
 * failed` with one entry per bad field (paging errors as translation keys, e.g.
 * `validation.max.integer`), and HTTP 422 `Incorrect timestamp` for a bad `from`/`to`. Our
 * choices where the documents are silent: names in Laravel's words ("The account field is
 * required."); numbers must be JSON integers; a timestamp is bad when it is not a non-negative
 * integer, lies in the future, or `from` > `to`; unknown fields are ignored.
 */

export const NAME_MAX = 255;
export const INTERVALS: Readonly<Record<string, number>> = { '5m': 300, '1h': 3600, '24h': 86_400 };
export const DEFAULT_INTERVAL = '1h';

export type FieldErrors = Record<string, string[]>;
type Body = Record<string, unknown>;

/** A name field; `required` ones must be present and non-empty. */
export function nameField(
  body: Body,
  field: string,
  required: boolean,
  errors: FieldErrors,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) errors[field] = [`The ${field} field is required.`];
    return undefined;
  }
  if (typeof value !== 'string') {
    errors[field] = [`The ${field} must be a string.`];
    return undefined;
  }
  if ([...value].length > NAME_MAX) {
    errors[field] = [`The ${field} may not be greater than ${NAME_MAX} characters.`];
    return undefined;
  }
  return value;
}

/** Interval in seconds (default 1h). */
export function intervalField(body: Body, errors: FieldErrors): number {
  const value = body.interval ?? DEFAULT_INTERVAL;
  const seconds = typeof value === 'string' && Object.hasOwn(INTERVALS, value) ? INTERVALS[value] : undefined;
  if (seconds === undefined) {
    errors.interval = ['The selected interval is invalid.'];
    return INTERVALS[DEFAULT_INTERVAL]!;
  }
  return seconds;
}

/** `limit` 1–100 and `offset` 0–10000, with the vendor's translation keys. */
export function pagingFields(
  body: Body,
  defaultLimit: number,
  errors: FieldErrors,
): { limit: number; offset: number } {
  return {
    limit: integerField(body, 'limit', 1, 100, defaultLimit, errors),
    offset: integerField(body, 'offset', 0, 10_000, 0, errors),
  };
}

function integerField(
  body: Body,
  field: string,
  min: number,
  max: number,
  fallback: number,
  errors: FieldErrors,
): number {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) errors[field] = ['validation.integer'];
  else if (value < min) errors[field] = ['validation.min'];
  else if (value > max) errors[field] = [field === 'limit' ? 'validation.max.integer' : 'validation.max'];
  else return value;
  return fallback;
}

/** `{from, to}` when both (where given) are fine; undefined means 422 `Incorrect timestamp`. */
export function windowFields(body: Body, nowSec: number): { from?: number; to?: number } | undefined {
  const out: { from?: number; to?: number } = {};
  for (const field of ['from', 'to'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > nowSec)
      return undefined;
    out[field] = value;
  }
  if (out.from !== undefined && out.to !== undefined && out.from > out.to) return undefined;
  return out;
}
