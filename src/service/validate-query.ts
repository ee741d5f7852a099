/**
 * Validation of the sub-account list body, Laravel-style messages, one entry per bad field.
 * Our choices: numbers must be JSON integers (no numeric strings, no null); `search` is trimmed
 * and may not exceed 255 characters; unknown fields are ignored.
 */
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from '../api/types.js';

export const SEARCH_MAX = 255;

export interface ListQuery {
  search: string;
  limit: number;
  offset: number;
}

export type QueryResult = { ok: true; query: ListQuery } | { ok: false; errors: Record<string, string[]> };

export function validateListQuery(body: Record<string, unknown>): QueryResult {
  const errors: Record<string, string[]> = {};
  const limit = integerField(body, 'limit', LIMIT_MIN, LIMIT_MAX, LIMIT_DEFAULT, errors);
  const offset = integerField(body, 'offset', OFFSET_MIN, OFFSET_MAX, 0, errors);
  let search = '';
  if (body.search !== undefined) {
    if (typeof body.search !== 'string') {
      errors.search = ['The search must be a string.'];
    } else if (body.search.length > SEARCH_MAX) {
      errors.search = [`The search may not be greater than ${SEARCH_MAX} characters.`];
    } else {
      search = body.search.trim();
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { search, limit, offset } };
}

export function integerField(
  body: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number,
  errors: Record<string, string[]>,
): number {
  const value = body[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors[name] = [`The ${name} must be an integer.`];
  } else if (value < min) {
    errors[name] = [`The ${name} must be at least ${min}.`];
  } else if (value > max) {
    errors[name] = [`The ${name} may not be greater than ${max}.`];
  } else {
    return value;
  }
  return fallback;
}
